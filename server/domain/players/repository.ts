import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { PlayerSummary } from '../../../contract/players';
import { AppError } from '../errors';
import { ErrorCode } from '../../../contract/errors';

/** The players table: its queries and the row as the API shows it. */

/** A player of an agency: every player-scoped query takes both, so one agency never reads another's players. */
export interface PlayerRef {
  agencyId: string;
  playerId: string;
}

export type LockedPlayer = { id: string; username: string; blocked: boolean; suspended_at: Date | null; must_change_password: boolean };

/**
 * Takes the player's turn: what counts or changes the player's orders, limits, withdrawals and
 * promotion usages waits for every other such count of the same player, so two at once cannot
 * both pass a rule. NO KEY UPDATE leaves other tables' references to the player row free; a
 * player not of the agency is 404.
 */
export async function lockPlayer(trx: Transaction<DB>, who: PlayerRef): Promise<LockedPlayer> {
  const row = await trx
    .selectFrom('players')
    .select(['id', 'username', 'blocked', 'suspended_at', 'must_change_password'])
    .where('agency_id', '=', who.agencyId)
    .where('id', '=', who.playerId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such player');
  return row;
}

const summaryColumns = ['id', 'username', 'display_name'] as const;
const toSummary = (row: { id: string; username: string; display_name: string }): PlayerSummary => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
});

export async function isUsernameAvailable(db: Database, agencyId: string, username: string): Promise<boolean> {
  const taken = await db
    .selectFrom('players')
    .select('id')
    .where('agency_id', '=', agencyId)
    .where('username', '=', username)
    .executeTakeFirst();
  return !taken;
}

export async function insertPlayer(
  trx: Transaction<DB>,
  agencyId: string,
  player: { username: string; passwordHash: string; displayName: string },
): Promise<PlayerSummary> {
  const row = await trx
    .insertInto('players')
    .values({ agency_id: agencyId, username: player.username, password_hash: player.passwordHash, display_name: player.displayName })
    .returning(summaryColumns)
    .executeTakeFirstOrThrow();
  return toSummary(row);
}

/**
 * The player of this username with its password hash, to check a login; whether the login is
 * suspended; and whether the password is an operator's temporary one that already opened a session.
 */
export async function playerCredentials(
  db: Database,
  agencyId: string,
  username: string,
): Promise<{ player: PlayerSummary; passwordHash: string; suspended: boolean; temporaryPasswordUsed: boolean } | undefined> {
  const row = await db
    .selectFrom('players')
    .select((eb) => [
      ...summaryColumns,
      'password_hash',
      'suspended_at',
      eb
        .and([
          eb('must_change_password', '=', true),
          eb.exists(
            eb
              .selectFrom('player_sessions')
              .select('player_sessions.id')
              .whereRef('player_sessions.player_id', '=', 'players.id')
              .whereRef('player_sessions.created_at', '>=', 'players.password_changed_at'),
          ),
        ])
        .as('temporary_password_used'),
    ])
    .where('agency_id', '=', agencyId)
    .where('username', '=', username)
    .executeTakeFirst();
  return (
    row && {
      player: toSummary(row),
      passwordHash: row.password_hash,
      suspended: row.suspended_at !== null,
      temporaryPasswordUsed: row.temporary_password_used === true,
    }
  );
}

export async function passwordHashOf(db: Database, agencyId: string, playerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('players')
    .select('password_hash')
    .where('agency_id', '=', agencyId)
    .where('id', '=', playerId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** The player's own new password: it also ends a change an operator's reset asked for. */
export async function setPasswordHash(trx: Transaction<DB>, agencyId: string, playerId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('players')
    .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()`, must_change_password: false })
    .where('id', '=', playerId)
    .where('agency_id', '=', agencyId)
    .execute();
}

/** The operator's blocked flag: a blocked player cannot take promotions. */
export async function isBlocked(db: Database, agencyId: string, playerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('players')
    .select('blocked')
    .where('agency_id', '=', agencyId)
    .where('id', '=', playerId)
    .executeTakeFirst();
  return row?.blocked ?? false;
}
