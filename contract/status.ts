/**
 * Transaction statuses of deposits and withdrawals. The API may add statuses
 * later: readers check with isTransactionStatus.
 */
export const TRANSACTION_STATUSES = ['OPEN', 'CANCELED', 'PAID', 'SUCCESS', 'FAILED', 'REJECTED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value);
}
