import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../web/ui/StatusBadge';

const Flags = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

/** What the operators changed about a player, or "active" when nothing. */
export function PlayerFlags({ player }: { player: { backlisted: boolean; suspended: boolean; mustChangePassword?: boolean } }) {
  const { t } = useTranslation();
  const nothing = !player.backlisted && !player.suspended && !player.mustChangePassword;
  return (
    <Flags>
      {nothing && <StatusBadge status="ACTIVE" tone="green" label={t('players.flags.active')} />}
      {player.suspended && <StatusBadge status="SUSPENDED" tone="red" label={t('players.flags.suspended')} />}
      {player.backlisted && <StatusBadge status="BACKLISTED" tone="yellow" label={t('players.flags.backlisted')} />}
      {player.mustChangePassword && <StatusBadge status="PASSWORD_RESET" tone="grey" label={t('players.flags.mustChangePassword')} />}
    </Flags>
  );
}
