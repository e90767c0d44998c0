import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { tokenHash } from '../players';
import { OPERATOR_SESSION_HOURS, type Operator, type OperatorRole, type OperatorSession } from './rules';

/** The operators and operator_sessions tables. */

const toOperator = (row: { id: string; agency_id: string; username: string; role: OperatorRole }): Operator => ({
  id: row.id,
  agencyId: row.agency_id,
  username: row.username,
  role: row.role,
});

/** The new operator, or undefined when the agency has one of that username already. */
export async function insertOperator(
  trx: Transaction<DB>,
  agencyId: string,
  operator: { username: string; passwordHash: string; role: OperatorRole },
): Promise<Operator | undefined> {
  const row = await trx
    .insertInto('operators')
    .values({ agency_id: agencyId, username: operator.username, password_hash: operator.passwordHash, role: operator.role })
    .onConflict((oc) => oc.constraint('operators_agency_username_key').doNothing())
    .returning(['id', 'agency_id', 'username', 'role'])
    .executeTakeFirst();
  return row && toOperator(row);
}

/** The operator of this username with its password hash, to check a login. */
export async function operatorCredentials(
  db: Database,
  agencyId: string,
  username: string,
): Promise<{ operator: Operator; passwordHash: string } | undefined> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'agency_id', 'username', 'role', 'password_hash'])
    .where('agency_id', '=', agencyId)
    .where('username', '=', username)
    .executeTakeFirst();
  return row && { operator: toOperator(row), passwordHash: row.password_hash };
}

export async function insertOperatorSession(trx: Transaction<DB>, operator: Operator, token: string): Promise<void> {
  await trx
    .insertInto('operator_sessions')
    .values({
      token_hash: tokenHash(token),
      operator_id: operator.id,
      agency_id: operator.agencyId,
      expires_at: new Date(Date.now() + OPERATOR_SESSION_HOURS * 3600_000),
    })
    .execute();
}

/** The live operator session of a token on this agency, or undefined. */
export async function findOperatorSession(db: Database, token: string, agencyId: string): Promise<OperatorSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operator_sessions.id as sessionId', 'operators.id', 'operators.agency_id', 'operators.username', 'operators.role'])
    .where('operator_sessions.token_hash', '=', tokenHash(token))
    .where('operator_sessions.agency_id', '=', agencyId)
    .where('operator_sessions.revoked_at', 'is', null)
    .where('operator_sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && { sessionId: row.sessionId, ...toOperator(row) };
}

export async function revokeOperatorSession(trx: Transaction<DB>, sessionId: string): Promise<void> {
  await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function operatorsOf(db: Database, agencyId: string): Promise<Operator[]> {
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'agency_id', 'username', 'role'])
    .where('agency_id', '=', agencyId)
    .orderBy('username')
    .execute();
  return rows.map(toOperator);
}
