import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { normalizeAccountNumber } from '../../../contract/banks';
import type { LinkedPlayer, PlayerDevice, PlayerPage, PlayerProfile, PlayerSession } from '../../../contract/adminPlayers';
import { AppError } from '../errors';
import { linkedPlayers, matchingPlayers, playerIdentity } from './repository';
import { latestSessions } from './sessionsRepository';
import { deviceSightings } from './fingerprintsRepository';

/** What the console reads about the agency's players: search, flags, sessions, devices and links. */

/**
 * The agency's players whose username or display name contains q (any case), whose bank account
 * number contains q's digits, or who reported q as a device fingerprint; newest players first.
 * An empty q lists every player.
 */
export async function searchPlayers(db: Database, agencyId: string, q: string, page: number, pageSize: number): Promise<PlayerPage> {
  const text = q.trim();
  const digits = normalizeAccountNumber(text);
  const { rows, total } = await matchingPlayers(db, agencyId, { text, digits }, page, pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      createdAt: row.created_at.toISOString(),
      backlisted: row.blocked,
      suspended: row.suspended_at !== null,
      bankAccountNumber: row.account_number,
    })),
    page,
    pageSize,
    total,
  };
}

/** The player's identity and flags; another agency's player is a 404. */
export async function playerStanding(db: Database, agencyId: string, playerId: string): Promise<PlayerProfile['player']> {
  const row = await playerIdentity(db, agencyId, playerId);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such player');
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    createdAt: row.created_at.toISOString(),
    backlisted: row.blocked,
    suspended: row.suspended_at !== null,
    suspendedAt: row.suspended_at?.toISOString() ?? null,
    mustChangePassword: row.must_change_password,
    passwordChangedAt: row.password_changed_at?.toISOString() ?? null,
  };
}

const SESSIONS_SHOWN = 20;

/** The player's latest sessions, newest first; active means neither ended nor expired. */
export async function sessionsOf(db: Database, agencyId: string, playerId: string): Promise<PlayerSession[]> {
  const rows = await latestSessions(db, agencyId, playerId, SESSIONS_SHOWN);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    active: row.revoked_at === null && row.expires_at.getTime() > now,
  }));
}

/** Every device the player reported, most recently seen first, with what its last report said. */
export async function devicesOf(db: Database, agencyId: string, playerId: string): Promise<PlayerDevice[]> {
  const rows = await deviceSightings(db, agencyId, playerId);
  return rows
    .sort((a, b) => b.last_seen_at.getTime() - a.last_seen_at.getTime())
    .map((row) => ({
      visitorId: row.visitor_id,
      userAgent: row.user_agent ?? '',
      lastIp: row.ip,
      firstSeenAt: row.first_seen_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
    }));
}

/**
 * The agency's other players seen on a device this player used, or holding an account number
 * this player holds or withdrew to (at any bank: the same number at another bank is still worth a look).
 */
export async function linkedPlayersOf(db: Database, agencyId: string, playerId: string): Promise<LinkedPlayer[]> {
  const rows = await linkedPlayers(db, agencyId, playerId);
  return rows.map((row) => ({ id: row.id, username: row.username, displayName: row.display_name, via: row.via, shared: row.shared }));
}
