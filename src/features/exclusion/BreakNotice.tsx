import { useTranslation } from 'react-i18next';
import { useGetExclusionQuery } from '../../api/exclusions';
import type { Exclusion } from '../../contract/exclusions';
import { Notice } from '../../ui/Notice';
import { useBreakLine } from './breakLine';

function RunningBreak({ exclusion }: { exclusion: Exclusion }) {
  const { t } = useTranslation('exclusion');
  return (
    <Notice $tone="warning" role="status" data-testid="break-notice">
      <strong>{useBreakLine(exclusion)}</strong> {t('notice.closed')}
    </Notice>
  );
}

/** Above the player's pages while a break runs: which break, until when, and what is closed. */
export function BreakNotice() {
  const exclusion = useGetExclusionQuery();
  return exclusion.data ? <RunningBreak exclusion={exclusion.data} /> : null;
}
