import type { Database } from '../../db/database';
import type { RealityCheck, RealityCheckMinutes } from '../../../contract/realityCheck';
import { STATEMENT_MONTHS, type Statement } from '../../../contract/responsiblePlay';
import type { SessionPlayer } from '../players';
import { responsiblePlaySettingsOf } from '../agencies';
import { chosenMinutes, monthlyPaidTotals, paidSince, saveChosenMinutes, sessionStartedAt, type MonthTotal } from './repository';

/** The session's start, the interval the player chose (else the agency's default) and the kip paid in and out since login. */
export async function realityCheckOf(db: Database, player: SessionPlayer): Promise<RealityCheck> {
  const [startedAt, chosen, settings] = await Promise.all([
    sessionStartedAt(db, player.sessionId),
    chosenMinutes(db, player.playerId),
    responsiblePlaySettingsOf(db, player.agencyId),
  ]);
  const { paidIn, paidOut } = await paidSince(db, player, startedAt);
  return {
    sessionStartedAt: startedAt.toISOString(),
    minutes: (chosen ?? settings.realityCheckDefaultMinutes) as RealityCheckMinutes,
    chosen: chosen !== undefined,
    paidInKip: paidIn.toString(),
    paidOutKip: paidOut.toString(),
    netKip: (paidIn - paidOut).toString(),
  };
}

/** Keeps the player's choice of interval; it applies to every session from now on, this one included. */
export async function chooseRealityCheck(db: Database, player: SessionPlayer, minutes: RealityCheckMinutes): Promise<RealityCheck> {
  await saveChosenMinutes(db, player, minutes);
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

/** Per Vientiane month of the last 12, the count and kip of the player's paid deposits and paid withdrawals, and the net. */
export async function statementOf(db: Database, agencyId: string, playerId: string, now: Date): Promise<Statement> {
  const { months, from } = statementMonths(now);
  const { deposits, withdrawals } = await monthlyPaidTotals(db, agencyId, playerId, from, now);
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
