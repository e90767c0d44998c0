import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import type { Break } from '../../../contract/breaks';
import { AppError } from '../errors';
import type { PlayerRef } from '../players';
import { breakRunningAt, breaksNotEndedAt, type BreakRow } from './repository';

// A player's break from play (a time-out or a self-exclusion; table player_breaks): the rule the
// money paths read, deposits among them. Taking a break, which also cancels the player's deposit
// orders, lives in ../breakTaking, so this rule never imports deposits.

export const toBreak = (row: BreakRow): Break => ({
  kind: row.kind,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at ? row.ends_at.toISOString() : null,
});

/**
 * The one rule of which break runs for a player at `at`: begun, and not ended (or for good). Of
 * several, the one ending last, so the answer is the time play comes back.
 */
export async function runningBreak(db: Database | Transaction<DB>, player: PlayerRef, at: Date): Promise<Break | null> {
  const row = await breakRunningAt(db, player, at);
  return row ? toBreak(row) : null;
}

/**
 * Refuses what starts play while the player's break runs: 403 PLAYER_EXCLUDED with its kind and
 * end. In a deposit's transaction, after the player's lock, so a break taken at the same moment
 * is seen.
 */
export async function refuseDuringBreak(db: Database | Transaction<DB>, player: PlayerRef, at: Date): Promise<void> {
  const running = await runningBreak(db, player, at);
  if (!running) return;
  const until = running.endsAt ? `until ${running.endsAt}` : 'for good';
  throw new AppError(403, ErrorCode.PLAYER_EXCLUDED, `You are on a break (${running.kind}) ${until}: nothing that starts play is taken`, {
    kind: running.kind,
    until: running.endsAt,
  });
}

/**
 * Whether a player's break had not ended when a payment was made, for the players and payment times
 * given. A break starts when it is taken, so any break read has begun: a payment made just before
 * one and applied during it counts too.
 */
export async function onBreakWhenPaid(
  trx: Transaction<DB>,
  agencyId: string,
  playerIds: string[],
  paidAts: Date[],
): Promise<(playerId: string, paidAt: Date) => boolean> {
  if (playerIds.length === 0) return () => false;
  const earliest = new Date(Math.min(...paidAts.map((at) => at.getTime())));
  const rows = await breaksNotEndedAt(trx, agencyId, playerIds, earliest);
  return (playerId, paidAt) => rows.some((row) => row.player_id === playerId && (row.ends_at === null || row.ends_at > paidAt));
}
