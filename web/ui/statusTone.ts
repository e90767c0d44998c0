import { isTransactionStatus, type TransactionStatus } from '../../contract/status';

/** grey: waiting or unknown; red: did not go through; yellow: paid, not yet credited; green: done. */
export type StatusTone = 'grey' | 'red' | 'yellow' | 'green';

/** The colour each transaction status is shown in; a status the API adds later is shown grey. */
const TONES: Record<TransactionStatus, StatusTone> = {
  OPEN: 'grey',
  CANCELED: 'red',
  PAID: 'yellow',
  SUCCESS: 'green',
  FAILED: 'red',
  // A refusal by the operator: shown like the other endings that did not go through.
  REJECTED: 'red',
};

export function statusTone(status: string): StatusTone {
  return isTransactionStatus(status) ? TONES[status] : 'grey';
}

/**
 * The colour a usage's status is shown in: waiting for the deposit or running (yellow), ended well
 * (green), given up (red), ended before the deposit (grey).
 */
export function promotionUsageTone(status: string): StatusTone {
  switch (status) {
    case 'ACTIVE':
    case 'USED':
      return 'yellow';
    case 'SUCCESS':
      return 'green';
    case 'CANCELED':
      return 'red';
    default:
      return 'grey';
  }
}
