import type { Database } from '../../db/database';
import type { DeviceFingerprint } from '../../../contract/players';
import { insertFingerprint, sharedDeviceSightings } from './fingerprintsRepository';

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
  const row = await insertFingerprint(db, report);
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
  const rows = await sharedDeviceSightings(db, agencyId, playerId);
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
