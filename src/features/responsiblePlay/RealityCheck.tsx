import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { realityCheckMachine } from '../../../machines/realityCheck.machine';
import { useGetRealityCheckQuery } from '../../api/responsiblePlay';
import { displayMoney } from '../../../contract/format';
import { minutesSince } from '../../../contract/realityCheck';
import { Button } from '../../../web/ui/Button';
import { Details } from '../../../web/ui/Card';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { useToast } from '../../../web/ui/Toast';
import { inspect } from '../../devtools/inspect';

const Net = styled.dd<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.danger : theme.colors.text)};
`;

/** How long ago the session began, in hours and minutes. */
function elapsedSince(sessionStartedAt: string) {
  const minutes = minutesSince(Date.parse(sessionStartedAt), Date.now());
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * The reality check of a logged-in player, mounted in the shell: the machine times it from the
 * session's start; when it fires the sums are read again and the dialog shows the time since login
 * and the kip paid in and out since, with continue and log out. The player cannot dismiss it
 * without choosing.
 */
export function RealityCheck({ onLogOut }: { onLogOut: () => Promise<void> }) {
  const { t } = useTranslation('responsiblePlay');
  const toast = useToast();
  const { data, refetch } = useGetRealityCheckQuery();
  const machine = useMemo(
    () =>
      realityCheckMachine.provide({
        actions: {
          announceCheck: () => void refetch(),
          logOut: () => void onLogOut().catch(() => toast({ status: 'error', title: t('dialog.logOutFailed') })),
        },
      }),
    [refetch, onLogOut, toast, t],
  );
  const [state, send] = useMachine(machine, { inspect });
  useEffect(() => {
    if (data) send({ type: 'settings.loaded', sessionStartMs: Date.parse(data.sessionStartedAt), minutes: data.minutes });
  }, [data, send]);
  if (!data || !state.matches('showing')) return null;
  const elapsed = elapsedSince(data.sessionStartedAt);
  const negative = data.netKip.startsWith('-');
  return (
    <Dialog open title={t('dialog.title')}>
      <p data-testid="reality-check-elapsed">{t('dialog.elapsed', elapsed)}</p>
      <Details>
        <dt>{t('dialog.paidIn')}</dt>
        <dd data-testid="reality-check-paid-in">{displayMoney(data.paidInKip, 'LAK')}</dd>
        <dt>{t('dialog.paidOut')}</dt>
        <dd data-testid="reality-check-paid-out">{displayMoney(data.paidOutKip, 'LAK')}</dd>
        <dt>{t('dialog.net')}</dt>
        <Net $negative={negative} data-testid="reality-check-net">
          {displayMoney(data.netKip, 'LAK')}
        </Net>
      </Details>
      <DialogActions>
        <Button $variant="secondary" onClick={() => send({ type: 'check.logOut' })}>
          {t('dialog.logOut')}
        </Button>
        <Button onClick={() => send({ type: 'check.continue' })}>{t('dialog.continue')}</Button>
      </DialogActions>
    </Dialog>
  );
}
