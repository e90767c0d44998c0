import type { Database } from '../db/database';
import type { Provider } from '../../src/contract/providers';

export interface WithdrawingPlayer {
  agencyId: string;
  playerId: string;
}

/**
 * The promotion conditions of SPEC.md section 5 on a withdrawal: the credit must exceed the
 * promotion's credit, the whole credit must be withdrawn, a minimum balance, a maximum credit (a
 * percent of the received amount) with the excess returned, and the bonus deducted. It refuses by
 * throwing an AppError (WITHDRAW_REJECTED or a promotion code) and changes nothing.
 *
 * Today it applies no rule: the promotions capability, which owns these rules, has no tables yet,
 * so no player can have a promotion in use. The promotions issue fills this function in; the
 * withdrawal flow already calls it before any credit moves.
 */
export async function checkPromotionWithdrawalRules(db: Database, player: WithdrawingPlayer, provider: Provider, amountSatang: bigint): Promise<void> {}
