import { Suspense, useCallback, useState } from 'react';
import styled, { css } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { media } from '../../../web/ui/theme';
import { Icon, type IconName } from './icons';
import { lazyPart } from '../lazyPage';

// Opened by a tap, never on the first screen: its code (and the contact links') is a chunk of its own.
const ContactSheet = lazyPart(() => import(/* webpackChunkName: "contact-sheet" */ './ContactSheet'), 'ContactSheet');

const Bar = styled.nav`
  display: none;
  ${media.phone} {
    display: grid;
  }
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 800;
  grid-template-columns: repeat(5, 1fr);
  align-items: end;
  height: 64px;
  padding: 0 4px env(safe-area-inset-bottom);
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 -6px 18px rgba(0, 0, 0, 0.4);
`;

const itemCss = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  height: 60px;
  padding: 0;
  border: 0;
  background: transparent;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
`;

const Item = styled(Link)`
  ${itemCss}
  color: ${({ theme }) => theme.colors.text};
`;

const ItemButton = styled.button`
  ${itemCss}
  color: ${({ theme }) => theme.colors.text};
`;

const Centre = styled(Link)`
  justify-self: center;
  align-self: start;
  margin-top: -22px;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: radial-gradient(circle at 35% 30%, #ffe08a, ${({ theme }) => theme.colors.primary} 65%);
  color: ${({ theme }) => theme.colors.onPrimary};
  border: 4px solid ${({ theme }) => theme.colors.accent};
  box-shadow: 0 6px 18px rgba(245, 197, 66, 0.35);
`;

function BarLink({ href, icon, label }: { href: string; icon: IconName; label: string }) {
  return (
    <Item href={href}>
      <Icon name={icon} />
      {label}
    </Item>
  );
}

/**
 * Only on phones, 576 px wide or less: deposit and withdraw on the left, the
 * round game button in the centre, bank and contact us on the right.
 */
export function BottomAppBar() {
  const { t } = useTranslation('shell');
  const [contactOpen, setContactOpen] = useState(false);
  const closeContact = useCallback(() => setContactOpen(false), []);
  return (
    <>
      <Bar data-testid="bottom-app-bar" aria-label={t('bottomBar.label')}>
        <BarLink href="/player/deposit" icon="deposit" label={t('bottomBar.deposit')} />
        <BarLink href="/player/withdraw" icon="withdraw" label={t('bottomBar.withdraw')} />
        <Centre
          href="/player/game/askmebet?tab=Slot"
          aria-label={t('bottomBar.game')}
          title={t('bottomBar.game')}
          data-testid="bottom-bar-game"
        >
          <Icon name="game" size={30} />
        </Centre>
        <BarLink href="/player/bank" icon="bank" label={t('bottomBar.bank')} />
        <ItemButton type="button" aria-haspopup="dialog" aria-expanded={contactOpen} onClick={() => setContactOpen(true)}>
          <Icon name="contact" />
          {t('bottomBar.contactUs')}
        </ItemButton>
      </Bar>
      {contactOpen && (
        <Suspense fallback={null}>
          <ContactSheet onClose={closeContact} />
        </Suspense>
      )}
    </>
  );
}
