import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import styled from 'styled-components';
import type { Operator } from '../../contract/admin';
import { Button } from '../../web/ui/Button';
import { ADMIN_LANGUAGES, ADMIN_LANGUAGE_NAMES } from '../i18n';
import type { ConsolePage } from './consolePages';

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

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 8px 16px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    padding: 8px 12px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    border-bottom: 2px solid transparent;
  }
  a[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

const Main = styled.main`
  padding: 16px;
`;

/** A page's own address or one below it (a withdrawal's detail is within withdrawals). */
const isWithin = (location: string, path: string) => location === path || location.startsWith(`${path}/`);

interface AdminLayoutProps {
  operator: Operator;
  pages: readonly ConsolePage[];
  onLogout: () => void;
  children: ReactNode;
}

/** The console's frame: its top bar (who is signed in, the language, logout) and the pages this operator may open, above the page. */
export function AdminLayout({ operator, pages, onLogout, children }: AdminLayoutProps) {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
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
      {pages.length > 0 && (
        <Nav aria-label={t('nav.label')}>
          {pages.map((page) => (
            <Link key={page.path} href={page.path} aria-current={isWithin(location, page.path) ? 'page' : undefined}>
              {t(page.label)}
            </Link>
          ))}
        </Nav>
      )}
      <Main>{children}</Main>
    </>
  );
}
