import { useTranslation } from 'react-i18next';
import type { Break } from '../../../contract/breaks';
import { vientianeDateTime } from '../../../contract/vientiane';

/** "Time-out until 26/11/2026 17:00 (Vientiane time)", or the kind for good, in the player's language. */
export function useBreakLine(playerBreak: Break): string {
  const { t } = useTranslation('breaks');
  const kind = t(`kinds.${playerBreak.kind}`);
  return playerBreak.endsAt ? t('notice.until', { kind, until: vientianeDateTime(playerBreak.endsAt) }) : t('notice.forGood', { kind });
}
