import { sql } from 'kysely';
import { prepared, type Database } from '../../db/database';
import type { BankAccount } from '../../../contract/bankAccounts';

/** The player_sessions table: a session is found and ended by the hash of its token, never the token itself. */

export async function insertSession(
  db: Database,
  session: { tokenHash: Buffer; playerId: string; agencyId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('player_sessions')
    .values({
      token_hash: session.tokenHash,
      player_id: session.playerId,
      agency_id: session.agencyId,
      expires_at: session.expiresAt,
    })
    .execute();
}

export interface SessionRow {
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

/**
 * The live session of the token hash on the agency's site, its expiry slid as findSession tells,
 * with its player, bank accounts and `reusable_ms`: one prepared statement (see db/database.ts),
 * since every player route waits for it.
 */
export async function liveSession(db: Database, tokenHash: Buffer, agencyId: string, ttlHours: number): Promise<SessionRow | undefined> {
  const { rows } = await sql<SessionRow>`${prepared}
    WITH live AS (
      SELECT s.id, s.player_id, s.agency_id, s.expires_at, p.username, p.display_name, p.created_at,
        p.password_changed_at, p.must_change_password
      FROM player_sessions s JOIN players p ON p.id = s.player_id
      WHERE s.token_hash = ${tokenHash} AND s.agency_id = ${agencyId}
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
  return rows[0];
}

/** Ends the session of the token hash on the agency; an unknown or ended one changes nothing. */
export async function revokeSession(db: Database, tokenHash: Buffer, agencyId: string): Promise<void> {
  await db
    .updateTable('player_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
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

/** The player's latest sessions, ended and expired ones included, newest first. */
export async function latestSessions(
  db: Database,
  agencyId: string,
  playerId: string,
  limit: number,
): Promise<{ id: string; created_at: Date; expires_at: Date; revoked_at: Date | null }[]> {
  return db
    .selectFrom('player_sessions')
    .select(['id', 'created_at', 'expires_at', 'revoked_at'])
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
