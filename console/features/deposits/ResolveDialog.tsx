import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { unmatchedPaymentMachine, type ResolvePaymentInput } from '../../../machines/unmatchedPayment.machine';
import type { DepositPlayer, UnmatchedPayment, UnmatchedPaymentResponse } from '../../../contract/adminDeposits';
import { displayMoney } from '../../../contract/format';
import { newIdempotencyKey } from '../../../web/api/idempotency';
import { PROVIDERS, type Provider } from '../../../contract/providers';
import { Button } from '../../../web/ui/Button';
import { Dialog, DialogActions } from '../../../web/ui/Dialog';
import { Notice } from '../../../web/ui/Notice';
import { Select } from '../../../web/ui/Select';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { useCreditUnmatchedPaymentMutation, useLazyDepositPlayersQuery, useRefundUnmatchedPaymentMutation } from '../../api/deposits';
import { ReasonForm } from './ReasonForm';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0 0 12px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** What the resolution will do, framed but not in a warning's colour: it is the operator's own choice. */
const Preview = styled.p`
  margin: 0 0 12px;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.primary};
`;

const Matches = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** The resolvePayment actor the machine invokes: the credit or refund call, rejecting with the API's { code, message }. */
function useResolvePayment() {
  const [credit] = useCreditUnmatchedPaymentMutation();
  const [refund] = useRefundUnmatchedPaymentMutation();
  return useMemo(
    () =>
      fromPromise<UnmatchedPaymentResponse, ResolvePaymentInput>(({ input }) => {
        const { paymentId, resolution, reason, idempotencyKey } = input;
        // unwrap() rejects with the API's { code, message, status }, which the machine keeps the code of.
        return resolution.action === 'credit'
          ? credit({
              id: paymentId,
              body: { playerId: resolution.player.id, provider: resolution.provider, reason },
              idempotencyKey,
            }).unwrap()
          : refund({ id: paymentId, reason, idempotencyKey }).unwrap();
      }),
    [credit, refund],
  );
}

/** Choosing: a player found by username and a provider for a credit, or the refund. */
function Choosing({
  payment,
  onCredit,
  onRefund,
}: {
  payment: UnmatchedPayment;
  onCredit: (player: DepositPlayer, provider: Provider) => void;
  onRefund: () => void;
}) {
  const { t } = useTranslation();
  const [search, { data, isFetching }] = useLazyDepositPlayersQuery();
  const [username, setUsername] = useState('');
  const [player, setPlayer] = useState<DepositPlayer | null>(null);
  const [provider, setProvider] = useState<Provider | ''>('');
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (username.trim()) void search(username.trim());
        }}
      >
        <TextField label={t('deposits.findPlayer')} value={username} onChange={(event) => setUsername(event.target.value)} />
        <Button type="submit" $variant="secondary">
          {t('deposits.search')}
        </Button>
      </form>
      {isFetching && <Spinner />}
      {data && data.items.length === 0 && <p>{t('deposits.noPlayer')}</p>}
      {data && data.items.length > 0 && (
        <Matches aria-label={t('deposits.players')}>
          {data.items.map((match) => (
            <li key={match.id}>
              <Button
                $variant={player?.id === match.id ? 'primary' : 'ghost'}
                aria-pressed={player?.id === match.id}
                onClick={() => setPlayer(match)}
              >
                {match.username}
              </Button>
            </li>
          ))}
        </Matches>
      )}
      <Select
        label={t('deposits.provider')}
        placeholder={t('deposits.chooseProvider')}
        options={PROVIDERS.map((name) => ({ value: name, label: name }))}
        value={provider}
        onChange={(event) => setProvider(event.target.value as Provider)}
      />
      {payment.rate === null && <Notice $tone="warning">{t('deposits.noRate')}</Notice>}
      <DialogActions>
        <Button $variant="danger" onClick={onRefund}>
          {t('deposits.refund')}
        </Button>
        <Button disabled={!player || !provider || payment.rate === null} onClick={() => player && provider && onCredit(player, provider)}>
          {t('deposits.creditToPlayer')}
        </Button>
      </DialogActions>
    </>
  );
}

