import type { Database } from '../../db/database';
import type { DeviceFingerprint, PlayerSummary } from '../../../contract/players';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../passwords';
import { createSession } from './sessions';
import { revokeOtherSessions } from './sessionsRepository';
import { recordFingerprint } from './fingerprints';
import { insertPlayer, passwordHashOf, playerCredentials, setPasswordHash } from './repository';

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
      const displayName = registration.displayName || registration.username;
      const player = await insertPlayer(trx, agencyId, { username: registration.username, passwordHash, displayName });
      await recordFingerprint(trx, { agencyId, playerId: player.id, device: registration.device, source: 'register', ip: registration.ip });
      const token = await createSession(trx, player.id, agencyId, sessionTtlHours);
      return { player, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'USERNAME_TAKEN', 'This username already exists on this site');
    throw error;
  }
}

/**
 * The player of this agency with these credentials, or INVALID_CREDENTIALS. An unknown username
 * costs the same argon2 check as a wrong password and gets the same answer. A player of another
 * agency is unknown here. An operator's temporary password opens one session only: the player
 * chooses a new password in it. Only the right password learns that the login is suspended.
 */
export async function authenticate(db: Database, agencyId: string, username: string, password: string): Promise<PlayerSummary> {
  const found = await playerCredentials(db, agencyId, username);
  const valid = await verifyPassword(found?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!found || !valid || found.temporaryPasswordUsed) throw new AppError(401, 'INVALID_CREDENTIALS', 'Username or password is incorrect');
  if (found.suspended) throw new AppError(403, 'PLAYER_SUSPENDED', 'This account is suspended; contact support');
  return found.player;
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
  const currentHash = await passwordHashOf(db, session.agencyId, session.playerId);
  if (!currentHash || !(await verifyPassword(currentHash, currentPassword))) {
    throw new AppError(400, 'PASSWORD_INCORRECT', 'The current password is incorrect');
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, session.agencyId, session.playerId, passwordHash);
    await revokeOtherSessions(trx, session.playerId, session.sessionId);
  });
}
