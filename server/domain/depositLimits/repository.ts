import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import { NO_LIMIT, periodStart, type DepositLimitPeriod, type StoredLimit } from '../../../contract/depositLimits';
import type { PlayerRef } from '../players';

/** A player's stored deposit limits, the agency's maximum and the kip each current period has used. */

export type Db = Database | Transaction<DB>;
export type PerPeriod<T> = Record<DepositLimitPeriod, T>;

const kipOrNull = (value: string | null): bigint | null => (value === null ? null : BigInt(value));
export const textOrNull = (value: bigint | null): string | null => (value === null ? null : value.toString());

export async function agencyMaximum(db: Db, agencyId: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('agency_responsible_play_settings')
    .select('deposit_limit_max_kip')
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  return kipOrNull(row?.deposit_limit_max_kip ?? null);
}

export async function storedLimits(db: Db, who: PlayerRef): Promise<PerPeriod<StoredLimit>> {
  const rows = await db
    .selectFrom('player_deposit_limits')
    .select(['period', 'limit_kip', 'pending_kip', 'pending_at'])
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .execute();
  const stored: PerPeriod<StoredLimit> = { day: NO_LIMIT, week: NO_LIMIT, month: NO_LIMIT };
  for (const row of rows) {
    stored[row.period] = {
      limit: kipOrNull(row.limit_kip),
      pending: row.pending_at ? { limit: kipOrNull(row.pending_kip), effectiveAt: row.pending_at } : null,
    };
  }
  return stored;
}

/** Writes the period's limit and its pending change, replacing what was stored. */
export async function saveLimit(
  trx: Transaction<DB>,
  who: PlayerRef,
  period: DepositLimitPeriod,
  limit: StoredLimit,
  now: Date,
): Promise<void> {
  const row = {
    limit_kip: textOrNull(limit.limit),
    pending_kip: limit.pending ? textOrNull(limit.pending.limit) : null,
    pending_at: limit.pending?.effectiveAt ?? null,
    updated_at: now,
  };
  await trx
    .insertInto('player_deposit_limits')
    .values({ player_id: who.playerId, agency_id: who.agencyId, period, ...row })
    .onConflict((conflict) => conflict.columns(['player_id', 'period']).doUpdateSet(row))
    .execute();
}

/** Kip of the player's paid deposits and open, unexpired orders made in each current period. */
export async function usedKip(db: Db, who: PlayerRef, now: Date): Promise<PerPeriod<bigint>> {
  const starts = { day: periodStart('day', now), week: periodStart('week', now), month: periodStart('month', now) };
  const earliest = starts.week < starts.month ? starts.week : starts.month;
  const sumSince = (start: Date) => sql<string>`coalesce(sum(amount_kip) filter (where created_at >= ${start}), 0)`;
  const row = await db
    .selectFrom('deposit_orders')
    .select([sumSince(starts.day).as('day'), sumSince(starts.week).as('week'), sumSince(starts.month).as('month')])
    .where('agency_id', '=', who.agencyId)
    .where('player_id', '=', who.playerId)
    .where('created_at', '>=', earliest)
    .where((eb) => eb.or([eb('status', 'in', ['PAID', 'SUCCESS']), eb.and([eb('status', '=', 'OPEN'), eb('expires_at', '>', now)])]))
    .executeTakeFirstOrThrow();
  return { day: BigInt(row.day), week: BigInt(row.week), month: BigInt(row.month) };
}
