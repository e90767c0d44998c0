import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import type { PromotionUsage, PromotionUsagePage, PromotionUsageStatus, TranslatedText } from '../../../contract/promotions';
import type { DepositStatus } from '../../../contract/deposits';
import { AppError } from '../errors';
import type { LedgerTrx } from '../ledger';
import { lockPlayer, type PlayerRef } from '../players';
import { ending, moveUsage, refundUsageOf, type UsageRow } from './lifecycle';
import { UUID } from './rules';

/** The promotion_usages table: a player's usages, their row mapping, and the reads a deposit or a withdrawal needs. */

const thb = (value: string | null) => (value === null ? null : formatAmount(BigInt(value), 'THB'));

const usageColumns = [
  'promotion_usages.id',
  'promotion_usages.agency_id',
  'promotion_usages.player_id',
  'promotion_usages.promotion_id',
  'promotion_usages.provider',
  'promotion_usages.status',
  'promotion_usages.deposit_order_id',
  'promotion_usages.deposit_credit_satang',
  'promotion_usages.bonus_satang',
  'promotion_usages.credit_received_satang',
  'promotion_usages.turnover_required_satang',
  'promotion_usages.turnover_satang',
  'promotion_usages.turnover_since',
  'promotion_usages.cancel_take_satang',
  'promotion_usages.cancel_attempt',
  'promotion_usages.created_at',
  'promotion_usages.used_at',
  'promotion_usages.ended_at',
  'promotion_usages.end_reason',
] as const;

export type UsageView = UsageRow & { promotion_name: TranslatedText; deposit_code: string | null };

/** Usages with their promotion's name and the code of the deposit that took them. */
function usages(db: Database | LedgerTrx, who: PlayerRef) {
  return db
    .selectFrom('promotion_usages')
    .innerJoin('promotions', 'promotions.id', 'promotion_usages.promotion_id')
    .leftJoin('deposit_orders', (join) =>
      join.on((eb) =>
        eb.or([
          eb('deposit_orders.id', '=', eb.ref('promotion_usages.deposit_order_id')),
          // Before payment the usage names no order yet; its open order names the usage.
          eb.and([
            eb('promotion_usages.deposit_order_id', 'is', null),
            eb('deposit_orders.promotion_usage_id', '=', eb.ref('promotion_usages.id')),
            eb('deposit_orders.status', '=', 'OPEN'),
            eb('deposit_orders.expires_at', '>', sql<Date>`now()`),
          ]),
        ]),
      ),
    )
    .select(usageColumns)
    .select(['promotions.name as promotion_name', 'deposit_orders.code as deposit_code'])
    .where('promotion_usages.agency_id', '=', who.agencyId)
    .where('promotion_usages.player_id', '=', who.playerId);
}

