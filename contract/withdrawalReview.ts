import { Type, type Static } from 'typebox';
import { parseAmount } from './money';
import { ApprovalStateFields, WithdrawalSchema } from './withdrawals';

/**
 * Reviewing withdrawals in the operator console: the agency's four-eyes amount (at or above it a
 * second, different operator must approve before the payout goes), the approvals a withdrawal has,
 * and what an operator sees beside a queued withdrawal (the player's recent history and risk flags).
 */

/** POST /admin/withdrawals/{code}/approve: the withdrawal after this approval (SUCCESS when paid, still OPEN when awaiting a second). */
export const WithdrawalApprovalResponseSchema = Type.Object({ withdrawal: WithdrawalSchema, ...ApprovalStateFields });
export type WithdrawalApprovalResponse = Static<typeof WithdrawalApprovalResponseSchema>;

/** The four-eyes amount in THB ("10000.00"), or null when one approval always suffices. */
export const WithdrawalReviewSettingsSchema = Type.Object({ fourEyesThb: Type.Union([Type.String(), Type.Null()]) });
export type WithdrawalReviewSettings = Static<typeof WithdrawalReviewSettingsSchema>;

/** PUT /admin/settings/withdrawal-review (owners): the new amount (checked with fourEyesAmountProblem) and why. */
export const WithdrawalReviewSettingsUpdateSchema = Type.Object(
  {
    fourEyesThb: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
    reason: Type.String({ minLength: 3, maxLength: 500, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type WithdrawalReviewSettingsUpdate = Static<typeof WithdrawalReviewSettingsUpdateSchema>;

/** Why a four-eyes amount cannot be stored, or undefined when it can: null (off) or THB of at most 2 decimals, 0 or more. */
export function fourEyesAmountProblem(value: string | null): 'INVALID_AMOUNT' | undefined {
  if (value === null) return undefined;
  return parseAmount(value, 'THB') === undefined ? 'INVALID_AMOUNT' : undefined;
}

/** How many operators must approve a withdrawal of this many satang under this four-eyes amount (satang, null = off). */
export function approvalsNeededFor(amountSatang: bigint, fourEyesSatang: bigint | null): 1 | 2 {
  return fourEyesSatang !== null && amountSatang >= fourEyesSatang ? 2 : 1;
}

const HistoryEntrySchema = Type.Object({
  code: Type.String(),
  date: Type.String({ format: 'date-time' }),
  /** THB credit. */
  amount: Type.String(),
  status: Type.String(),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

/** A risk flag and the evidence it was raised on. */
export const RiskFlagSchema = Type.Union([
  Type.Object({ flag: Type.Literal('SHARED_DEVICE'), usernames: Type.Array(Type.String()) }),
  Type.Object({
    flag: Type.Literal('NEW_ACCOUNT'),
    registeredAt: Type.String({ format: 'date-time' }),
    requestedAt: Type.String({ format: 'date-time' }),
  }),
  Type.Object({ flag: Type.Literal('WITHDRAWS_MORE_THAN_DEPOSITED'), deposited: Type.String(), withdrawn: Type.String() }),
  Type.Object({ flag: Type.Literal('FIRST_WITHDRAWAL') }),
]);
export type RiskFlag = Static<typeof RiskFlagSchema>;

/** GET /admin/withdrawals/{code}/review: the player's recent history and the risk flags beside a withdrawal. */
export const WithdrawalReviewSchema = Type.Object({
  code: Type.String(),
  player: Type.String(),
  /** The player's last 5 deposits and last 5 withdrawals, newest first. */
  recentDeposits: Type.Array(HistoryEntrySchema),
  recentWithdrawals: Type.Array(HistoryEntrySchema),
  /** THB credited from deposits, and THB taken out by withdrawals not rejected or failed, over the last 7 days. */
  depositedLast7Days: Type.String(),
  withdrawnLast7Days: Type.String(),
  flags: Type.Array(RiskFlagSchema),
});
export type WithdrawalReview = Static<typeof WithdrawalReviewSchema>;
