import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { createColumnHelper } from '@tanstack/react-table';
import { vientianeDay, type ReconciliationLine, type TrialBalanceCurrency } from '../../../contract/adminReports';
import { displayMoney } from '../../../contract/format';
import type { Currency } from '../../../contract/money';
import { Button } from '../../../web/ui/Button';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { TextField } from '../../../web/ui/TextField';
import { reconciliationCsvUrl, useGetReconciliationQuery } from '../../api/reports';
import { ConsoleTable, TableScroller } from '../../ui/ConsoleTable';
import { DataTable } from '../../ui/DataTable';
import { BooksReconciliation } from './BooksReconciliation';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 16px;
  margin-bottom: 16px;
  a {
    margin-bottom: 12px;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** A line that does not reconcile is red, its figures and its transfers alike. */
const Report = styled.div`
  tr[data-reconciled='false'] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Behind = styled.div`
  color: ${({ theme }) => theme.colors.danger};
`;

const Transfers = styled.ul`
  margin: 0;
  padding-left: 20px;
  overflow-wrap: anywhere;
`;

const amountOf = (amount: string, unit: ReconciliationLine['unit']) => (unit === 'COUNT' ? amount : displayMoney(amount, unit));
const money = (amount: string, currency: string) => displayMoney(amount, currency as Currency);

const column = createColumnHelper<ReconciliationLine>();

function useLineColumns(open: Set<string>, toggle: (line: string) => void) {
  const { t } = useTranslation();
  return [
    column.accessor('line', {
      header: t('reports.reconciliation.line'),
      cell: (cell) => t(`reports.reconciliation.lines.${cell.getValue()}`),
    }),
    column.accessor('expected', {
      header: t('reports.reconciliation.expected'),
      cell: (cell) => amountOf(cell.getValue(), cell.row.original.unit),
    }),
    column.accessor('actual', {
      header: t('reports.reconciliation.actual'),
      cell: (cell) => amountOf(cell.getValue(), cell.row.original.unit),
    }),
    column.accessor('parts', {
      header: t('reports.reconciliation.parts'),
      cell: (cell) =>
        Object.entries(cell.getValue())
          .map(([name, amount]) => `${t(`reports.reconciliation.partNames.${name}`)}: ${amountOf(amount, cell.row.original.unit)}`)
          .join(' · '),
    }),
    column.accessor('reconciled', {
      header: t('reports.reconciliation.status'),
      cell: ({ row }) =>
        row.original.reconciled ? (
          t('reports.reconciliation.ok')
        ) : (
          <Button $variant="danger" aria-expanded={open.has(row.original.line)} onClick={() => toggle(row.original.line)}>
            {t('reports.reconciliation.notOk', { count: row.original.transfers.length })}
          </Button>
        ),
    }),
  ];
}

const AMOUNTS = ['expected', 'actual'];

function LinesTable({ lines }: { lines: ReconciliationLine[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (line: string) =>
    setOpen((shown) => {
      const next = new Set(shown);
      if (!next.delete(line)) next.add(line);
      return next;
    });
  return (
    <DataTable
      rows={lines}
      columns={useLineColumns(open, toggle)}
      rowId={(line) => line.line}
      amountColumns={AMOUNTS}
      label={t('reports.reconciliation.heading')}
      rowAttributes={(line) => ({ 'data-reconciled': line.reconciled })}
      detail={(line) =>
        open.has(line.line) && (
          <Behind>
            <strong>{t('reports.reconciliation.transfersBehind', { refs: line.unreconciledRefs.join(', ') })}</strong>
            <Transfers>
              {line.transfers.map((transfer) => (
                <li key={transfer.id}>
                  {transfer.kind} · {transfer.status} · {transfer.key} ·{' '}
                  {transfer.entries.map((entry) => `${entry.account} ${money(entry.amount, entry.currency)}`).join(', ')}
                </li>
              ))}
            </Transfers>
          </Behind>
        )
      }
    />
  );
}

function TrialBalanceTable({ currencies }: { currencies: TrialBalanceCurrency[] }) {
  const { t } = useTranslation();
  return (
    <TableScroller>
      <ConsoleTable>
        <thead>
          <tr>
            <th>{t('reports.reconciliation.currency')}</th>
            <th className="amount">{t('reports.reconciliation.debitBalances')}</th>
            <th className="amount">{t('reports.reconciliation.creditBalances')}</th>
            <th className="amount">{t('reports.reconciliation.sum')}</th>
            <th>{t('reports.reconciliation.status')}</th>
          </tr>
        </thead>
        <tbody>
          {currencies.map((currency) => (
            <tr key={currency.currency} data-reconciled={currency.balanced}>
              <td>{currency.currency}</td>
              <td className="amount">{money(currency.debitBalances, currency.currency)}</td>
              <td className="amount">{money(currency.creditBalances, currency.currency)}</td>
              <td className="amount">{money(currency.sum, currency.currency)}</td>
              <td>{currency.balanced ? t('reports.reconciliation.balanced') : t('reports.reconciliation.unbalanced')}</td>
            </tr>
          ))}
        </tbody>
      </ConsoleTable>
    </TableScroller>
  );
}

/**
 * One Vientiane day's reconciliation: each line, the transfers behind a red one, the trial balance,
 * the CSV; then the ledger's books against the providers' and the bank's.
 */
export function ReconciliationReport() {
  const { t } = useTranslation();
  const [day, setDay] = useState(vientianeDay);
  const report = useGetReconciliationQuery(day, { skip: !/^\d{4}-\d{2}-\d{2}$/.test(day) });
  return (
    <section>
      <h1>{t('reports.reconciliation.heading')}</h1>
      <Toolbar>
        <TextField
          type="date"
          label={t('reports.reconciliation.day')}
          value={day}
          max={vientianeDay()}
          onChange={(event) => setDay(event.target.value)}
        />
        <a href={reconciliationCsvUrl(day)} download>
          {t('reports.reconciliation.csv')}
        </a>
      </Toolbar>
      {report.isFetching && <Spinner />}
      {report.isError && <Notice $tone="danger">{t('reports.loadFailed')}</Notice>}
      {report.data && !report.isError && (
        <Report>
          <Notice $tone={report.data.reconciled ? 'success' : 'danger'}>
            {report.data.reconciled ? t('reports.reconciliation.allReconciled') : t('reports.reconciliation.notReconciled')}
          </Notice>
          <LinesTable lines={report.data.lines} />
          <h2>{t('reports.reconciliation.trialBalance')}</h2>
          <TrialBalanceTable currencies={report.data.trialBalance} />
        </Report>
      )}
      <BooksReconciliation />
    </section>
  );
}
