import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { SessionPlayer } from '../players';

/** What the reality check and the statement read: the session's start, the player's chosen interval and the kip paid. */

/** Paid deposits are the orders the bank paid (PAID, then SUCCESS once credited), by what the bank paid. */
const PAID_DEPOSIT = ['PAID', 'SUCCESS'] as const;

/** Kip paid in (deposits) and out (withdrawals) by a player from `since` on. */
export async function paidSince(db: Database, player: SessionPlayer, since: Date): Promise<{ paidIn: bigint; paidOut: bigint }> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select(sql<string>`coalesce(sum(coalesce(paid_amount_kip, amount_kip)), 0)::text`.as('kip'))
      .where('agency_id', '=', player.agencyId)
      .where('player_id', '=', player.playerId)
      .where('status', 'in', PAID_DEPOSIT)
      .where('paid_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select(sql<string>`coalesce(sum(coalesce(received_kip, amount_kip)), 0)::text`.as('kip'))
      .where('agency_id', '=', player.agencyId)
      .where('player_id', '=', player.playerId)
      .where('status', '=', 'SUCCESS')
      .where('completed_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { paidIn: BigInt(deposits.kip), paidOut: BigInt(withdrawals.kip) };
}

export async function sessionStartedAt(db: Database, sessionId: string): Promise<Date> {
  const session = await db.selectFrom('player_sessions').select('created_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
  return session.created_at;
}

/** The interval the player chose; undefined when the player never chose one. */
export async function chosenMinutes(db: Database, playerId: string): Promise<number | undefined> {
  const choice = await db.selectFrom('player_reality_checks').select('minutes').where('player_id', '=', playerId).executeTakeFirst();
  return choice?.minutes;
}

/** Writes the player's interval, replacing an earlier choice. */
export async function saveChosenMinutes(db: Database, player: SessionPlayer, minutes: number): Promise<void> {
  await db
    .insertInto('player_reality_checks')
    .values({ player_id: player.playerId, agency_id: player.agencyId, minutes })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ minutes, updated_at: sql<Date>`now()` }))
    .execute();
}

export interface MonthTotal {
  month: string;
  count: string;
  kip: string;
}

const monthOf = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM')`;

/** Per Vientiane month (YYYY-MM) from `from` to `to`, the count and kip of the player's paid deposits and paid withdrawals. */
export async function monthlyPaidTotals(
  db: Database,
  agencyId: string,
  playerId: string,
  from: Date,
  to: Date,
): Promise<{ deposits: MonthTotal[]; withdrawals: MonthTotal[] }> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposit_orders')
      .select([
        monthOf('paid_at').as('month'),
        sql<string>`count(*)::text`.as('count'),
        sql<string>`sum(coalesce(paid_amount_kip, amount_kip))::text`.as('kip'),
      ])
      .where('agency_id', '=', agencyId)
      .where('player_id', '=', playerId)
      .where('status', 'in', PAID_DEPOSIT)
      .where('paid_at', '>=', from)
      .where('paid_at', '<=', to)
      .groupBy('month')
      .execute(),
    db
      .selectFrom('withdrawals')
      .select([
        monthOf('completed_at').as('month'),
        sql<string>`count(*)::text`.as('count'),
        sql<string>`sum(coalesce(received_kip, amount_kip))::text`.as('kip'),
      ])
      .where('agency_id', '=', agencyId)
      .where('player_id', '=', playerId)
      .where('status', '=', 'SUCCESS')
      .where('completed_at', '>=', from)
      .where('completed_at', '<=', to)
      .groupBy('month')
      .execute(),
  ]);
  return { deposits, withdrawals };
}
