import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { likeContaining } from '../../db/like';
import type { DB } from '../../db/schema';
import type { PlayerSummary } from '../../../contract/players';
import { AppError } from '../errors';
import { ErrorCode } from '../../../contract/errors';

/** The players table: its queries, the row as the API shows it, and what the console reads about the agency's players. */

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

/** Sets the player's backlist flag or suspension; the player as lockPlayer reads it. */
export async function updatePlayer(
  trx: Transaction<DB>,
  playerId: string,
  values: { blocked?: boolean; suspended_at?: Date | null },
): Promise<LockedPlayer> {
  return trx
    .updateTable('players')
    .set(values)
    .where('id', '=', playerId)
    .returning(['id', 'username', 'blocked', 'suspended_at', 'must_change_password'])
    .executeTakeFirstOrThrow();
}

/** An operator's temporary password: the player must choose a new one at the next login. */
export async function setTemporaryPasswordHash(trx: Transaction<DB>, playerId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('players')
    .set({ password_hash: passwordHash, must_change_password: true, password_changed_at: sql<Date>`now()` })
    .where('id', '=', playerId)
    .execute();
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

/**
 * A page of the agency's players, newest first, and how many match: those whose username or
 * display name contains text (any case), whose bank account number contains digits (when they are
 * all digits), or who reported text as a device fingerprint. An empty text matches every player.
 */
export async function matchingPlayers(
  db: Database,
  agencyId: string,
  { text, digits }: { text: string; digits: string },
  page: number,
  pageSize: number,
) {
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
  return { rows, total: Number(count.total) };
}

/** The player's identity and flags as the console shows them; undefined for another agency's player. */
export async function playerIdentity(db: Database, agencyId: string, playerId: string) {
  return db
    .selectFrom('players')
    .select(['id', 'username', 'display_name', 'created_at', 'blocked', 'suspended_at', 'must_change_password', 'password_changed_at'])
    .where('agency_id', '=', agencyId)
    .where('id', '=', playerId)
    .executeTakeFirst();
}

export interface LinkedPlayerRow {
  id: string;
  username: string;
  display_name: string;
  via: 'device' | 'bankAccount';
  shared: string;
}

/**
 * The agency's other players seen on a device this player used, or holding an account number this
 * player holds or withdrew to (at any bank), by username.
 */
export async function linkedPlayers(db: Database, agencyId: string, playerId: string): Promise<LinkedPlayerRow[]> {
  const { rows } = await sql<LinkedPlayerRow>`
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
  return rows;
}
