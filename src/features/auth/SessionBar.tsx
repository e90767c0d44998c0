import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { media } from '../../ui/theme';
import { AccountMenu } from './AccountMenu';
import { VisitorLinks } from './VisitorLinks';
import { useSession } from './session';

const Area = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 8px;
`;

// Phones have the bottom app bar's deposit button instead.
const DepositLink = styled(Link)`
  display: none;
  ${media.aboveTablet} {
    display: inline-flex;
  }
  align-items: center;
  min-height: 40px;
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  text-decoration: none;
  font-weight: 700;
`;

/**
 * The player's part of the top bar (SPEC.md section 2): visitors see login and register, players a
 * deposit button and their account menu. While the session (or, right after login, the player
 * info) is loading it shows neither.
 */
export function SessionBar({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  if (session.status === 'loggedOut') {
    return (
      <Area>
        <VisitorLinks />
      </Area>
    );
  }
  if (session.status === 'loggedIn' && session.player) {
    return (
      <Area>
        <DepositLink href="/player/deposit">{t('menu.deposit')}</DepositLink>
        <AccountMenu onChangePassword={onChangePassword} />
      </Area>
    );
  }
  return null;
}
