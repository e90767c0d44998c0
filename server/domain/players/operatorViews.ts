import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../contract/errors';
import { normalizeAccountNumber } from '../../../contract/banks';
import type { LinkedPlayer, PlayerDevice, PlayerPage, PlayerProfile, PlayerSession } from '../../../contract/adminPlayers';
import { AppError } from '../errors';

/** What the console reads about the agency's players: search, flags, sessions, devices and links. */

/** LIKE's own characters in a search stand for themselves. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The agency's players whose username or display name contains q (any case), whose bank account
 * number contains q's digits, or who reported q as a device fingerprint; newest players first.
 * An empty q lists every player.
 */
export async function searchPlayers(db: Database, agencyId: string, q: string, page: number, pageSize: number): Promise<PlayerPage> {
  const text = q.trim();
  const digits = normalizeAccountNumber(text);
  const matching = db
    .selectFrom('players')
    .leftJoin('bank_accounts', 'bank_accounts.player_id', 'players.id')
    .where('players.agency_id', '=', agencyId)
    .$if(text !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb('players.username', 'ilike', likeContaining(text)),
          eb('players.display_name', 'ilike', likeContaining(text)),
          ...(/^[0-9]+$/.test(digits) ? [eb('bank_accounts.account_number', 'like', likeContaining(digits))] : []),
          eb.exists(
            eb
              .selectFrom('player_fingerprints')
              .select('player_fingerprints.id')
              .whereRef('player_fingerprints.player_id', '=', 'players.id')
              .where('player_fingerprints.visitor_id', '=', text),
          ),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    matching
      .select([
        'players.id',
        'players.username',
        'players.display_name',
        'players.created_at',
        'players.blocked',
        'players.suspended_at',
        'bank_accounts.account_number',
      ])
      .orderBy('players.created_at', 'desc')
      .orderBy('players.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
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
    total: Number(count.total),
  };
}

/** The player's identity and flags; another agency's player is a 404. */
export async function playerStanding(db: Database, agencyId: string, playerId: string): Promise<PlayerProfile['player']> {
  const row = await db
    .selectFrom('players')
    .select(['id', 'username', 'display_name', 'created_at', 'blocked', 'suspended_at', 'must_change_password', 'password_changed_at'])
    .where('agency_id', '=', agencyId)
    .where('id', '=', playerId)
    .executeTakeFirst();
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
  const rows = await db
    .selectFrom('player_sessions')
    .select(['id', 'created_at', 'expires_at', 'revoked_at'])
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(SESSIONS_SHOWN)
    .execute();
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
  const { rows } = await sql<{ visitor_id: string; user_agent: string | null; ip: string | null; first_seen_at: Date; last_seen_at: Date }>`
    SELECT DISTINCT ON (visitor_id) visitor_id, device->>'userAgent' AS user_agent, ip,
      min(created_at) OVER (PARTITION BY visitor_id) AS first_seen_at, created_at AS last_seen_at
    FROM player_fingerprints
    WHERE agency_id = ${agencyId} AND player_id = ${playerId}
    ORDER BY visitor_id, created_at DESC`.execute(db);
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
  const { rows } = await sql<{ id: string; username: string; display_name: string; via: 'device' | 'bankAccount'; shared: string }>`
    WITH my_devices AS (
      SELECT DISTINCT visitor_id FROM player_fingerprints WHERE agency_id = ${agencyId} AND player_id = ${playerId}
    ), my_numbers AS (
      SELECT account_number FROM bank_accounts WHERE agency_id = ${agencyId} AND player_id = ${playerId}
      UNION SELECT account_number FROM withdrawals WHERE agency_id = ${agencyId} AND player_id = ${playerId}
    ), links AS (
      SELECT DISTINCT f.player_id, 'device' AS via, f.visitor_id AS shared
      FROM player_fingerprints f JOIN my_devices d ON d.visitor_id = f.visitor_id
      WHERE f.agency_id = ${agencyId} AND f.player_id <> ${playerId}
      UNION
      SELECT b.player_id, 'bankAccount', b.account_number
      FROM bank_accounts b JOIN my_numbers n ON n.account_number = b.account_number
      WHERE b.agency_id = ${agencyId} AND b.player_id <> ${playerId}
      UNION
      SELECT w.player_id, 'bankAccount', w.account_number
      FROM withdrawals w JOIN my_numbers n ON n.account_number = w.account_number
      WHERE w.agency_id = ${agencyId} AND w.player_id <> ${playerId}
    )
    SELECT p.id, p.username, p.display_name, l.via, l.shared
    FROM links l JOIN players p ON p.id = l.player_id
    ORDER BY p.username, l.via, l.shared`.execute(db);
  return rows.map((row) => ({ id: row.id, username: row.username, displayName: row.display_name, via: row.via, shared: row.shared }));
}