type ResolveState = SnapshotFrom<typeof unmatchedPaymentMachine>;

/** The call running, and what the server answered. */
function Outcome({
  state,
  amount,
  onRetry,
  onBack,
  onClose,
}: {
  state: ResolveState;
  amount: string;
  onRetry: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { result, errorCode } = state.context;
  return (
    <>
      {state.hasTag('busy') && <Spinner />}
      {state.matches('resolved') && (
        <Notice $tone="success">
          {result?.payment.resolution === 'CREDITED'
            ? t('deposits.credited', { deposit: result.payment.creditedDeposit })
            : t('deposits.refunded', { amount })}
        </Notice>
      )}
      {state.matches('alreadyResolved') && <Notice $tone="warning">{t('deposits.alreadyResolved')}</Notice>}
      {state.matches('failed') && (
        <>
          <Notice $tone="danger">{t(`errors.${errorCode}`, { defaultValue: t('deposits.resolveFailed', { code: errorCode }) })}</Notice>
          <DialogActions>
            <Button $variant="ghost" onClick={onBack}>
              {t('deposits.back')}
            </Button>
            <Button onClick={() => onRetry()}>{t('deposits.tryAgain')}</Button>
          </DialogActions>
        </>
      )}
      {state.hasTag('done') && (
        <DialogActions>
          <Button onClick={onClose}>{t('deposits.close')}</Button>
        </DialogActions>
      )}
    </>
  );
}

/** The multi-step resolution of one unmatched payment, driven by the unmatchedPayment machine. */
export function ResolveDialog({ payment, onClose }: { payment: UnmatchedPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const resolvePayment = useResolvePayment();
  const machine = useMemo(() => unmatchedPaymentMachine.provide({ actors: { resolvePayment } }), [resolvePayment]);
  const [state, send] = useMachine(machine, { input: { payment } });
  const { resolution } = state.context;
  const back = () => send({ type: 'back' });
  const amount = displayMoney(payment.amount, 'LAK');
  return (
    <Dialog open title={t('deposits.resolveHeading', { transaction: payment.transactionId })} onClose={onClose}>
      <Facts>
        <dt>{t('deposits.amount')}</dt>
        <dd>{amount}</dd>
        <dt>{t('deposits.bill')}</dt>
        <dd>{payment.billNumber}</dd>
        <dt>{t('deposits.why')}</dt>
        <dd>{t(`deposits.reasons.${payment.reason}`)}</dd>
      </Facts>
      {state.matches('choosing') && (
        <Choosing
          payment={payment}
          onCredit={(player, provider) => send({ type: 'choose.credit', player, provider })}
          onRefund={() => send({ type: 'choose.refund' })}
        />
      )}
      {state.matches('previewing') && resolution && (
        <>
          <Preview>
            {resolution.action === 'credit'
              ? t('deposits.creditPreview', {
                  amount,
                  rate: payment.rate,
                  credit: displayMoney(payment.credit ?? '0', 'THB'),
                  player: resolution.player.username,
                  provider: resolution.provider,
                })
              : t('deposits.refundPreview', { amount })}
          </Preview>
          <DialogActions>
            <Button $variant="ghost" onClick={back}>
              {t('deposits.back')}
            </Button>
            <Button onClick={() => send({ type: 'preview.accept' })}>{t('deposits.next')}</Button>
          </DialogActions>
        </>
      )}
      {state.matches('confirming') && (
        <ReasonForm
          busy={false}
          danger={resolution?.action === 'refund'}
          confirmLabel={resolution?.action === 'refund' ? t('deposits.confirmRefund') : t('deposits.confirmCredit')}
          cancelLabel={t('deposits.back')}
          onCancel={back}
          onConfirm={(reason) => send({ type: 'confirm', reason, idempotencyKey: newIdempotencyKey() })}
        />
      )}
      <Outcome state={state} amount={amount} onRetry={() => send({ type: 'retry' })} onBack={back} onClose={onClose} />
    </Dialog>
  );
}
