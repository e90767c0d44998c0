import { ErrorCode } from '../../src/contract/errors';
import { formatAmount } from '../../src/contract/money';
import { checkPromotionWithdrawal } from '../../src/contract/promotions';
import type { Provider } from '../../src/contract/providers';
import { AppError } from './errors';
import type { WalletDeps } from './providerWallets';
import { liveCredit, liveTurnover, usedUsageAt } from './promotions';

export interface WithdrawingPlayer {
  agencyId: string;
  playerId: string;
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
  PROMOTION_CREDIT_TOO_LOW: (bonus: bigint) => `While a promotion is in use the credit must be above its bonus of ${formatAmount(bonus, 'THB')} THB`,
  PROMOTION_MIN_BALANCE: (minimum: bigint) => `While a promotion is in use the credit must be at least ${formatAmount(minimum, 'THB')} THB to withdraw`,
  PROMOTION_WITHDRAW_WHOLE_CREDIT: (credit: bigint) => `While a promotion is in use withdraw the whole credit, ${formatAmount(credit, 'THB')} THB`,
};

/**
 * The promotion conditions of SPEC.md section 5 on a withdrawal, when the player's USED promotion
 * is for the provider withdrawn from: the credit must exceed the bonus, reach the minimum balance,
 * and be withdrawn whole; the bonus is deducted unless the turnover (read live from the provider's
 * bets since the bonus) is met, and at most the promotion's percent of the credit received is paid.
 * Refuses with the rule's code (nothing has moved yet); otherwise returns the split, or null when
 * no promotion applies.
 */
export async function checkPromotionWithdrawalRules(deps: WalletDeps, player: WithdrawingPlayer, provider: Provider, amountSatang: bigint): Promise<PromotionSettlement | null> {
  const usage = await usedUsageAt(deps.db, player, provider);
  if (!usage) return null;
  const credit = await liveCredit(deps, player, provider);
  const turnover = await liveTurnover(deps, player, provider, usage.turnoverSince);
  const check = checkPromotionWithdrawal({ ...usage, turnoverMet: turnover >= usage.turnoverRequiredSatang }, credit, amountSatang);
  if (!check.ok) {
    const detail = check.code === 'PROMOTION_CREDIT_TOO_LOW' ? usage.bonusSatang : check.code === 'PROMOTION_MIN_BALANCE' ? usage.minBalanceSatang : credit;
    throw new AppError(409, ErrorCode[check.code], MESSAGES[check.code](detail));
  }
  return { usageId: usage.usageId, paidSatang: check.paidSatang, retainedSatang: check.retainedSatang };
}
