import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import type { UnmatchedPayment } from '../../../contract/adminDeposits';
import { displayMoney } from '../../../contract/format';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useUnmatchedPaymentsQuery } from '../../api/deposits';
import { ResolveDialog } from './ResolveDialog';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';

const column = createColumnHelper<UnmatchedPayment>();

/** Payments no open order could take, waiting for an operator to credit them to a player or refund them. */
export function UnmatchedPayments() {
  const { t } = useTranslation();
  const list = useUnmatchedPaymentsQuery('UNRESOLVED', { pollingInterval: 30_000 });
  const [resolving, setResolving] = useState<UnmatchedPayment | null>(null);
  const close = useCallback(() => setResolving(null), []);
  const columns = useMemo(
    () => [
      column.accessor('paidAt', { header: t('deposits.paidAt'), cell: (cell) => atVientiane(cell.getValue()) }),
      column.accessor('billNumber', { header: t('deposits.bill') }),
      column.accessor('reason', { header: t('deposits.why'), cell: (cell) => t(`deposits.reasons.${cell.getValue()}`) }),
      column.accessor('amount', { header: t('deposits.amount'), cell: (cell) => displayMoney(cell.getValue(), 'LAK') }),
      column.accessor('credit', {
        header: t('deposits.creditAtRate'),
        cell: ({ row }) => (row.original.credit === null ? '–' : `${displayMoney(row.original.credit, 'THB')} (${row.original.rate})`),
      }),
      column.display({
        id: 'actions',
        header: t('deposits.actions'),
        cell: ({ row }) => <Button onClick={() => setResolving(row.original)}>{t('deposits.resolve')}</Button>,
      }),
    ],
    [t],
  );
  return (
    <section>
      <h2>{t('deposits.unmatchedHeading')}</h2>
      {list.isLoading && <Spinner />}
      {list.isError && <Notice $tone="danger">{t('deposits.loadFailed')}</Notice>}
      {list.data && list.data.items.length === 0 && <p>{t('deposits.noUnmatched')}</p>}
      {list.data && list.data.items.length > 0 && (
        <DataTable
          label={t('deposits.unmatchedHeading')}
          rows={list.data.items}
          columns={columns}
          rowId={(row) => row.id}
          amountColumns={['amount', 'credit']}
        />
      )}
      {resolving && <ResolveDialog key={resolving.id} payment={resolving} onClose={close} />}
    </section>
  );
}
