import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DeviceFingerprint, PlayerSummary } from '../../../src/contract/players';
import { AppError } from '../errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { createSession, revokeOtherSessions, tokenHash } from './sessions';
import { recordFingerprint } from './fingerprints';
import { isUniqueViolation } from '../../db/errors';

const summaryColumns = ['id', 'username', 'display_name'] as const;
const toSummary = (row: { id: string; username: string; display_name: string }): PlayerSummary => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
});


export async function isUsernameAvailable(db: Database, agencyId: string, username: string): Promise<boolean> {
  const taken = await db.selectFrom('players').select('id').where('agency_id', '=', agencyId).where('username', '=', username).executeTakeFirst();
  return !taken;
}

export interface Registration {
  username: string;
  password: string;
  displayName: string | undefined;
  device: DeviceFingerprint;
  ip: string;
}

/**
 * A new player of the agency, logged in: the player, the first fingerprint of the device and a
 * session are written together, so a refused registration leaves nothing behind. Usernames are
 * unique per agency (the database constraint decides races).
 */
export async function registerPlayer(
  db: Database,
  agencyId: string,
  registration: Registration,
  sessionTtlHours: number,
): Promise<{ player: PlayerSummary; token: string }> {
  const passwordHash = await hashPassword(registration.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('players')
        .values({
          agency_id: agencyId,
          username: registration.username,
          password_hash: passwordHash,
          display_name: registration.displayName || registration.username,
        })
        .returning(summaryColumns)
        .executeTakeFirstOrThrow();
      await recordFingerprint(trx, { agencyId, playerId: row.id, device: registration.device, source: 'register', ip: registration.ip });
      const token = await createSession(trx, row.id, agencyId, sessionTtlHours);
      return { player: toSummary(row), token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'USERNAME_TAKEN', 'This username already exists on this site');
    throw error;
  }
}

/**
 * The player of this agency with these credentials, or INVALID_CREDENTIALS. An unknown username
 * costs the same argon2 check as a wrong password and gets the same answer. A player of another
 * agency is unknown here.
 */
export async function authenticate(db: Database, agencyId: string, username: string, password: string): Promise<PlayerSummary> {
  const row = await db
    .selectFrom('players')
    .select([...summaryColumns, 'password_hash'])
    .where('agency_id', '=', agencyId)
    .where('username', '=', username)
    .executeTakeFirst();
  const valid = await verifyPassword(row?.password_hash ?? (await decoyPasswordHash()), password);
  if (!row || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', 'Username or password is incorrect');
  return toSummary(row);
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

export interface PlayerInfo {
  player: PlayerSummary & { createdAt: string };
  credential: { passwordChangedAt: string | null };
}

export async function playerInfo(db: Database, agencyId: string, playerId: string): Promise<PlayerInfo> {
  const row = await db
    .selectFrom('players')
    .select([...summaryColumns, 'created_at', 'password_changed_at'])
    .where('agency_id', '=', agencyId)
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!row) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
  return {
    player: { ...toSummary(row), createdAt: row.created_at.toISOString() },
    credential: { passwordChangedAt: row.password_changed_at?.toISOString() ?? null },
  };
}

/**
 * Replaces the player's password after checking the current one, and ends every other session of
 * the player: whoever knew the old password is logged out everywhere but here.
 */
export async function changePassword(
  db: Database,
  session: { sessionId: string; playerId: string; agencyId: string },
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await db
    .selectFrom('players')
    .select('password_hash')
    .where('agency_id', '=', session.agencyId)
    .where('id', '=', session.playerId)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
    throw new AppError(400, 'PASSWORD_INCORRECT', 'The current password is incorrect');
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('players')
      .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
      .where('id', '=', session.playerId)
      .where('agency_id', '=', session.agencyId)
      .execute();
    await revokeOtherSessions(trx, session.playerId, session.sessionId);
  });
}

/** The operator's blocked flag: a blocked player cannot take promotions. */
export async function isBlocked(db: Database, agencyId: string, playerId: string): Promise<boolean> {
  const row = await db.selectFrom('players').select('blocked').where('agency_id', '=', agencyId).where('id', '=', playerId).executeTakeFirst();
  return row?.blocked ?? false;
}
