import type { Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { BreakDuration, BreakKind } from '../../../contract/breaks';
import type { PlayerRef } from '../players';

/** The player_breaks rows a player's request writes, found again by its Idempotency-Key. */

type TakenBreak = Pick<Selectable<DB['player_breaks']>, 'kind' | 'starts_at' | 'ends_at'>;

/** The break the player's request with this Idempotency-Key wrote. */
export async function breakByKey(trx: Transaction<DB>, playerId: string, key: string): Promise<TakenBreak> {
  return trx
    .selectFrom('player_breaks')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('player_id', '=', playerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
}

export async function insertBreak(
  trx: Transaction<DB>,
  player: PlayerRef,
  taken: { kind: BreakKind; startsAt: Date; endsAt: Date | null; key: string; duration: BreakDuration },
): Promise<TakenBreak> {
  return trx
    .insertInto('player_breaks')
    .values({
      agency_id: player.agencyId,
      player_id: player.playerId,
      kind: taken.kind,
      starts_at: taken.startsAt,
      ends_at: taken.endsAt,
      idempotency_key: taken.key,
      duration: taken.duration,
    })
    .returning(['kind', 'starts_at', 'ends_at'])
    .executeTakeFirstOrThrow();
}
