import type { Database } from '../../db/database';
import type { DeviceFingerprint } from '../../../contract/players';

export interface FingerprintReport {
  agencyId: string;
  playerId: string;
  device: DeviceFingerprint;
  /** register: sent with the registration; visit: the site's daily or changed-device report. */
  source: 'register' | 'visit';
  ip: string;
}

/** Appends one report to the player's device history; the history is never rewritten. */
export async function recordFingerprint(db: Database, report: FingerprintReport): Promise<{ visitorId: string; recordedAt: Date }> {
  const row = await db
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
  return { visitorId: row.visitor_id, recordedAt: row.created_at };
}

/** A device (fingerprint visitor id) of the agency that more than one player used, and those players. */
export interface SharedDevice {
  visitorId: string;
  /** Oldest last sighting first. */
  players: { id: string; username: string; lastSeenAt: Date }[];
}

/**
 * The shared-device risk, computed here only: the agency's devices seen with more than one player,
 * or only the devices this player used when playerId is given. The withdrawal review, the player's
 * profile and the risk flags all read it.
 */
export async function sharedDevices(db: Database, agencyId: string, playerId?: string): Promise<SharedDevice[]> {
  const rows = await db
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
  const devices = new Map<string, SharedDevice>();
  for (const row of rows) {
    const device = devices.get(row.visitor_id) ?? { visitorId: row.visitor_id, players: [] };
    device.players.push({ id: row.player_id, username: row.username, lastSeenAt: new Date(row.last_seen_at) });
    devices.set(row.visitor_id, device);
  }
  return [...devices.values()];
}

/** One other account seen on a device the player used. */
export interface AccountOnSharedDevice {
  visitorId: string;
  playerId: string;
  username: string;
  lastSeenAt: Date;
}

/**
 * For the operator: the other accounts of this agency seen on any device this player used, one
 * line per device and account, most recent first.
 */
export async function accountsSharingDevices(db: Database, agencyId: string, playerId: string): Promise<AccountOnSharedDevice[]> {
  const devices = await sharedDevices(db, agencyId, playerId);
  return devices
    .flatMap((device) =>
      device.players
        .filter((player) => player.id !== playerId)
        .map((player) => ({ visitorId: device.visitorId, playerId: player.id, username: player.username, lastSeenAt: player.lastSeenAt })),
    )
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
}
