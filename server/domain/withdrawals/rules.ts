import { createHash } from 'node:crypto';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount } from '../../../contract/money';
import { checkPromotionWithdrawal } from '../../../contract/promotions';
import { AppError } from '../errors';
import type { AccountRef, LedgerTransfer } from '../ledger';
import type { UsageForWithdrawal } from '../promotions';
import type { PlayerRef } from '../players';
import type { WithdrawalRow } from './repository';

/** The withdrawal rules that need no database: codes, intents, who may decide, and the promotion conditions. */

export const PAYOUT_CLEARING: AccountRef = { kind: 'payout_clearing', currency: 'THB' };
export const EXCHANGE_THB: AccountRef = { kind: 'exchange', currency: 'THB' };
/** The agency's kip in its bank: deposits pay into it, payouts are paid out of it. */
export const AGENCY_CASH_LAK: AccountRef = { kind: 'agency_cash', currency: 'LAK' };
/** Kip that has left agency cash for players' bank accounts. */
export const PAYOUTS_PAID_LAK: AccountRef = { kind: 'payouts_paid', currency: 'LAK' };
export const CAPITAL_LAK: AccountRef = { kind: 'capital', currency: 'LAK' };

/** The ledger kind of the transfer that moves a paid withdrawal's kip out of agency cash. */
export const PAYOUT_KIP_TRANSFER_KIND = 'WITHDRAWAL_PAYOUT_KIP';
/** The ledger kind of the operator's capital recorded in agency cash when a paid payout found less there. */
export const CASH_SHORTFALL_TRANSFER_KIND = 'AGENCY_CASH_SHORTFALL';

/** The ledger kind of the transfer that takes a withdrawal's credit out of the provider. */
export const WITHDRAWAL_TRANSFER_KIND = 'WITHDRAWAL';

/**
 * The withdrawal's code follows from the player and the Idempotency-Key, so two copies of one
 * request racing each other describe the same withdrawal (and the ledger sees one request).
 */
export const codeFor = (player: PlayerRef, idempotencyKey: string) =>
  `W${createHash('sha256').update(`${player.agencyId}:${player.playerId}:${idempotencyKey}`).digest('hex').slice(0, 15).toUpperCase()}`;

/** What a withdrawal will be, fixed before any credit moves and kept in the ledger transfer's refs. */
export interface Intent {
  code: string;
  idempotencyKey: string;
  rate: string;
  kip: string;
  bank: string;
  accountName: string;
  accountNumber: string;
}

const INTENT_FIELDS = ['code', 'idempotencyKey', 'rate', 'kip', 'bank', 'accountName', 'accountNumber'] as const;

/** With a promotion in use, the usage and the satang kept back of the credit taken (the rest is paid). */
export interface PromotionIntent {
  promotionUsageId?: string;
  retainedSatang?: string;
}

/**
 * With credit deposited at the provider since the player's previous withdrawal there: that credit
 * and the stakes bet since, as the request found them (the pass-through risk flag's evidence).
 */
export interface PassThroughIntent {
  depositedBeforeSatang?: string;
  turnoverBeforeSatang?: string;
}

export type FullIntent = Intent & PromotionIntent & PassThroughIntent;

export function intentOf(transfer: LedgerTransfer): FullIntent {
  const refs = transfer.refs;
  for (const field of INTENT_FIELDS)
    if (typeof refs[field] !== 'string') throw new Error(`withdrawal transfer ${transfer.id} lacks ${field}`);
  const intent: FullIntent = Object.fromEntries(INTENT_FIELDS.map((field) => [field, refs[field]])) as unknown as Intent;
  if (refs.promotionUsageId !== undefined)
    Object.assign(intent, { promotionUsageId: refs.promotionUsageId, retainedSatang: refs.retainedSatang });
  if (refs.depositedBeforeSatang !== undefined) {
    Object.assign(intent, { depositedBeforeSatang: refs.depositedBeforeSatang, turnoverBeforeSatang: refs.turnoverBeforeSatang });
  }
  return intent;
}

/** What the player is paid of a withdrawal's credit: all of it, less what a promotion kept back. */
export const paidSatangOf = (row: WithdrawalRow) => BigInt(row.amount_satang) - BigInt(row.promotion_retained_satang ?? 0);

export function mustBeUndecided(row: WithdrawalRow) {
  if (row.status !== 'OPEN' || row.payout_ref !== null) {
    const state = row.status === 'OPEN' ? 'is being paid out' : `is ${row.status}`;
    throw new AppError(409, ErrorCode.WITHDRAWAL_NOT_OPEN, `Withdrawal ${row.code} ${state}; it cannot be decided again`);
  }
}

/** How a withdrawal under a promotion's rules splits the credit it takes (satang). */
export interface PromotionSettlement {
  usageId: string;
  /** Paid out to the player (converted to kip). */
  paidSatang: bigint;
  /** Kept back: returns to the agency's bonus pool once the payout is made. */
  retainedSatang: bigint;
}

const MESSAGES = {
  PROMOTION_CREDIT_TOO_LOW: (bonus: bigint) =>
    `While a promotion is in use the credit must be above its bonus of ${formatAmount(bonus, 'THB')} THB`,
  PROMOTION_MIN_BALANCE: (minimum: bigint) =>
    `While a promotion is in use the credit must be at least ${formatAmount(minimum, 'THB')} THB to withdraw`,
  PROMOTION_WITHDRAW_WHOLE_CREDIT: (credit: bigint) =>
    `While a promotion is in use withdraw the whole credit, ${formatAmount(credit, 'THB')} THB`,
};

/**
 * The promotion conditions on a withdrawal under the usage's rules, given the
 * live credit and turnover: the credit must exceed the bonus, reach the minimum balance, and be
 * withdrawn whole; the bonus is deducted unless the turnover is met, and at most the promotion's
 * percent of the credit received is paid. Refuses with the rule's code; otherwise the split.
 */
export function promotionSettlement(
  usage: UsageForWithdrawal,
  credit: bigint,
  turnover: bigint,
  amountSatang: bigint,
): PromotionSettlement {
  const check = checkPromotionWithdrawal({ ...usage, turnoverMet: turnover >= usage.turnoverRequiredSatang }, credit, amountSatang);
  if (!check.ok) {
    const detail =
      check.code === 'PROMOTION_CREDIT_TOO_LOW'
        ? usage.bonusSatang
        : check.code === 'PROMOTION_MIN_BALANCE'
          ? usage.minBalanceSatang
          : credit;
    throw new AppError(409, ErrorCode[check.code], MESSAGES[check.code](detail));
  }
  return { usageId: usage.usageId, paidSatang: check.paidSatang, retainedSatang: check.retainedSatang };
}
