import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useGetRunningBreakQuery } from '../../api/breaks';
import type { Break } from '../../../contract/breaks';
import { Notice } from '../../../web/ui/Notice';
import { useBreakLine } from './breakLine';

// Lined up with the page below it, which has its own frame.
const Bar = styled.div`
  max-width: 1080px;
  margin: 0 auto;
  padding: 16px 16px 0;
  ${Notice} {
    margin: 0;
  }
`;

function RunningBreak({ running }: { running: Break }) {
  const { t, ready } = useTranslation('breaks');
  const line = useBreakLine(running);
  // Above every player page, so its texts may still be on their way: no keys shown meanwhile.
  if (!ready) return null;
  return (
    <Bar>
      <Notice $tone="warning" role="status" data-testid="break-notice">
        <strong>{line}</strong> {t('notice.closed')}
      </Notice>
    </Bar>
  );
}

/** Above the player's pages while a break runs: which break, until when, and what is closed. */
export function BreakNotice() {
  const running = useGetRunningBreakQuery();
  return running.data ? <RunningBreak running={running.data} /> : null;
}
