import type { Database } from '../../db/database';
import type { DeviceFingerprint } from '../../../src/contract/players';

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

export interface SharedDevice {
  visitorId: string;
  playerId: string;
  username: string;
  lastSeenAt: Date;
}

/**
 * For the operator: the other accounts of this agency seen on any device this player used, one
 * line per device and account, most recent first.
 */
export async function accountsSharingDevices(db: Database, agencyId: string, playerId: string): Promise<SharedDevice[]> {
  const rows = await db
    .selectFrom('player_fingerprints as mine')
    .innerJoin('player_fingerprints as other', (join) =>
      join
        .onRef('other.agency_id', '=', 'mine.agency_id')
        .onRef('other.visitor_id', '=', 'mine.visitor_id')
        .onRef('other.player_id', '<>', 'mine.player_id'),
    )
    .innerJoin('players', 'players.id', 'other.player_id')
    .select(({ fn }) => ['other.visitor_id', 'other.player_id', 'players.username', fn.max('other.created_at').as('last_seen_at')])
    .where('mine.agency_id', '=', agencyId)
    .where('mine.player_id', '=', playerId)
    .groupBy(['other.visitor_id', 'other.player_id', 'players.username'])
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((row) => ({
    visitorId: row.visitor_id,
    playerId: row.player_id,
    username: row.username,
    lastSeenAt: new Date(row.last_seen_at),
  }));
}
