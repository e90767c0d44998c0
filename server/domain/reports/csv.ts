import type { Reconciliation } from '../../../src/contract/adminReports';

/** A CSV field, quoted when it holds a separator, a quote or a line break (RFC 4180). */
const field = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const row = (values: (string | number | boolean)[]) => values.map(field).join(',');

/**
 * The reconciliation report as CSV, the same figures as the JSON: one row per line, one per
 * currency of the trial balance, and one per entry of each transfer behind a line that does not reconcile.
 */
export function reconciliationCsv(report: Reconciliation): string {
  const rows = [row(['day', 'section', 'name', 'unit', 'expected', 'actual', 'reconciled', 'details'])];
  for (const line of report.lines) {
    const parts = Object.entries(line.parts)
      .map(([name, amount]) => `${name}=${amount}`)
      .join(' ');
    rows.push(row([report.day, 'line', line.line, line.unit, line.expected, line.actual, line.reconciled, parts]));
  }
  for (const currency of report.trialBalance) {
    const details = `sum=${currency.sum} day debits=${currency.dayDebits} day credits=${currency.dayCredits}`;
    rows.push(
      row([
        report.day,
        'trial balance',
        currency.currency,
        currency.currency,
        currency.debitBalances,
        currency.creditBalances,
        currency.balanced,
        details,
      ]),
    );
  }
  for (const line of report.lines)
    for (const transfer of line.transfers)
      for (const entry of transfer.entries)
        rows.push(
          row([
            report.day,
            'transfer',
            line.line,
            entry.currency,
            '',
            entry.amount,
            false,
            `${transfer.kind} ${transfer.status} ${transfer.key} ${transfer.ref} ${entry.account} ${transfer.createdAt}`,
          ]),
        );
  return `${rows.join('\r\n')}\r\n`;
}
