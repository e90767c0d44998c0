import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { PromotionTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import type { PromotionUsageEndReason, PromotionUsageStatus } from '../../../contract/promotions';
import { AppError } from '../errors';
import { defineLifecycle, moveStatus, type TransitionSet } from '../lifecycle';
import type { LedgerTrx } from '../ledger';
import { notCancelable } from './rules';

/**
 * The promotion usage's lifecycle: its transition table, pure, and the statements that alone write
 * promotion_usages.status. A usage is created ACTIVE when the player takes a promotion.
 */

export type UsageEvent = 'deposit' | 'promotionEnded' | 'cancel' | 'complete' | 'reopen' | 'refund';

export const PROMOTION_USAGE = defineLifecycle<PromotionUsageStatus, UsageEvent>({
  title: 'Promotion usage',
  table: 'promotion_usages',
  initial: ['ACTIVE'],
  refusal: ErrorCode.PROMOTION_USAGE,
  transitions: {
    // The payment of the deposit that took it brings the bonus from the pool.
    deposit: { from: ['ACTIVE'], to: 'USED', by: ['webhook', 'player check'] },
    // Switched off before any deposit, or the pool could not cover the bonus at payment.
    promotionEnded: { from: ['ACTIVE'], to: 'INACTIVE', by: ['player recheck', 'webhook', 'player check'] },
    cancel: { from: ['ACTIVE', 'USED'], to: 'CANCELED', by: ['player'] },
    // Turnover met or credit below the threshold (recheck, a new deposit), or its credit withdrawn.
    complete: { from: ['USED'], to: 'SUCCESS', by: ['player recheck', 'player deposit', 'player withdrawal'] },
    // The withdrawal that completed it was rejected or its payout failed: its credit is back.
    reopen: { from: ['SUCCESS'], to: 'USED', by: ['operator reject', 'payout failure'] },
    // Its deposit never reached the provider and was refunded, the bonus back in the pool.
    refund: { from: ['USED'], to: 'CANCELED', by: ['deposit refund'] },
  },
});

export type UsageRow = Selectable<PromotionTables['promotion_usages']>;

/** Runs `write` in the caller's transaction, or in one of its own. */
const inTransaction = <T>(db: Database | LedgerTrx, write: (trx: LedgerTrx) => Promise<T>): Promise<T> =>
  db.isTransaction ? write(db as LedgerTrx) : db.transaction().execute(write);

/** The columns a usage's end writes beside its status. */
export const ending = (reason: PromotionUsageEndReason, turnover?: bigint): TransitionSet => ({
  end_reason: reason,
  ended_at: sql`now()`,
  ...(turnover === undefined ? {} : { turnover_satang: turnover }),
});

/**
 * Moves the usage by the event, or undefined when it had moved on meanwhile: a background move
 * (a payment, a withdrawal's outcome) then has nothing to do.
 */
export function moveUsage(
  db: Database | LedgerTrx,
  event: UsageEvent,
  usageId: string,
  set?: TransitionSet,
): Promise<UsageRow | undefined> {
  return inTransaction(db, (trx) => moveStatus<UsageRow, PromotionUsageStatus, UsageEvent>(trx, PROMOTION_USAGE, event, usageId, set));
}

/**
 * Completes a USED usage by its turnover or its credit (a recheck, a new deposit), unless a cancel
 * is taking its bonus back: that cancel decides how the usage ends, and a bonus forfeited must not
 * leave it SUCCESS. Under the usage's lock, which the cancel's claim takes too. A withdrawal needs
 * no such check: the provider's credit orders it with the cancel's take, one of them refused.
 */
export function completeUnlessCancelling(db: Database | LedgerTrx, usageId: string, set: TransitionSet): Promise<UsageRow | undefined> {
  return inTransaction(db, async (trx) => {
    const usage = await trx
      .selectFrom('promotion_usages')
      .select('cancel_take_satang')
      .where('id', '=', usageId)
      .forUpdate()
      .executeTakeFirst();
    if (!usage || usage.cancel_take_satang !== null) return undefined;
    return moveStatus<UsageRow, PromotionUsageStatus, UsageEvent>(trx, PROMOTION_USAGE, 'complete', usageId, set);
  });
}

/** Moves the usage by the player's event, or answers 409 with the status it is in. */
export async function transitionUsage(
  db: Database | LedgerTrx,
  event: UsageEvent,
  usageId: string,
  set?: TransitionSet,
): Promise<UsageRow> {
  const moved = await moveUsage(db, event, usageId, set);
  if (moved) return moved;
  const current = await db.selectFrom('promotion_usages').select('status').where('id', '=', usageId).executeTakeFirst();
  if (!current) throw new AppError(404, ErrorCode.NOT_FOUND, `No promotion usage ${usageId}`);
  if (event === 'cancel') throw notCancelable(current.status);
  throw new AppError(409, ErrorCode.PROMOTION_USAGE, `A ${current.status} promotion usage cannot ${event}`);
}

/**
 * The refund of a deposit cancels the usage it brought into use, if that usage is still USED. By
 * the deposit order, so this one statement of the lifecycle keeps the from-status guard itself.
 */
export async function refundUsageOf(trx: LedgerTrx, agencyId: string, depositOrderId: string): Promise<void> {
  const { from, to } = PROMOTION_USAGE.transitions.refund;
  await sql`UPDATE promotion_usages SET status = ${to}, end_reason = ${'CANCELED'}, ended_at = now()
    WHERE agency_id = ${agencyId} AND deposit_order_id = ${depositOrderId} AND status IN (${sql.join(from)})`.execute(trx);
}
