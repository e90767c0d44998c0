import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Break } from '../../../contract/breaks';
import type { PlayerRef } from '../players';

/** The player_breaks table as the rule of which break runs reads it. */

export type BreakRow = { kind: Break['kind']; starts_at: Date; ends_at: Date | null };

/** The break running for the player at `at`: begun, and not ended (or for good); of several, the one ending last. */
export async function breakRunningAt(db: Database | Transaction<DB>, player: PlayerRef, at: Date): Promise<BreakRow | undefined> {
  return db
    .selectFrom('player_breaks')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('ends_at', (ob) => ob.desc().nullsFirst())
    .limit(1)
    .executeTakeFirst();
}

/** The breaks of these players of the agency not ended at `at` (begun or not). */
export async function breaksNotEndedAt(
  trx: Transaction<DB>,
  agencyId: string,
  playerIds: string[],
  at: Date,
): Promise<{ player_id: string; ends_at: Date | null }[]> {
  return trx
    .selectFrom('player_breaks')
    .select(['player_id', 'ends_at'])
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', sql<string>`ANY(${[...new Set(playerIds)]}::uuid[])`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute();
}
