import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import { ErrorCode } from '../../../contract/errors';
import { displayMoney } from '../../../contract/format';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetOperatorQuery } from '../../api/operators';
import { useListWithdrawalsQuery, type AgencyWithdrawal } from '../../api/withdrawals';
import { FourEyesSettings } from '../../ui/FourEyesSettings';
import { RejectDialog } from './RejectDialog';
import { ReviewPanel } from './ReviewPanel';
import { useReviewDecision } from './useReviewDecision';
import { DataTable } from '../../ui/DataTable';
import { vientianeTime } from '../../ui/vientianeTime';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Refusal = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const column = createColumnHelper<AgencyWithdrawal>();
const AMOUNT_COLUMNS = ['amountWithdrawn', 'creditReceived'];

type ApprovalRefusal = NonNullable<AgencyWithdrawal['approvalRefusal']>;

/** Why the operator's own approval would not count as the second, naming who links them to the first approver. */
function refusalText(t: TFunction, refusal: ApprovalRefusal, me: string | undefined): string {
  const { operator, person } = refusal.params;
  if (refusal.code === ErrorCode.SECOND_APPROVER_REQUIRED) return t('withdrawalReview.refusal.alreadyGiven');
  if (person === operator) return t('withdrawalReview.refusal.byFirstApprover', { operator });
  if (person === me) return t('withdrawalReview.refusal.byYou', { operator });
  return t('withdrawalReview.refusal.byAnother', { operator, person });
}

/** Who approved so far, when a withdrawal needs two approvals, and why the operator may not give the second. */
function Approvals({ withdrawal, me }: { withdrawal: AgencyWithdrawal; me: string | undefined }) {
  const { t } = useTranslation();
  if (withdrawal.approvalsNeeded < 2) return <Muted>{t('withdrawalReview.oneApproval')}</Muted>;
  const [first] = withdrawal.approvals;
  if (!withdrawal.awaitingSecondApproval || !first) return <Muted>{t('withdrawalReview.twoApprovals')}</Muted>;
  return (
    <>
      <strong>{t('withdrawalReview.approvedFirstBy', { operator: first.operator, time: vientianeTime.format(new Date(first.at)) })}</strong>
      {withdrawal.approvalRefusal && <Refusal>{refusalText(t, withdrawal.approvalRefusal, me)}</Refusal>}
    </>
  );
}

interface RowActions {
  busy: boolean;
  me: string | undefined;
  expanded: string | null;
  toggle: (code: string) => void;
  approve: (code: string) => void;
  askReason: (code: string) => void;
}

function useColumns({ busy, me, expanded, toggle, approve, askReason }: RowActions) {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('player', { header: t('withdrawals.player') }),
      column.accessor('provider', { header: t('withdrawals.provider') }),
      column.accessor('amountWithdrawn', { header: t('withdrawals.thb'), cell: (cell) => displayMoney(cell.getValue(), 'THB') }),
      column.accessor('creditReceived', { header: t('withdrawals.kip'), cell: (cell) => displayMoney(cell.getValue(), 'LAK') }),
      column.accessor('date', { header: t('withdrawals.requested'), cell: (cell) => vientianeTime.format(new Date(cell.getValue())) }),
      column.display({
        id: 'approvals',
        header: t('withdrawalReview.approvals'),
        cell: ({ row }) => <Approvals withdrawal={row.original} me={me} />,
      }),
      column.display({
        id: 'actions',
        header: t('withdrawals.actions'),
        cell: ({ row }) => {
          const { code, approvalRefusal } = row.original;
          return (
            <Actions>
              <Button $variant="secondary" aria-expanded={expanded === code} onClick={() => toggle(code)}>
                {t('withdrawalReview.details')}
              </Button>
              <Button disabled={busy || approvalRefusal !== null} onClick={() => approve(code)}>
                {t('withdrawals.approve')}
              </Button>
              <Button $variant="danger" disabled={busy} onClick={() => askReason(code)}>
                {t('withdrawals.reject')}
              </Button>
            </Actions>
          );
        },
      }),
    ],
    [t, busy, me, expanded, toggle, approve, askReason],
  );
}

/**
 * Withdrawals over the auto-approve limit wait OPEN for an operator: approve pays out (at or above
 * the agency's four-eyes amount, after a second operator's approval), reject returns the credit.
 * Each row opens the player's recent history and risk flags.
 */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const queue = useListWithdrawalsQuery({ status: 'OPEN', page: 1 }, { pollingInterval: 30_000 });
  const operator = useGetOperatorQuery().data;
  const decision = useReviewDecision();
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggle = useCallback((code: string) => setExpanded((open) => (open === code ? null : code)), []);
  const columns = useColumns({
    busy: decision.busy,
    me: operator?.username,
    expanded,
    toggle,
    approve: decision.approve,
    askReason: decision.askReason,
  });
  // OPEN also holds payouts already sent (within the auto-approve limit, or approved a moment ago): not to decide.
  const waiting = useMemo(() => queue.data?.items.filter((withdrawal) => !withdrawal.payoutSent) ?? [], [queue.data]);
  return (
    <section>
      <h1>{t('withdrawals.heading')}</h1>
      {operator && <FourEyesSettings role={operator.role} />}
      {queue.isLoading && <Spinner />}
      {queue.isError && <Notice $tone="danger">{t('withdrawals.loadFailed')}</Notice>}
      {queue.data && waiting.length === 0 && <p>{t('withdrawals.empty')}</p>}
      {waiting.length > 0 && (
        <DataTable
          rows={waiting}
          columns={columns}
          rowId={(withdrawal) => withdrawal.code}
          amountColumns={AMOUNT_COLUMNS}
          label={t('withdrawals.heading')}
          detail={(withdrawal) => expanded === withdrawal.code && <ReviewPanel code={withdrawal.code} />}
        />
      )}
      <RejectDialog code={decision.askingReasonFor} busy={decision.busy} onReject={decision.reject} onClose={decision.cancelReject} />
    </section>
  );
}
