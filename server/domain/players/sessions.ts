import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { prepared, type Database } from '../../db/database';
import type { BankAccount } from '../../../contract/bankAccounts';
import type { PlayerInfoResponse } from '../../../contract/players';

export const SESSION_COOKIE = 'champa_session';

export interface SessionPlayer {
  sessionId: string;
  playerId: string;
  agencyId: string;
  /** An operator reset the password: the player must choose a new one before anything else. */
  mustChangePassword: boolean;
  /** What GET /players/info answers, read with the session. */
  info: PlayerInfoResponse;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/** A new session: a random 256-bit token for the cookie; the database keeps only its hash. */
export async function createSession(db: Database, playerId: string, agencyId: string, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('player_sessions')
    .values({
      token_hash: tokenHash(token),
      player_id: playerId,
      agency_id: agencyId,
      expires_at: new Date(Date.now() + ttlHours * 3600_000),
    })
    .execute();
  return token;
}

/**
 * The live session of a token on this agency's site with what GET /players/info shows (player,
 * credential, bank accounts), or undefined: one prepared statement (see db/database.ts), since
 * every player route waits for it. Expiry slides: a session used within its lifetime is extended,
 * at most once a minute so reads do not all turn into writes. A suspended player has no live
 * session, even one a suspension raced past. `reusableForMs` says for how long the same answer
 * holds if nothing changes: until the session would slide again, a minute after its last slide
 * (its expiry is at least an hour later).
 */
export async function findSession(
  db: Database,
  token: string,
  agencyId: string,
  ttlHours: number,
): Promise<{ player: SessionPlayer; reusableForMs: number } | undefined> {
  if (!token || token.length > 100) return undefined;
  const { rows } = await sql<SessionRow>`${prepared}
    WITH live AS (
      SELECT s.id, s.player_id, s.agency_id, s.expires_at, p.username, p.display_name, p.created_at,
        p.password_changed_at, p.must_change_password
      FROM player_sessions s JOIN players p ON p.id = s.player_id
      WHERE s.token_hash = ${tokenHash(token)} AND s.agency_id = ${agencyId}
        AND s.revoked_at IS NULL AND s.expires_at > now() AND p.suspended_at IS NULL
    ), slide AS (
      UPDATE player_sessions SET expires_at = now() + make_interval(hours => ${ttlHours}::int)
      WHERE id IN (SELECT id FROM live WHERE expires_at < now() + make_interval(hours => ${ttlHours}::int) - interval '1 minute')
      RETURNING expires_at
    ), expiry AS (
      SELECT coalesce((SELECT expires_at FROM slide), live.expires_at) AS expires_at FROM live
    )
    SELECT live.id, live.player_id, live.agency_id, live.username, live.display_name, live.created_at,
      live.password_changed_at, live.must_change_password,
      floor(extract(epoch FROM expiry.expires_at - make_interval(hours => ${ttlHours}::int) + interval '1 minute' - now()) * 1000)::int
        AS reusable_ms,
      (SELECT coalesce(json_agg(json_build_object('id', b.id, 'bank', b.bank, 'accountNumber', b.account_number,
          'accountName', b.account_name, 'currency', b.currency, 'createdAt', b.created_at) ORDER BY b.created_at), '[]')
        FROM bank_accounts b WHERE b.agency_id = live.agency_id AND b.player_id = live.player_id) AS bank_accounts
    FROM live CROSS JOIN expiry`.execute(db);
  const row = rows[0];
  return (
    row && {
      reusableForMs: row.reusable_ms,
      player: {
        sessionId: row.id,
        playerId: row.player_id,
        agencyId: row.agency_id,
        mustChangePassword: row.must_change_password,
        info: {
          player: { id: row.player_id, username: row.username, displayName: row.display_name, createdAt: row.created_at.toISOString() },
          credential: { passwordChangedAt: row.password_changed_at?.toISOString() ?? null, mustChangePassword: row.must_change_password },
          // JSON carries timestamps as text: written again as the API writes every time.
          bankAccounts: row.bank_accounts.map((account) => ({ ...account, createdAt: new Date(account.createdAt).toISOString() })),
        },
      },
    }
  );
}

interface SessionRow {
  id: string;
  player_id: string;
  agency_id: string;
  username: string;
  display_name: string;
  created_at: Date;
  password_changed_at: Date | null;
  must_change_password: boolean;
  bank_accounts: BankAccount[];
  reusable_ms: number;
}

/** Ends the session of a cookie's token on this agency; an unknown or ended token changes nothing. */
export async function endSession(db: Database, token: string, agencyId: string): Promise<void> {
  if (!token || token.length > 100) return;
  await db
    .updateTable('player_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash(token))
    .where('agency_id', '=', agencyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of the player: an operator suspended the login or reset the password. */
export async function revokeAllSessions(db: Database, agencyId: string, playerId: string): Promise<number> {
  const result = await db
    .updateTable('player_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends every other session of the player, e.g. after a password change. */
export async function revokeOtherSessions(db: Database, playerId: string, keepSessionId: string): Promise<void> {
  await db
    .updateTable('player_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('player_id', '=', playerId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
