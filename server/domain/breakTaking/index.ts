// Taking a break: above breaks (the rule of which break runs) and deposits (whose open orders it
// cancels), so that deposits can read the rule without importing this.
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { breakEnd, isDurationOf, type Break, type TakeBreakBody } from '../../../contract/breaks';
import { AppError } from '../errors';
import { claim, requestHash, requireIdempotencyKey, scopes } from '../claims';
import { appendAudit } from '../audit';
import { cancelOpenOrdersForBreak } from '../deposits';
import { runningBreak, toBreak } from '../breaks';
import { lockPlayer, type PlayerRef } from '../players';
import type { Clock } from '../clock';
import { breakByKey, insertBreak } from './repository';

/** Why a new break would shorten the running one; undefined when it may be taken. */
function shortening(running: Break | null, kind: Break['kind'], endsAt: Date | null): string | undefined {
  if (!running || kind === 'SELF_EXCLUSION') return undefined;
  if (running.kind === 'SELF_EXCLUSION') return 'A self-exclusion is running: no time-out is taken during it';
  if (endsAt && running.endsAt && endsAt.getTime() <= new Date(running.endsAt).getTime()) {
    return `A time-out runs until ${running.endsAt}: a new one must end later`;
  }
  return undefined;
}

export interface BreakOutcome {
  taken: Break;
  replayed: boolean;
}

/**
 * POST /players/exclusions: the player takes a break from now. The Idempotency-Key makes a double tap
 * one break (the same key with another request is a 409); a time-out never shortens a running break.
 * The break, the cancelling of the player's open deposit orders and its audit entry (the player as
 * actor) are written in one transaction, with the player's row locked so two requests at once, and
 * a deposit order made at the same moment (createDeposit), are judged one after the other.
 */
export async function takeBreak(
  deps: { db: Database; clock: Clock },
  player: PlayerRef,
  body: TakeBreakBody,
  idempotencyKey: string | undefined,
): Promise<BreakOutcome> {
  const key = requireIdempotencyKey(idempotencyKey);
  if (!isDurationOf(body.kind, body.duration)) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, `${body.duration} is not a duration of a ${body.kind}`);
  }
  const { duration } = body;
  return deps.db.transaction().execute(async (trx) => {
    const { username } = await lockPlayer(trx, player);
    if ((await claim(trx, scopes.playerBreaks(player), key, requestHash(body.kind, duration))) === 'replay') {
      return { taken: toBreak(await breakByKey(trx, player.playerId, key)), replayed: true };
    }

    const now = deps.clock.now();
    const endsAt = breakEnd(now, duration);
    const refusal = shortening(await runningBreak(trx, player, now), body.kind, endsAt);
    if (refusal) throw new AppError(409, ErrorCode.EXCLUSION_CANNOT_SHORTEN, refusal);

    const row = await insertBreak(trx, player, { kind: body.kind, startsAt: now, endsAt, key, duration });
    await cancelOpenOrdersForBreak(trx, player);
    await appendAudit(trx, {
      agencyId: player.agencyId,
      actor: { operatorId: null, name: `player:${username}` },
      action: body.kind === 'TIME_OUT' ? 'TAKE_TIME_OUT' : 'TAKE_SELF_EXCLUSION',
      target: username,
      details: { player: username, duration, until: endsAt ? endsAt.toISOString() : 'for good' },
    });
    return { taken: toBreak(row), replayed: false };
  });
}
