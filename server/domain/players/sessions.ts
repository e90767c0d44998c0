import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { PlayerInfoResponse } from '../../../contract/players';
import { insertSession, liveSession, revokeSession } from './sessionsRepository';

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
  await insertSession(db, { tokenHash: tokenHash(token), playerId, agencyId, expiresAt: new Date(Date.now() + ttlHours * 3600_000) });
  return token;
}

/**
 * The live session of a token on this agency's site with what GET /players/info shows (player,
 * credential, bank accounts), or undefined. Expiry slides: a session used within its lifetime is
 * extended, at most once a minute so reads do not all turn into writes. A suspended player has no
 * live session, even one a suspension raced past. `reusableForMs` says for how long the same
 * answer holds if nothing changes: until the session would slide again, a minute after its last
 * slide (its expiry is at least an hour later).
 */
export async function findSession(
  db: Database,
  token: string,
  agencyId: string,
  ttlHours: number,
): Promise<{ player: SessionPlayer; reusableForMs: number } | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await liveSession(db, tokenHash(token), agencyId, ttlHours);
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

/** Ends the session of a cookie's token on this agency; an unknown or ended token changes nothing. */
export async function endSession(db: Database, token: string, agencyId: string): Promise<void> {
  if (!token || token.length > 100) return;
  await revokeSession(db, tokenHash(token), agencyId);
}