export function toUsage(row: UsageView): PromotionUsage {
  return {
    usageId: row.id,
    promotionId: row.promotion_id,
    promotionName: row.promotion_name,
    provider: row.provider as Provider,
    status: row.status,
    depositCode: row.deposit_code,
    depositCredit: thb(row.deposit_credit_satang),
    bonus: thb(row.bonus_satang),
    creditReceived: thb(row.credit_received_satang),
    turnoverRequired: thb(row.turnover_required_satang),
    turnover: thb(row.turnover_satang),
    createdAt: row.created_at.toISOString(),
    usedAt: row.used_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

export async function usageInProgress(db: Database | LedgerTrx, who: PlayerRef): Promise<UsageView | undefined> {
  return usages(db, who).where('promotion_usages.status', 'in', ['ACTIVE', 'USED']).executeTakeFirst();
}

export async function usageById(db: Database | LedgerTrx, who: PlayerRef, usageId: string): Promise<UsageView> {
  const row = UUID.test(usageId) ? await usages(db, who).where('promotion_usages.id', '=', usageId).executeTakeFirst() : undefined;
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No promotion usage ${usageId}`);
  return row;
}

/** GET /players/promotions/using: the usage in progress, or null. */
export async function usingPromotion(db: Database, who: PlayerRef): Promise<PromotionUsage | null> {
  const row = await usageInProgress(db, who);
  return row ? toUsage(row) : null;
}

/** GET /promotions/usages: the player's usages, newest first, optionally of one status. */
export async function usagesOf(
  db: Database,
  who: PlayerRef,
  page: number,
  pageSize: number,
  status?: PromotionUsageStatus,
): Promise<PromotionUsagePage> {
  const scoped = db
    .selectFrom('promotion_usages')
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [rows, count] = await Promise.all([
    usages(db, who)
      .$if(status !== undefined, (q) => q.where('promotion_usages.status', '=', status!))
      .orderBy('promotion_usages.created_at', 'desc')
      .orderBy('promotion_usages.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: (rows as UsageView[]).map(toUsage), page, pageSize, total: Number(count.total) };
}

/** What a withdrawal with a promotion in use needs to know about it. */
export interface UsageForWithdrawal {
  usageId: string;
  bonusSatang: bigint;
  creditReceivedSatang: bigint;
  turnoverRequiredSatang: bigint;
  turnoverSince: Date;
  minBalanceSatang: bigint;
  maxWithdrawPercent: number;
}

/** The player's USED usage when it is for this provider; the withdrawal rules apply only then. */
export async function usedUsageAt(db: Database, who: PlayerRef, provider: Provider): Promise<UsageForWithdrawal | null> {
  const row = await db
    .selectFrom('promotion_usages')
    .innerJoin('promotions', 'promotions.id', 'promotion_usages.promotion_id')
    .select([
      'promotion_usages.id',
      'promotion_usages.bonus_satang',
      'promotion_usages.credit_received_satang',
      'promotion_usages.turnover_required_satang',
      'promotion_usages.turnover_since',
      'promotions.min_balance_satang',
      'promotions.max_withdraw_percent',
    ])
    .where('promotion_usages.agency_id', '=', who.agencyId)
    .where('promotion_usages.player_id', '=', who.playerId)
    .where('promotion_usages.status', '=', 'USED')
    .where('promotion_usages.provider', '=', provider)
    .executeTakeFirst();
  if (!row) return null;
  return {
    usageId: row.id,
    bonusSatang: BigInt(row.bonus_satang!),
    creditReceivedSatang: BigInt(row.credit_received_satang!),
    turnoverRequiredSatang: BigInt(row.turnover_required_satang!),
    turnoverSince: row.turnover_since!,
    minBalanceSatang: BigInt(row.min_balance_satang),
    maxWithdrawPercent: row.max_withdraw_percent,
  };
}

/**
 * A withdrawal under the usage's rules is being recorded: the usage ends, the promotion's credit
 * withdrawn. False when the usage had ended meanwhile (its deposit refunded), so its rules no longer apply.
 */
export async function endUsageByWithdrawal(trx: LedgerTrx, usageId: string): Promise<boolean> {
  return (await moveUsage(trx, 'complete', usageId, ending('WITHDRAWN'))) !== undefined;
}

/**
 * That withdrawal was rejected or failed and its whole credit goes back: the usage is in use
 * again, unless the player has taken another promotion since.
 */
export async function reopenUsageAfterWithdrawal(trx: LedgerTrx, agencyId: string, usageId: string): Promise<void> {
  const owner = await trx.selectFrom('promotion_usages').select('player_id').where('id', '=', usageId).executeTakeFirstOrThrow();
  // The player's turn before the usage's row, as a take of another promotion takes it.
  await lockPlayer(trx, { agencyId, playerId: owner.player_id });
  const usage = await trx
    .selectFrom('promotion_usages')
    .select(['player_id', 'status', 'end_reason'])
    .where('agency_id', '=', agencyId)
    .where('id', '=', usageId)
    .forUpdate()
    .executeTakeFirst();
  if (!usage || usage.status !== 'SUCCESS' || usage.end_reason !== 'WITHDRAWN') return;
  const other = await usageInProgress(trx, { agencyId, playerId: usage.player_id });
  if (other) return;
  await moveUsage(trx, 'reopen', usageId, { end_reason: null, ended_at: null });
}

/** How many usages each promotion of the agency has had, any status (the console's list); none is absent. */
export async function usageCountsOf(db: Database, agencyId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('promotion_usages')
    .select(['promotion_id', (eb) => eb.fn.countAll<string>().as('usages')])
    .where('agency_id', '=', agencyId)
    .groupBy('promotion_id')
    .execute();
  return new Map(rows.map((row) => [row.promotion_id, Number(row.usages)]));
}

/**
 * The deposit of a USED usage never reached the provider and was refunded to its payer, its bonus
 * back in the pool: the usage ends CANCELED in the refund's transaction.
 */
export async function endUsageByRefund(trx: LedgerTrx, agencyId: string, depositOrderId: string): Promise<void> {
  await refundUsageOf(trx, agencyId, depositOrderId);
}

/**
 * Whether the player has had the bonus of this promotion already (each promotion gives its bonus
 * once). A bonus whose deposit was refunded never reached the player, so it does not count.
 */
export async function hasHadBonusOf(db: Database, who: PlayerRef, promotionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('promotion_usages')
    .leftJoin('deposit_orders', 'deposit_orders.id', 'promotion_usages.deposit_order_id')
    .select('promotion_usages.id')
    .where('promotion_usages.agency_id', '=', who.agencyId)
    .where('promotion_usages.player_id', '=', who.playerId)
    .where('promotion_usages.promotion_id', '=', promotionId)
    .where('promotion_usages.bonus_satang', 'is not', null)
    .where((eb) => eb.or([eb('deposit_orders.failure_code', 'is', null), eb('deposit_orders.failure_code', '<>', 'REFUNDED')]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the player has a deposit in this status: SUCCESS (first-order promotions), or OPEN now
 * (past its expiry an order is not open, whether or not the reconciler has written that yet).
 */
export async function hasDepositIn(db: Database, who: PlayerRef, status: 'SUCCESS' | 'OPEN'): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_orders')
    .select('id')
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('status', '=', status)
    .$if(status === 'OPEN', (q) => q.where('expires_at', '>', sql<Date>`now()`))
    .executeTakeFirst();
  return row !== undefined;
}

/** A new ACTIVE usage of a promotion at one provider; its id. */
export async function insertUsage(trx: LedgerTrx, who: PlayerRef, promotionId: string, provider: Provider): Promise<string> {
  const { id } = await trx
    .insertInto('promotion_usages')
    .values({ agency_id: who.agencyId, player_id: who.playerId, promotion_id: promotionId, provider })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The status of the deposit a usage took its bonus with. */
export async function usageDepositStatus(trx: LedgerTrx, depositOrderId: string): Promise<DepositStatus> {
  const { status } = await trx.selectFrom('deposit_orders').select('status').where('id', '=', depositOrderId).executeTakeFirstOrThrow();
  return status;
}

/** Records what a cancel takes back from the provider, and under which attempt, before it is asked for. */
export async function recordCancelTake(trx: LedgerTrx, agencyId: string, usageId: string, take: bigint, attempt: number): Promise<void> {
  await trx
    .updateTable('promotion_usages')
    .set({ cancel_take_satang: take, cancel_attempt: attempt })
    .where('agency_id', '=', agencyId)
    .where('id', '=', usageId)
    .execute();
}

/** Locks a usage for the rest of the transaction. */
export async function lockUsage(trx: LedgerTrx, agencyId: string, usageId: string): Promise<UsageRow | undefined> {
  return trx
    .selectFrom('promotion_usages')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('id', '=', usageId)
    .forUpdate()
    .executeTakeFirst();
}

/** Updates a usage while it is USED (and, when one is given, still at that cancel attempt). */
export async function updateUsedUsage(
  db: Database,
  who: PlayerRef,
  usageId: string,
  values: { turnover_satang?: bigint; cancel_take_satang?: null },
  cancelAttempt?: number,
): Promise<void> {
  await db
    .updateTable('promotion_usages')
    .set(values)
    .where('agency_id', '=', who.agencyId)
    .where('id', '=', usageId)
    .where('status', '=', 'USED')
    .$if(cancelAttempt !== undefined, (q) => q.where('cancel_attempt', '=', cancelAttempt!))
    .execute();
}
