import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { media } from '../../../web/ui/theme';

const Links = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

const LoginLink = styled(Link)`
  padding: ${({ theme }) => theme.buttonPadding};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 700;
  white-space: nowrap;
  /* The drawer offers login too; the narrowest phones keep only the register call in the top bar. */
  ${media.narrow} {
    display: none;
  }
`;

const RegisterLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  text-decoration: none;
  font-weight: 700;
  white-space: nowrap;
`;

/** The visitor's side of the top bar: login and register. */
export function VisitorLinks() {
  const { t } = useTranslation('auth');
  return (
    <Links>
      <LoginLink href="/login">{t('visitor.login')}</LoginLink>
      <RegisterLink href="/register">{t('visitor.register')}</RegisterLink>
    </Links>
  );
}
