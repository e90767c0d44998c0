import { Type, type Static } from 'typebox';
import { PROVIDERS } from './providers';
import { PageOf, PageQueryOf, pageQueryFields } from './page';
import { AmountInput, parseAmount } from './money';
import { providerAndAmountSchema } from './moneyForms';

/**
 * Withdrawals as the API gives them (the withdraw record). Amounts are decimal
 * strings: THB credit with 2 decimals, LAK in whole kip.
 */
export const WITHDRAWAL_STATUSES = ['OPEN', 'SUCCESS', 'REJECTED', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const WithdrawalSchema = Type.Object({
  code: Type.String(),
  /** ISO date-time of the request. */
  date: Type.String({ format: 'date-time' }),
  provider: Type.Enum(PROVIDERS),
  status: Type.Enum(WITHDRAWAL_STATUSES),
  /** THB credit taken out of the provider. */
  amountWithdrawn: Type.String(),
  /** The buy rate used (LAK per 1 THB). */
  rate: Type.String(),
  /** LAK the credit converts to at that rate: what the bank account is to receive. */
  creditReceived: Type.String(),
  /** LAK the bank account did receive; null until the payout succeeded. */
  amountReceived: NullableString,
  /** THB credit given back to the provider (on rejection or a failed payout). */
  creditReturned: Type.String(),
  /**
   * THB of the credit taken that a promotion in use kept for the agency (the bonus deducted when
   * the turnover was not met, and any excess over the promotion's maximum); null without one.
   */
  promotionRetained: NullableString,
  bankName: Type.String(),
  accountName: Type.String(),
  accountNumber: Type.String(),
  /** Why it was rejected or failed. */
  reason: NullableString,
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Withdrawal = Static<typeof WithdrawalSchema>;

/** One operator's approval of a withdrawal (contract/withdrawalReview.ts has the four-eyes rule). */
export const WithdrawalApprovalSchema = Type.Object({
  operator: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type WithdrawalApproval = Static<typeof WithdrawalApprovalSchema>;

/** A withdrawal's approvals: who approved so far, and whether it waits for a second operator. */
export const ApprovalStateFields = {
  approvals: Type.Array(WithdrawalApprovalSchema),
  /** 2 when the amount is at or above the agency's four-eyes amount, else 1. */
  approvalsNeeded: Type.Integer({ minimum: 1, maximum: 2 }),
  /** OPEN, undecided, approved once and needing a second, different operator's approval. */
  awaitingSecondApproval: Type.Boolean(),
  /**
   * While it awaits the second approval: why the asking operator's would not count, as the API would
   * refuse it (SECOND_APPROVER_REQUIRED or FOUR_EYES_SAME_PERSON with its params); else null.
   */
  approvalRefusal: Type.Union([
    Type.Null(),
    Type.Object({ code: Type.String(), params: Type.Object({ operator: Type.String(), person: Type.String() }) }),
  ]),
};

/** A withdrawal as the agency's operators see it: whose it is, whether the payout went, who decided and who approved. */
export const AgencyWithdrawalSchema = Type.Object({
  ...WithdrawalSchema.properties,
  player: Type.String(),
  payoutSent: Type.Boolean(),
  decidedBy: NullableString,
  ...ApprovalStateFields,
});

export const WithdrawalRequestSchema = Type.Object(
  {
    provider: Type.String({ maxLength: 50 }),
    /** THB credit, e.g. "1500.00". */
    amount: AmountInput,
  },
  { additionalProperties: false },
);
export type WithdrawalRequest = Static<typeof WithdrawalRequestSchema>;

export const WithdrawalResponseSchema = Type.Object({ withdrawal: WithdrawalSchema });
export type WithdrawalResponse = Static<typeof WithdrawalResponseSchema>;

export const WithdrawalPageSchema = PageOf(WithdrawalSchema);
export type WithdrawalPage = Static<typeof WithdrawalPageSchema>;

/** The agency's rules for one player now: bounds in THB and what is left of today's count. */
export const WithdrawalLimitsSchema = Type.Object({
  minAmount: Type.String(),
  maxAmount: Type.String(),
  dailyLimit: Type.Integer(),
  usedToday: Type.Integer(),
});
export type WithdrawalLimits = Static<typeof WithdrawalLimitsSchema>;

export const WithdrawalPageQuerySchema = PageQueryOf(10);

export const AgencyWithdrawalQuerySchema = Type.Object(
  { ...pageQueryFields(50), status: Type.Optional(Type.Enum(WITHDRAWAL_STATUSES)) },
  { additionalProperties: false },
);

export const WithdrawalCodeParamsSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

export const WithdrawalRejectSchema = Type.Object(
  { reason: Type.String({ minLength: 3, maxLength: 500, pattern: '\\S' }) },
  { additionalProperties: false },
);

/** Why an amount of THB credit (satang) cannot be withdrawn at once, or undefined when it can. */
export function withdrawalAmountProblem(
  satang: bigint | undefined,
  min: bigint,
  max: bigint,
): 'INVALID_AMOUNT' | 'WITHDRAW_BELOW_MINIMUM' | 'WITHDRAW_ABOVE_MAXIMUM' | undefined {
  if (satang === undefined || satang <= 0n) return 'INVALID_AMOUNT';
  if (satang < min) return 'WITHDRAW_BELOW_MINIMUM';
  if (satang > max) return 'WITHDRAW_ABOVE_MAXIMUM';
  return undefined;
}

/**
 * The most credit (satang) one withdrawal may take now: all of it up to the agency's maximum; nothing
 * when that is below the minimum or today's withdrawals are used up.
 */
export function mostWithdrawable(creditSatang: bigint, min: bigint, max: bigint, withdrawalsLeftToday: number): bigint {
  if (withdrawalsLeftToday <= 0) return 0n;
  const most = creditSatang < max ? creditSatang : max;
  return most < min ? 0n : most;
}

const WITHDRAWAL_AMOUNT_MESSAGES = {
  INVALID_AMOUNT: 'validation.amountInvalid',
  WITHDRAW_BELOW_MINIMUM: 'validation.belowMin',
  WITHDRAW_ABOVE_MAXIMUM: 'validation.aboveMax',
} as const;

/**
 * The withdraw form: a known provider and an amount of THB credit within the agency's bounds
 * (satang). Each message is its translation key in the `withdraw` namespace.
 */
export function withdrawalFormSchema(min: bigint, max: bigint) {
  return providerAndAmountSchema((amount) => {
    const problem = withdrawalAmountProblem(parseAmount(amount, 'THB'), min, max);
    return problem && WITHDRAWAL_AMOUNT_MESSAGES[problem];
  });
}
