/**
 * Transaction statuses of deposits and withdrawals (SPEC.md section 4) and the colour each is
 * shown in. The API may add statuses later; any status not listed here is shown grey.
 */
export const TRANSACTION_STATUSES = ['OPEN', 'CANCELED', 'PAID', 'SUCCESS', 'FAILED', 'REJECTED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** grey: waiting or unknown; red: did not go through; yellow: paid, not yet credited; green: done. */
export type StatusTone = 'grey' | 'red' | 'yellow' | 'green';

const TONES: Record<TransactionStatus, StatusTone> = {
  OPEN: 'grey',
  CANCELED: 'red',
  PAID: 'yellow',
  SUCCESS: 'green',
  FAILED: 'red',
  // A refusal by the operator: shown like the other endings that did not go through.
  REJECTED: 'red',
};

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value);
}

export function statusTone(status: string): StatusTone {
  return isTransactionStatus(status) ? TONES[status] : 'grey';
}
