import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { media } from '../../ui/theme';

const Wrapper = styled.footer`
  margin-top: 32px;
  padding: 24px 16px 96px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(3, 1fr);
  ${media.tabletDown} {
    grid-template-columns: 1fr;
  }
`;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Wrapper data-testid="footer">
      <span>© {t('brand')}</span>
    </Wrapper>
  );
}
