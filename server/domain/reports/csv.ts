import type { Reconciliation } from '../../../contract/adminReports';
import { csvOf } from '../csv';

/**
 * The reconciliation report as CSV, the same figures as the JSON: one row per line, one per
 * currency of the trial balance, and one per entry of each transfer behind a line that does not reconcile.
 */
export function reconciliationCsv(report: Reconciliation): string {
  const rows: (string | number | boolean)[][] = [];
  for (const line of report.lines) {
    const parts = Object.entries(line.parts)
      .map(([name, amount]) => `${name}=${amount}`)
      .join(' ');
    rows.push([report.day, 'line', line.line, line.unit, line.expected, line.actual, line.reconciled, parts]);
  }
  for (const currency of report.trialBalance) {
    const details = `sum=${currency.sum} day debits=${currency.dayDebits} day credits=${currency.dayCredits}`;
    rows.push([
      report.day,
      'trial balance',
      currency.currency,
      currency.currency,
      currency.debitBalances,
      currency.creditBalances,
      currency.balanced,
      details,
    ]);
  }
  for (const line of report.lines)
    for (const transfer of line.transfers)
      for (const entry of transfer.entries)
        rows.push([
          report.day,
          'transfer',
          line.line,
          entry.currency,
          '',
          entry.amount,
          false,
          `${transfer.kind} ${transfer.status} ${transfer.key} ${transfer.ref} ${entry.account} ${transfer.createdAt}`,
        ]);
  return csvOf(['day', 'section', 'name', 'unit', 'expected', 'actual', 'reconciled', 'details'], rows);
}
