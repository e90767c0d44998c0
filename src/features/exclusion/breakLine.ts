import { useTranslation } from 'react-i18next';
import type { Exclusion } from '../../contract/exclusions';
import { vientianeDateTime } from '../../contract/vientiane';

/** "Time-out until 26/11/2026 17:00 (Vientiane time)", or the kind for good, in the player's language. */
export function useBreakLine(exclusion: Exclusion): string {
  const { t } = useTranslation('exclusion');
  const kind = t(`kinds.${exclusion.kind}`);
  return exclusion.endsAt ? t('notice.until', { kind, until: vientianeDateTime(exclusion.endsAt) }) : t('notice.forGood', { kind });
}
