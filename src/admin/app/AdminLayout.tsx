import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Operator } from '../../contract/admin';
import { Button } from '../../ui/Button';
import { ADMIN_LANGUAGES, ADMIN_LANGUAGE_NAMES } from '../i18n';

const TopBar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.strong`
  margin-right: auto;
`;

const Main = styled.main`
  padding: 16px;
`;

/** The console's frame: its top bar (who is signed in, the language, logout) above the page. */
export function AdminLayout({ operator, onLogout, children }: { operator: Operator; onLogout: () => void; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <TopBar>
        <Title>{t('title')}</Title>
        <select aria-label={t('language')} value={i18n.language} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
          {ADMIN_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {ADMIN_LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <span>
          {operator.username} · {t(`topBar.role.${operator.role}`)}
        </span>
        <Button $variant="secondary" onClick={onLogout}>
          {t('topBar.logout')}
        </Button>
      </TopBar>
      <Main>{children}</Main>
    </>
  );
}
