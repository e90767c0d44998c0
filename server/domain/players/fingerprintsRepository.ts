import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { FingerprintReport } from './fingerprints';

/** The player_fingerprints table: every device report of a player, appended and never rewritten. */

export async function insertFingerprint(db: Database, report: FingerprintReport): Promise<{ visitor_id: string; created_at: Date }> {
  return db
    .insertInto('player_fingerprints')
    .values({
      agency_id: report.agencyId,
      player_id: report.playerId,
      visitor_id: report.device.fingerprint,
      device: JSON.stringify(report.device),
      source: report.source,
      ip: report.ip,
    })
    .returning(['visitor_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Each player of the agency seen on a device more than one player used (only the devices this
 * player used when playerId is given), with the player's last sighting on it: by device, then
 * oldest last sighting first.
 */
export async function sharedDeviceSightings(db: Database, agencyId: string, playerId?: string) {
  return db
    .selectFrom('player_fingerprints as seen')
    .innerJoin('players', 'players.id', 'seen.player_id')
    .select(({ fn }) => ['seen.visitor_id', 'seen.player_id', 'players.username', fn.max('seen.created_at').as('last_seen_at')])
    .where('seen.agency_id', '=', agencyId)
    .where('seen.visitor_id', 'in', (eb) =>
      eb
        .selectFrom('devices as device')
        .select('device.visitor_id')
        .where('device.agency_id', '=', agencyId)
        // Counted by triggers on player_fingerprints (migration 0035): read from an index, not grouped here.
        .where('device.players', '>', 1)
        .$if(playerId !== undefined, (q) =>
          q.where('device.visitor_id', 'in', (inner) =>
            inner
              .selectFrom('player_fingerprints as mine')
              .select('mine.visitor_id')
              .where('mine.agency_id', '=', agencyId)
              .where('mine.player_id', '=', playerId!),
          ),
        ),
    )
    .groupBy(['seen.visitor_id', 'seen.player_id', 'players.username'])
    .orderBy('seen.visitor_id')
    .orderBy('last_seen_at')
    .execute();
}

export interface DeviceSighting {
  visitor_id: string;
  user_agent: string | null;
  ip: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** Each device the player reported, with its first sighting and what its last report said, by visitor id. */
export async function deviceSightings(db: Database, agencyId: string, playerId: string): Promise<DeviceSighting[]> {
  const { rows } = await sql<DeviceSighting>`
    SELECT DISTINCT ON (visitor_id) visitor_id, device->>'userAgent' AS user_agent, ip,
      min(created_at) OVER (PARTITION BY visitor_id) AS first_seen_at, created_at AS last_seen_at
    FROM player_fingerprints
    WHERE agency_id = ${agencyId} AND player_id = ${playerId}
    ORDER BY visitor_id, created_at DESC`.execute(db);
  return rows;
}
