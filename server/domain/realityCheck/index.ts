import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { RealityCheck, RealityCheckMinutes } from '../../../contract/realityCheck';
import { STATEMENT_MONTHS, type Statement } from '../../../contract/responsiblePlay';
import type { SessionPlayer } from '../players';
import { responsiblePlaySettingsOf } from '../agencies';

/** Paid deposits are the orders the bank paid (PAID, then SUCCESS once credited), by what the bank paid. */
const PAID_DEPOSIT = ['PAID', 'SUCCESS'] as const;

/** Kip paid in (deposits) and out (withdrawals) by a player from `since` on. */
async function paidSince(db: Database, player: SessionPlayer, since: Date): Promise<{ paidIn: bigint; paidOut: bigint }> {
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

/** The session's start, the interval the player chose (else the agency's default) and the kip paid in and out since login. */
export async function realityCheckOf(db: Database, player: SessionPlayer): Promise<RealityCheck> {
  const [session, choice, settings] = await Promise.all([
    db.selectFrom('player_sessions').select('created_at').where('id', '=', player.sessionId).executeTakeFirstOrThrow(),
    db.selectFrom('player_reality_checks').select('minutes').where('player_id', '=', player.playerId).executeTakeFirst(),
    responsiblePlaySettingsOf(db, player.agencyId),
  ]);
  const { paidIn, paidOut } = await paidSince(db, player, session.created_at);
  return {
    sessionStartedAt: session.created_at.toISOString(),
    minutes: (choice?.minutes ?? settings.realityCheckDefaultMinutes) as RealityCheckMinutes,
    chosen: choice !== undefined,
    paidInKip: paidIn.toString(),
    paidOutKip: paidOut.toString(),
    netKip: (paidIn - paidOut).toString(),
  };
}

/** Keeps the player's choice of interval; it applies to every session from now on, this one included. */
export async function chooseRealityCheck(db: Database, player: SessionPlayer, minutes: RealityCheckMinutes): Promise<RealityCheck> {
  await db
    .insertInto('player_reality_checks')
    .values({ player_id: player.playerId, agency_id: player.agencyId, minutes })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ minutes, updated_at: sql<Date>`now()` }))
    .execute();
  return realityCheckOf(db, player);
}

/** Vientiane keeps UTC+7 all year. */
const VIENTIANE_OFFSET_MS = 7 * 3600_000;

/** The last 12 Vientiane months up to `now`'s, newest first, as YYYY-MM, and the instant the oldest began. */
function statementMonths(now: Date): { months: string[]; from: Date } {
  const local = new Date(now.getTime() + VIENTIANE_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const months = Array.from({ length: STATEMENT_MONTHS }, (_, back) => {
    const first = new Date(Date.UTC(year, month - back, 1));
    return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return { months, from: new Date(Date.UTC(year, month - (STATEMENT_MONTHS - 1), 1) - VIENTIANE_OFFSET_MS) };
}

interface MonthTotal {
  month: string;
  count: string;
  kip: string;
}

const monthOf = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM')`;

/** Per Vientiane month of the last 12, the count and kip of the player's paid deposits and paid withdrawals, and the net. */
export async function statementOf(db: Database, agencyId: string, playerId: string, now: Date): Promise<Statement> {
  const { months, from } = statementMonths(now);
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
      .where('paid_at', '<=', now)
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
      .where('completed_at', '<=', now)
      .groupBy('month')
      .execute(),
  ]);
  const byMonth = (rows: MonthTotal[]) => new Map(rows.map((row) => [row.month, row]));
  const paidIn = byMonth(deposits);
  const paidOut = byMonth(withdrawals);
  return {
    months: months.map((month) => {
      const deposit = paidIn.get(month);
      const withdrawal = paidOut.get(month);
      const inKip = BigInt(deposit?.kip ?? 0);
      const outKip = BigInt(withdrawal?.kip ?? 0);
      return {
        month,
        deposits: { count: Number(deposit?.count ?? 0), kip: inKip.toString() },
        withdrawals: { count: Number(withdrawal?.count ?? 0), kip: outKip.toString() },
        netKip: (inKip - outKip).toString(),
      };
    }),
  };
}
