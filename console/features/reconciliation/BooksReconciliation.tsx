import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import type { BooksDifference, BooksSide } from '../../../contract/adminReports';
import { displayMoney } from '../../../contract/format';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetBooksReconciliationQuery, useRunBooksReconciliationMutation } from '../../api/reports';
import { DataTable } from '../../ui/DataTable';
import { atVientiane } from '../../ui/vientianeTime';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
  margin-bottom: 16px;
`;

/** Every difference is money the two books disagree on: red, as the daily report's wrong lines. */
const Differences = styled.div`
  tbody tr {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const column = createColumnHelper<BooksDifference>();

function useColumns() {
  const { t } = useTranslation();
  const side = (record: BooksSide | null, unit: BooksDifference['unit']) =>
    record === null
      ? t('reports.books.noRecord')
      : [
          // A ref the ledger holds twice shows its kinds joined (A+B): said as they are.
          t(`reports.books.statuses.${record.status}`, { defaultValue: record.status }),
          displayMoney(record.amount, unit),
          record.direction && t(`reports.books.directions.${record.direction}`),
        ]
          .filter(Boolean)
          .join(' · ');
  return [
    column.accessor('source', {
      header: t('reports.books.source'),
      cell: (cell) => t(`reports.books.sources.${cell.getValue()}`),
    }),
    column.accessor('kind', {
      header: t('reports.books.kind'),
      cell: (cell) => t(`reports.books.kinds.${cell.getValue()}`),
    }),
    column.accessor('ref', {
      header: t('reports.books.ref'),
      cell: ({ row }) => (row.original.provider ? `${row.original.provider} · ${row.original.ref}` : row.original.ref),
    }),
    column.accessor('ours', {
      header: t('reports.books.ours'),
      cell: ({ row }) => side(row.original.ours, row.original.unit),
    }),
    column.accessor('theirs', {
      header: t('reports.books.theirs'),
      cell: ({ row }) => side(row.original.theirs, row.original.unit),
    }),
    column.accessor('firstSeenAt', {
      header: t('reports.books.firstSeen'),
      cell: (cell) => atVientiane(cell.getValue()),
    }),
  ];
}

const keyOf = (difference: BooksDifference) => `${difference.source}:${difference.provider ?? ''}:${difference.ref}`;

/**
 * The ledger against the providers' transfer logs and the bank's statement: the reconciler's last
 * run, when it ran and over which records, the differences it left for this agency, and a button
 * to run it now.
 */
export function BooksReconciliation() {
  const { t } = useTranslation();
  const books = useGetBooksReconciliationQuery();
  const [runNow, run] = useRunBooksReconciliationMutation();
  const columns = useColumns();
  const data = books.data;
  return (
    <section>
      <h2>{t('reports.books.heading')}</h2>
      <Toolbar>
        <span>
          {data?.lastRun
            ? t('reports.books.lastRun', {
                at: atVientiane(data.lastRun.finishedAt),
                from: atVientiane(data.lastRun.from),
                to: atVientiane(data.lastRun.to),
              })
            : data && t('reports.books.neverRun')}
        </span>
        <Button onClick={() => void runNow()} disabled={run.isLoading}>
          {t('reports.books.runNow')}
        </Button>
      </Toolbar>
      {(books.isFetching || run.isLoading) && <Spinner />}
      {books.isError && <Notice $tone="danger">{t('reports.loadFailed')}</Notice>}
      {run.isError && <Notice $tone="danger">{t('reports.books.runFailed')}</Notice>}
      {data?.lastFailure && (
        <Notice $tone="danger">
          {t('reports.books.lastFailure', { at: atVientiane(data.lastFailure.at), reason: data.lastFailure.reason })}
        </Notice>
      )}
      {data?.lastRun && data.differences.length === 0 && <Notice $tone="success">{t('reports.books.agree')}</Notice>}
      {data && data.differences.length > 0 && (
        <Differences>
          <Notice $tone="danger">{t('reports.books.disagree', { count: data.differences.length })}</Notice>
          <DataTable rows={data.differences} columns={columns} rowId={keyOf} longColumns={['ref']} label={t('reports.books.heading')} />
        </Differences>
      )}
    </section>
  );
}
