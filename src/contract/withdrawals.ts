import { parseAmount } from './money';
import type { Provider } from './providers';
import { providerAndAmountSchema } from './moneyForms';

/**
 * Withdrawals as the API gives them (SPEC.md section 3's withdraw record). Amounts are decimal
 * strings: THB credit with 2 decimals, LAK in whole kip.
 */
export const WITHDRAWAL_STATUSES = ['OPEN', 'SUCCESS', 'REJECTED', 'FAILED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface Withdrawal {
  code: string;
  /** ISO date-time of the request. */
  date: string;
  provider: Provider;
  status: WithdrawalStatus;
  /** THB credit taken out of the provider. */
  amountWithdrawn: string;
  /** The buy rate used (LAK per 1 THB). */
  rate: string;
  /** LAK the credit converts to at that rate: what the bank account is to receive. */
  creditReceived: string;
  /** LAK the bank account did receive; null until the payout succeeded. */
  amountReceived: string | null;
  /** THB credit given back to the provider (on rejection or a failed payout). */
  creditReturned: string;
  /**
   * THB of the credit taken that a promotion in use kept for the agency (the bonus deducted when
   * the turnover was not met, and any excess over the promotion's maximum); null without one.
   */
  promotionRetained: string | null;
  bankName: string;
  accountName: string;
  accountNumber: string;
  /** Why it was rejected or failed. */
  reason: string | null;
  completedAt: string | null;
}

export interface WithdrawalRequest {
  provider: string;
  /** THB credit, e.g. "1500.00". */
  amount: string;
}

export interface WithdrawalResponse {
  withdrawal: Withdrawal;
}

export interface WithdrawalPage {
  items: Withdrawal[];
  page: number;
  pageSize: number;
  total: number;
}

/** The agency's rules for one player now: bounds in THB and what is left of today's count. */
export interface WithdrawalLimits {
  minAmount: string;
  maxAmount: string;
  dailyLimit: number;
  usedToday: number;
}

export const WITHDRAWAL_PAGE_SIZE_MAX = 100;

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
