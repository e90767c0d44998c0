import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../src/contract/errors';
import { appendAudit, type Actor } from './audit';
import { AppError } from '../errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../players';
import { tokenHash } from '../players';

/**
 * The agency's operators: their own accounts (argon2id passwords), sessions and roles, apart from
 * players'. An owner does everything a staff member does and also manages operators and reads the
 * audit log; staff list, approve and reject withdrawals.
 */
export const OPERATOR_ROLES = ['owner', 'staff'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_COOKIE = 'champa_operator';
/** Operator sessions do not slide: an operator logs in again after a working day. */
export const OPERATOR_SESSION_HOURS = 12;

export const OPERATOR_USERNAME = /^[a-z0-9_-]{3,32}$/;
export const OPERATOR_PASSWORD_MIN = 12;

export interface Operator {
  id: string;
  agencyId: string;
  username: string;
  role: OperatorRole;
}

export interface OperatorSession extends Operator {
  sessionId: string;
}

export const isOperatorRole = (value: unknown): value is OperatorRole => typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/** Creates an operator of the agency; the creation is written to the audit log by `by`. */
export async function createOperator(db: Database, agencyId: string, input: { username: string; password: string; role: string }, by: Actor): Promise<Operator> {
  const username = input.username.trim().toLowerCase();
  if (!OPERATOR_USERNAME.test(username)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'username: 3 to 32 lowercase letters, digits, - or _');
  if (input.password.length < OPERATOR_PASSWORD_MIN || input.password.length > 200) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, `password: ${OPERATOR_PASSWORD_MIN} to 200 characters`);
  }
  if (!isOperatorRole(input.role)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `role: one of ${OPERATOR_ROLES.join(', ')}`);
  const role = input.role;
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('operators')
      .values({ agency_id: agencyId, username, password_hash: passwordHash, role })
      .onConflict((oc) => oc.constraint('operators_agency_username_key').doNothing())
      .returning(['id', 'agency_id', 'username', 'role'])
      .executeTakeFirst();
    if (!row) throw new AppError(409, ErrorCode.USERNAME_TAKEN, `An operator ${username} exists already`);
    await appendAudit(trx, { agencyId, actor: by, action: 'CREATE_OPERATOR', target: username, details: { role } });
    return { id: row.id, agencyId: row.agency_id, username: row.username, role: row.role };
  });
}

/** Checks the operator's password and opens a session; the token goes into the operator cookie. */
export async function loginOperator(db: Database, agencyId: string, username: string, password: string): Promise<{ operator: Operator; token: string }> {
  const row = await db
    .selectFrom('operators')
    .select(['id', 'agency_id', 'username', 'role', 'password_hash'])
    .where('agency_id', '=', agencyId)
    .where('username', '=', username.trim().toLowerCase())
    .executeTakeFirst();
  const valid = await verifyPassword(row?.password_hash ?? (await decoyPasswordHash()), password);
  if (!row || !valid) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Username or password is incorrect');
  const operator: Operator = { id: row.id, agencyId: row.agency_id, username: row.username, role: row.role };
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('operator_sessions')
      .values({ token_hash: tokenHash(token), operator_id: row.id, agency_id: agencyId, expires_at: new Date(Date.now() + OPERATOR_SESSION_HOURS * 3600_000) })
      .execute();
    await appendAudit(trx, { agencyId, actor: { operatorId: row.id, name: row.username }, action: 'LOGIN' });
  });
  return { operator, token };
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
  return row && { sessionId: row.sessionId, id: row.id, agencyId: row.agency_id, username: row.username, role: row.role };
}

export async function logoutOperator(db: Database, session: OperatorSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('operator_sessions').set({ revoked_at: sql<Date>`now()` }).where('id', '=', session.sessionId).where('revoked_at', 'is', null).execute();
    await appendAudit(trx, { agencyId: session.agencyId, actor: actorOf(session), action: 'LOGOUT' });
  });
}

export const actorOf = (operator: Operator): Actor => ({ operatorId: operator.id, name: operator.username });

export async function operatorsOf(db: Database, agencyId: string): Promise<Operator[]> {
  const rows = await db.selectFrom('operators').select(['id', 'agency_id', 'username', 'role']).where('agency_id', '=', agencyId).orderBy('username').execute();
  return rows.map((row) => ({ id: row.id, agencyId: row.agency_id, username: row.username, role: row.role }));
}
