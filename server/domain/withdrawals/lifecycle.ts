import type { UpdateObject } from 'kysely';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import type { WithdrawalStatus } from '../../../contract/withdrawals';
import { defineLifecycle, transition } from '../lifecycle';
import type { Trx, WithdrawalRow } from './repository';

/**
 * The withdrawal's lifecycle: its transition table, pure, and the one statement that writes its
 * status. An approval is not a status change: it records the payout's intent (claimPayout, the
 * payout ref) on the OPEN withdrawal, and the gateway's answer to that payout then moves it.
 */

export type WithdrawalEvent = 'pay' | 'payoutFailed' | 'reject';

export const WITHDRAWAL = defineLifecycle<WithdrawalStatus, WithdrawalEvent>({
  title: 'Withdrawal',
  table: 'withdrawals',
  initial: ['OPEN'],
  refusal: ErrorCode.WITHDRAWAL_NOT_OPEN,
  transitions: {
    pay: { from: ['OPEN'], to: 'SUCCESS', by: ['gateway answer', 'reconciler'] },
    payoutFailed: { from: ['OPEN'], to: 'FAILED', by: ['gateway answer', 'reconciler'] },
    reject: { from: ['OPEN'], to: 'REJECTED', by: ['operator'] },
  },
});

/** Moves one withdrawal by the event, writing `set` with it, or answers 409 with the status it is in. */
export const transitionWithdrawal = (trx: Trx, event: WithdrawalEvent, id: string, set: Omit<UpdateObject<DB, 'withdrawals'>, 'status'>) =>
  transition<WithdrawalRow, WithdrawalStatus, WithdrawalEvent>(trx, WITHDRAWAL, event, id, set);
