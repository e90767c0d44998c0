import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../src/contract/errors';
import { exclusionEnd, isDurationOf, type Exclusion, type TakeExclusionBody } from '../../../src/contract/exclusions';
import { AppError } from '../errors';
import { claim, requestHash, requireIdempotencyKey, scopes } from '../claims';
import { appendAudit } from '../operators/audit';
import { cancelOpenOrdersForBreak } from '../deposits/repository';
import { lockPlayer, type PlayerRef } from '../players';
import type { Clock } from '../clock';

type Row = { kind: Exclusion['kind']; starts_at: Date; ends_at: Date | null };

const toExclusion = (row: Row): Exclusion => ({
  kind: row.kind,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at ? row.ends_at.toISOString() : null,
});

/**
 * The one rule of which break runs for a player at `at`: begun, and not ended (or for good). Of
 * several, the one ending last, so the answer is the time play comes back.
 */
export async function runningExclusion(db: Database | Transaction<DB>, player: PlayerRef, at: Date): Promise<Exclusion | null> {
  const row = await db
    .selectFrom('player_exclusions')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('ends_at', (ob) => ob.desc().nullsFirst())
    .limit(1)
    .executeTakeFirst();
  return row ? toExclusion(row) : null;
}

/**
 * Refuses what starts play while the player's break runs: 403 PLAYER_EXCLUDED with its kind and
 * end. In a deposit's transaction, after the player's lock, so a break taken at the same moment
 * is seen.
 */
export async function refuseDuringBreak(db: Database | Transaction<DB>, player: PlayerRef, at: Date): Promise<void> {
  const exclusion = await runningExclusion(db, player, at);
  if (!exclusion) return;
  const until = exclusion.endsAt ? `until ${exclusion.endsAt}` : 'for good';
  throw new AppError(403, ErrorCode.PLAYER_EXCLUDED, `You are on a break (${exclusion.kind}) ${until}: nothing that starts play is taken`, {
    kind: exclusion.kind,
    until: exclusion.endsAt,
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
  const rows = await trx
    .selectFrom('player_exclusions')
    .select(['player_id', 'ends_at'])
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', sql<string>`ANY(${[...new Set(playerIds)]}::uuid[])`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', earliest)]))
    .execute();
  return (playerId, paidAt) => rows.some((row) => row.player_id === playerId && (row.ends_at === null || row.ends_at > paidAt));
}

/** Why a new break would shorten the running one; undefined when it may be taken. */
function shortening(running: Exclusion | null, kind: Exclusion['kind'], endsAt: Date | null): string | undefined {
  if (!running || kind === 'SELF_EXCLUSION') return undefined;
  if (running.kind === 'SELF_EXCLUSION') return 'A self-exclusion is running: no time-out is taken during it';
  if (endsAt && running.endsAt && endsAt.getTime() <= new Date(running.endsAt).getTime()) {
    return `A time-out runs until ${running.endsAt}: a new one must end later`;
  }
  return undefined;
}

export interface ExclusionOutcome {
  exclusion: Exclusion;
  replayed: boolean;
}

/**
 * POST /players/exclusions: the player takes a break from now. The Idempotency-Key makes a double tap
 * one break (the same key with another request is a 409); a time-out never shortens a running break.
 * The break, the cancelling of the player's open deposit orders and its audit entry (the player as
 * actor) are written in one transaction, with the player's row locked so two requests at once, and
 * a deposit order made at the same moment (createDeposit), are judged one after the other.
 */
export async function takeExclusion(
  deps: { db: Database; clock: Clock },
  player: PlayerRef,
  body: TakeExclusionBody,
  idempotencyKey: string | undefined,
): Promise<ExclusionOutcome> {
  const key = requireIdempotencyKey(idempotencyKey);
  if (!isDurationOf(body.kind, body.duration)) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, `${body.duration} is not a duration of a ${body.kind}`);
  }
  const { duration } = body;
  return deps.db.transaction().execute(async (trx) => {
    const { username } = await lockPlayer(trx, player);
    if ((await claim(trx, scopes.playerBreaks(player), key, requestHash(body.kind, duration))) === 'replay') {
      const recorded = await trx
        .selectFrom('player_exclusions')
        .select(['kind', 'starts_at', 'ends_at'])
        .where('player_id', '=', player.playerId)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      return { exclusion: toExclusion(recorded), replayed: true };
    }

    const now = deps.clock.now();
    const endsAt = exclusionEnd(now, duration);
    const refusal = shortening(await runningExclusion(trx, player, now), body.kind, endsAt);
    if (refusal) throw new AppError(409, ErrorCode.EXCLUSION_CANNOT_SHORTEN, refusal);

    const row = await trx
      .insertInto('player_exclusions')
      .values({
        agency_id: player.agencyId,
        player_id: player.playerId,
        kind: body.kind,
        starts_at: now,
        ends_at: endsAt,
        idempotency_key: key,
        duration,
      })
      .returning(['kind', 'starts_at', 'ends_at'])
      .executeTakeFirstOrThrow();
    await cancelOpenOrdersForBreak(trx, player);
    await appendAudit(trx, {
      agencyId: player.agencyId,
      actor: { operatorId: null, name: `player:${username}` },
      action: body.kind === 'TIME_OUT' ? 'TAKE_TIME_OUT' : 'TAKE_SELF_EXCLUSION',
      target: username,
      details: { player: username, duration, until: endsAt ? endsAt.toISOString() : 'for good' },
    });
    return { exclusion: toExclusion(row), replayed: false };
  });
}
