import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetRunningBreakQuery } from '../../api/breaks';
import type { Break } from '../../../contract/breaks';
import { ActionRow } from '../../ui/ActionRow';
import { Card } from '../../../web/ui/Card';
import { Link } from '../../ui/Link';
import { PageBody, PageTitle } from '../../ui/Page';
import { PageSpinner } from '../../../web/ui/PageSpinner';
import { useBreakLine } from './breakLine';

function BreakExplanation({ running }: { running: Break }) {
  const { t } = useTranslation('breaks');
  return (
    <PageBody data-testid="break-explanation">
      <PageTitle>{t('gate.title')}</PageTitle>
      <Card role="alert">
        <p>
          <strong>{useBreakLine(running)}</strong>
        </p>
        <p>{t('notice.closed')}</p>
        <ActionRow>
          <Link href="/player/withdraw">{t('gate.withdraw')}</Link>
          <Link href="/player">{t('gate.home')}</Link>
        </ActionRow>
      </Card>
    </PageBody>
  );
}

/**
 * Around the pages that start play (deposit, promotions, games): while a break runs they show why
 * they are closed and until when, instead of a form the server would refuse.
 */
export function BreakGate({ children }: { children: ReactNode }) {
  // Asked for before the break is known, so the server's page brings these texts along and a page
  // opened during a break never shows their keys while they load.
  const { t, ready } = useTranslation(['common', 'breaks']);
  const running = useGetRunningBreakQuery();
  if (running.isLoading || (running.data && !ready)) return <PageSpinner label={t('loading')} />;
  return running.data ? <BreakExplanation running={running.data} /> : <>{children}</>;
}
