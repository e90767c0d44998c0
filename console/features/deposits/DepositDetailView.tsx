import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { AgencyDeposit, DepositDetail } from '../../../contract/adminDeposits';
import { displayMoney } from '../../../contract/format';
import { Button } from '../../../web/ui/Button';
import { Dialog } from '../../../web/ui/Dialog';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useToast, type ToastMessage } from '../../../web/ui/Toast';
import type { CallError } from '../../../web/api/baseQuery';
import { useIdempotencyKey } from '../../../web/api/idempotency';
import { useDepositDetailQuery, useResolveStuckDepositMutation } from '../../api/deposits';
import { ReasonForm } from './ReasonForm';
import { atVientiane } from '../../ui/vientianeTime';
import { Actions } from './shared';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, auto) 1fr;
  gap: 4px 16px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Payload = styled.code`
  display: block;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const List = styled.ul`
  padding-left: 20px;
  li {
    margin-bottom: 8px;
    overflow-wrap: anywhere;
  }
`;

type StuckAction = 'retry-credit' | 'refund';

/** What the action did, as the deposit now stands: a retry the provider did not take is no success. */
function outcomeToast(action: StuckAction, after: AgencyDeposit, t: TFunction): ToastMessage {
  const values = { code: after.code, failure: after.failureCode ?? '–' };
  if (action === 'refund')
    return after.failureCode === 'REFUNDED'
      ? { title: t('deposits.depositRefunded', values), status: 'success' }
      : { title: t('deposits.refundPending', values), status: 'info' };
  return after.status === 'SUCCESS'
    ? { title: t('deposits.creditRetried', values), status: 'success' }
    : { title: t('deposits.creditNotTaken', values), status: 'error' };
}

/** A deposit stuck PAID: retry the credit at the provider, or refund the payer; each with a reason. */
function StuckActions({ deposit }: { deposit: AgencyDeposit }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [resolve, { isLoading }] = useResolveStuckDepositMutation();
  const [action, setAction] = useState<StuckAction | null>(null);
  // One key per retry or refund: a lost answer or a 5xx keeps it for the same request sent again.
  const withIdempotencyKey = useIdempotencyKey<{ code: string; action: StuckAction; reason: string }>();
  const close = () => setAction(null);
  async function confirm(reason: string) {
    if (!action) return;
    let failure: CallError | undefined;
    let after: AgencyDeposit | undefined;
    try {
      ({ deposit: after } = await withIdempotencyKey({ code: deposit.code, action, reason }, (request, idempotencyKey) =>
        resolve({ ...request, idempotencyKey }).unwrap(),
      ));
    } catch (error) {
      failure = error as CallError;
    }
    if (failure) toast({ title: t('deposits.resolveFailed', { code: failure.code }), status: 'error' });
    else if (after) {
      toast(outcomeToast(action, after, t));
      close();
    }
  }
  return (
    <>
      <Notice $tone="warning">{t('deposits.stuckNotice', { failure: deposit.failureCode ?? '–' })}</Notice>
      <Actions>
        <Button onClick={() => setAction('retry-credit')}>{t('deposits.retryCredit')}</Button>
        <Button $variant="danger" onClick={() => setAction('refund')}>
          {t('deposits.refund')}
        </Button>
      </Actions>
      <Dialog
        open={action !== null}
        title={t(action === 'refund' ? 'deposits.refundHeading' : 'deposits.retryHeading', { code: deposit.code })}
        onClose={close}
      >
        <ReasonForm
          busy={isLoading}
          danger={action === 'refund'}
          confirmLabel={t(action === 'refund' ? 'deposits.confirmRefund' : 'deposits.confirmRetry')}
          cancelLabel={t('deposits.back')}
          onCancel={close}
          onConfirm={(reason) => void confirm(reason)}
        />
      </Dialog>
    </>
  );
}

function Transfers({ detail }: { detail: DepositDetail }) {
  const { t } = useTranslation();
  if (detail.transfers.length === 0) return <p>{t('deposits.noTransfers')}</p>;
  return (
    <List>
      {detail.transfers.map((transfer) => (
        <li key={transfer.key}>
          <strong>{transfer.kind}</strong> ({transfer.status}) {atVientiane(transfer.createdAt)} · {transfer.key}
          <List>
            {transfer.entries.map((entry, index) => (
              <li key={index}>
                {entry.account}: {displayMoney(entry.amount, entry.currency as 'LAK' | 'THB')}
              </li>
            ))}
          </List>
        </li>
      ))}
    </List>
  );
}

/** /admin/deposits/{code}: the order, its QR payload, its webhook events and ledger transfers, and the stuck-PAID actions. */
export function DepositDetailView({ code }: { code: string }) {
  const { t } = useTranslation();
  const detail = useDepositDetailQuery(code);
  if (detail.isLoading) return <Spinner />;
  if (!detail.data) return <Notice $tone="danger">{t('deposits.notFound', { code })}</Notice>;
  const { deposit, qrPayload, webhookEvents, refund } = detail.data;
  return (
    <section>
      <Link href="/">{t('deposits.backToSearch')}</Link>
      <h2>{t('deposits.detailHeading', { code })}</h2>
      <Facts>
        <dt>{t('deposits.player')}</dt>
        <dd>{deposit.player}</dd>
        <dt>{t('deposits.provider')}</dt>
        <dd>{deposit.provider}</dd>
        <dt>{t('deposits.status')}</dt>
        <dd>
          {t(`deposits.statuses.${deposit.status}`)}
          {deposit.failureCode ? ` (${deposit.failureCode})` : ''}
        </dd>
        <dt>{t('deposits.amount')}</dt>
        <dd>{displayMoney(deposit.amount, 'LAK')}</dd>
        <dt>{t('deposits.paidAmount')}</dt>
        <dd>{deposit.paidAmount === null ? '–' : displayMoney(deposit.paidAmount, 'LAK')}</dd>
        <dt>{t('deposits.credit')}</dt>
        <dd>
          {displayMoney(deposit.credit, 'THB')} ({deposit.rate})
        </dd>
        <dt>{t('deposits.created')}</dt>
        <dd>{atVientiane(deposit.createdAt)}</dd>
        <dt>{t('deposits.paidAt')}</dt>
        <dd>{atVientiane(deposit.paidAt)}</dd>
        <dt>{t('deposits.transaction')}</dt>
        <dd>{deposit.transactionId ?? '–'}</dd>
        {refund && (
          <>
            <dt>{t('deposits.refundLabel')}</dt>
            <dd>
              {displayMoney(refund.amount, 'LAK')} · {refund.status}
            </dd>
          </>
        )}
      </Facts>
      {deposit.status === 'PAID' && <StuckActions deposit={deposit} />}
      <h3>{t('deposits.qrPayload')}</h3>
      {qrPayload ? <Payload>{qrPayload}</Payload> : <p>–</p>}
      <h3>{t('deposits.webhookEvents')}</h3>
      {webhookEvents.length === 0 ? (
        <p>{t('deposits.noEvents')}</p>
      ) : (
        <List>
          {webhookEvents.map((event) => (
            <li key={event.eventId}>
              {atVientiane(event.receivedAt)} · {event.eventId} · {event.amount === null ? '–' : displayMoney(event.amount, 'LAK')} ·{' '}
              {event.transactionId ?? '–'}
            </li>
          ))}
        </List>
      )}
      <h3>{t('deposits.transfers')}</h3>
      <Transfers detail={detail.data} />
    </section>
  );
}
