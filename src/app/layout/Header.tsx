import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { Logo } from '../../../web/ui/Logo';
import { media } from '../../../web/ui/theme';
import { Icon } from './icons';
import type { ShellSession } from './session';
import { lazyPart } from '../lazyPage';

// The menus' lists open only when asked for: their code is a chunk of its own, and until it is in
// the server's HTML of their buttons stays as it is.
const ContactMenu = lazyPart(() => import(/* webpackChunkName: "header-menus" */ './ContactMenu'), 'ContactMenu');
const LanguageMenu = lazyPart(() => import(/* webpackChunkName: "header-menus" */ './LanguageMenu'), 'LanguageMenu');

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 900;
  background: rgba(15, 17, 21, 0.96);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.35);
`;

const Inner = styled.nav`
  max-width: 1080px;
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 8px 16px;
  ${media.phone} {
    gap: 6px;
    padding: 8px 10px;
  }
`;

const MenuButton = styled.button`
  width: 40px;
  height: 40px;
  display: inline-grid;
  place-items: center;
  flex: none;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  letter-spacing: 0.02em;
`;

// Below a laptop the logo alone names the site, leaving room for the account and language menus.
const Wordmark = styled.span`
  ${media.tabletDown} {
    display: none;
  }
`;

const Spacer = styled.span`
  flex: 1;
`;

// The account area gives way first: the display name shortens rather than push the bar wider than the screen.
const Area = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
`;

// Contact us is in the drawer too; on the narrowest phones the top bar leaves it there.
const Contact = styled.div`
  display: flex;
  ${media.narrow} {
    display: none;
  }
`;

const DepositButton = styled(Link)`
  min-height: 40px;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: ${({ theme }) => theme.buttonPadding};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;
  ${media.phone} {
    display: none;
  }
`;

export interface HeaderProps {
  session: ShellSession;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  /** The visitor's login and register links (accounts feature), once the session is known to be logged out. */
  visitorArea?: ReactNode;
  /** The player's account menu (display name, change password, logout: accounts feature), once logged in. */
  playerArea?: ReactNode;
}

/**
 * The top navigation bar: the drawer's menu button, the logo to /, the
 * player's deposit button on screens wider than a phone, the account area, contact us and the
 * language. While the session is unknown it shows neither the visitor's nor the player's items.
 * It compacts rather than spill from 320 px up: the wordmark, the deposit button, contact us and the
 * visitor's login link leave it on narrower screens (each is in the drawer or the bottom bar), the
 * language shows as its short name and the player's name shortens.
 */
export function Header({ session, drawerOpen, onOpenDrawer, visitorArea, playerArea }: HeaderProps) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  return (
    <Bar>
      <Inner aria-label={t('topBar.label')}>
        <MenuButton
          type="button"
          aria-label={t('topBar.openMenu')}
          title={t('topBar.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls="shell-drawer"
          onClick={onOpenDrawer}
          data-testid="open-drawer"
        >
          <Icon name="menu" />
        </MenuButton>
        <Brand href="/">
          <Logo size={36} label={tc('brand')} />
          <Wordmark aria-hidden="true">{tc('brand')}</Wordmark>
        </Brand>
        <Spacer />
        {session.status === 'loggedIn' && (
          <Area data-testid="player-area">
            <DepositButton href="/player/deposit" data-testid="top-bar-deposit">
              <Icon name="deposit" size={20} />
              {t('topBar.deposit')}
            </DepositButton>
            {playerArea}
          </Area>
        )}
        {session.status === 'loggedOut' && <Area data-testid="visitor-area">{visitorArea}</Area>}
        <Suspense fallback={null}>
          <Contact>
            <ContactMenu />
          </Contact>
          <LanguageMenu />
        </Suspense>
      </Inner>
    </Bar>
  );
}
