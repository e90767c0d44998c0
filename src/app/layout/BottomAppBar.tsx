import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link';
import { media } from '../../ui/theme';

const Bar = styled.nav`
  display: none;
  ${media.phone} {
    display: flex;
  }
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 800;
  justify-content: space-around;
  padding: 8px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Only on phones (576 px wide or less). */
export function BottomAppBar() {
  const { t } = useTranslation();
  return (
    <Bar data-testid="bottom-app-bar" aria-label={t('brand')}>
      <Link href="/player/deposit">{t('page.deposit')}</Link>
      <Link href="/player/game/askmebet?tab=Slot">{t('page.game')}</Link>
      <Link href="/player/withdraw">{t('page.withdraw')}</Link>
    </Bar>
  );
}
