import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { displayMoney } from '../../../contract/format';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { Spinner } from '../../../ui/Spinner';
import { useListWithdrawalsQuery, type AgencyWithdrawal } from '../../api/withdrawals';
import { vientianeTime } from '../../ui/vientianeTime';
import { RejectDialog } from './RejectDialog';
import { useDecision } from './useDecision';

const Scroller = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  /* Amounts stay on one line and line up; the other columns wrap so a tablet needs no sideways scroll. */
  .amount {
    text-align: right;
    white-space: nowrap;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const column = createColumnHelper<AgencyWithdrawal>();
const AMOUNT_COLUMNS = new Set(['amountWithdrawn', 'creditReceived']);

function useColumns(deciding: string | null, approve: (code: string) => void, askReason: (code: string) => void) {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('player', { header: t('withdrawals.player') }),
      column.accessor('provider', { header: t('withdrawals.provider') }),
      column.accessor('amountWithdrawn', { header: t('withdrawals.thb'), cell: (cell) => displayMoney(cell.getValue(), 'THB') }),
      column.accessor('creditReceived', { header: t('withdrawals.kip'), cell: (cell) => displayMoney(cell.getValue(), 'LAK') }),
      column.accessor('date', { header: t('withdrawals.requested'), cell: (cell) => vientianeTime.format(new Date(cell.getValue())) }),
      column.display({
        id: 'actions',
        header: t('withdrawals.actions'),
        cell: ({ row }) => (
          <Actions>
            <Button disabled={deciding !== null} onClick={() => approve(row.original.code)}>
              {t('withdrawals.approve')}
            </Button>
            <Button $variant="danger" disabled={deciding !== null} onClick={() => askReason(row.original.code)}>
              {t('withdrawals.reject')}
            </Button>
          </Actions>
        ),
      }),
    ],
    [t, deciding, approve, askReason],
  );
}

/** Withdrawals over the auto-approve limit wait OPEN for an operator: approve pays out, reject returns the credit. */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const queue = useListWithdrawalsQuery({ status: 'OPEN', page: 1 }, { pollingInterval: 30_000 });
  const { deciding, approve, reject } = useDecision();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const approveNow = useCallback((code: string) => void approve(code), [approve]);
  const closeReject = useCallback(() => setRejecting(null), []);
  const columns = useColumns(deciding, approveNow, setRejecting);
  // OPEN also holds payouts already sent (within the auto-approve limit, or approved a moment ago): not to decide.
  const waiting = useMemo(() => queue.data?.items.filter((withdrawal) => !withdrawal.payoutSent) ?? [], [queue.data]);
  const table = useReactTable({ data: waiting, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.code });
  return (
    <section>
      <h1>{t('withdrawals.heading')}</h1>
      {queue.isLoading && <Spinner />}
      {queue.isError && <Notice $tone="danger">{t('withdrawals.loadFailed')}</Notice>}
      {queue.data && waiting.length === 0 && <p>{t('withdrawals.empty')}</p>}
      {waiting.length > 0 && (
        <Scroller>
          <Table>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} className={AMOUNT_COLUMNS.has(header.column.id) ? 'amount' : undefined}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={AMOUNT_COLUMNS.has(cell.column.id) ? 'amount' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroller>
      )}
      <RejectDialog code={rejecting} busy={deciding !== null} onReject={reject} onClose={closeReject} />
    </section>
  );
}
