import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { announceAgencyChange } from '../../db/changes';
import { OperatorErrorCode, operatorCreateSchema, type OperatorRole } from '../../../contract/admin';
import { ErrorCode } from '../../../contract/errors';
import { AppError, notFound } from '../errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../passwords';
import { isWrongGuess } from '../loginLimits';
import { validated } from '../validated';
import { appendAudit, type Actor } from '../audit';
import {
  insertOperator,
  insertOperatorGrant,
  insertOperatorSession,
  liveSessionsOf,
  lockOperator,
  operatorAccountsOf,
  operatorCredentials,
  otherActiveOwners,
  revokeOperatorSession,
  revokeSessionsOf,
  setStaffTotpRequired,
  staffTotpRequiredOf,
  updateOperatorRow,
} from './repository';
import { checkSecondFactor } from './secondFactor';
import { ANONYMOUS, actorOf, operatorUsername, type Operator, type OperatorSession } from './rules';

/**
 * Creates an operator of the agency (checked with the console form's schema); the creation is
 * written to the audit log by `by`, and kept as a grant when `by` is an operator (fourEyes.ts).
 */
export async function createOperator(
  db: Database,
  agencyId: string,
  fields: { username: string; password: string; role: string },
  by: Actor,
): Promise<Operator & { disabled: boolean; createdAt: string }> {
  const input = await validated(operatorCreateSchema, fields);
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertOperator(trx, agencyId, { username: input.username, passwordHash, role: input.role });
    if (!created) throw new AppError(409, ErrorCode.USERNAME_TAKEN, `An operator ${input.username} exists already`);
    await appendAudit(trx, { agencyId, actor: by, action: 'CREATE_OPERATOR', target: input.username, details: { role: input.role } });
    if (by.operatorId !== null) await insertOperatorGrant(trx, { operatorId: created, grantedBy: by.operatorId, kind: 'created' });
    return created;
  });
  const operator = (await operatorAccountsOf(db, agencyId)).find((account) => account.id === id);
  if (!operator) throw new Error(`operator ${id} vanished after its creation`);
  return operator;
}

/**
 * Checks the password and, for an operator who enrolled one, the second factor, then opens a
 * session; the token goes into the operator cookie. A disabled operator's login fails like a wrong
 * password, so the answer tells a guesser nothing. A wrong password or code is written to the
 * audit log with the username tried and the address, for the owners to see who is guessing.
 */
export async function loginOperator(
  db: Database,
  agencyId: string,
  login: { username: string; password: string; code?: string },
  client: { ip: string; userAgent: string | null },
): Promise<{ operator: Operator; token: string }> {
  try {
    return await openOperatorSession(db, agencyId, login, client);
  } catch (error) {
    if (isWrongGuess(error)) {
      await appendAudit(db, {
        agencyId,
        actor: ANONYMOUS,
        action: 'LOGIN_FAILED',
        target: operatorUsername(login.username),
        details: { address: client.ip, refusal: error.code },
      });
    }
    throw error;
  }
}

async function openOperatorSession(
  db: Database,
  agencyId: string,
  login: { username: string; password: string; code?: string },
  client: { ip: string; userAgent: string | null },
): Promise<{ operator: Operator; token: string }> {
  const username = operatorUsername(login.username);
  const found = await operatorCredentials(db, agencyId, username);
  const valid = await verifyPassword(found?.passwordHash ?? (await decoyPasswordHash()), login.password);
  if (!found || !valid || found.disabled) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Username or password is incorrect');
  const token = randomBytes(32).toString('base64url');
  const operator = await db.transaction().execute(async (trx) => {
    // Read again under a lock: two logins with one code cannot both take it.
    const current = await operatorCredentials(trx, agencyId, username);
    if (!current || current.disabled) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Username or password is incorrect');
    const factor =
      current.operator.secondFactor === 'enrolled' ? await checkSecondFactor(trx, current.operator, current, login.code) : null;
    await insertOperatorSession(trx, current.operator, token, client);
    await appendAudit(trx, {
      agencyId,
      actor: actorOf(current.operator),
      action: 'LOGIN',
      ...(factor && { details: { secondFactor: factor } }),
    });
    return current.operator;
  });
  return { operator, token };
}

export async function logoutOperator(db: Database, session: OperatorSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeOperatorSession(trx, session.agencyId, session.sessionId);
    await appendAudit(trx, { agencyId: session.agencyId, actor: actorOf(session), action: 'LOGOUT' });
  });
}

export async function operatorsOf(db: Database, agencyId: string) {
  const [operators, staffTotpRequired] = await Promise.all([operatorAccountsOf(db, agencyId), staffTotpRequiredOf(db, agencyId)]);
  return { operators, staffTotpRequired };
}

/**
 * An owner changes another operator's role or disables (or enables) them, with a reason. Disabling
 * ends their sessions; promoting and re-enabling are kept as grants (fourEyes.ts). The agency
 * always keeps an owner who can log in, and owners do not change themselves (another owner does),
 * so nobody locks the agency out by a slip.
 */
export async function changeOperator(
  db: Database,
  by: OperatorSession,
  operatorId: string,
  change: { role?: OperatorRole; disabled?: boolean; reason: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const operator = await lockOperator(trx, by.agencyId, operatorId);
    if (!operator) throw notFound('NOT_FOUND', 'No such operator');
    if (operator.id === by.id) throw new AppError(409, OperatorErrorCode.OPERATOR_SELF_CHANGE, 'Another owner changes your account');
    const losesOwner = operator.role === 'owner' && !operator.disabled && (change.disabled === true || change.role === 'staff');
    if (losesOwner && (await otherActiveOwners(trx, by.agencyId, operator.id)) === 0) {
      throw new AppError(409, OperatorErrorCode.LAST_OWNER, 'The agency needs an owner who can log in');
    }
    await updateOperatorRow(trx, operator.id, change);
    if (change.disabled) await revokeSessionsOf(trx, operator.id);
    if (operator.role === 'staff' && change.role === 'owner') {
      await insertOperatorGrant(trx, { operatorId: operator.id, grantedBy: by.id, kind: 'promoted' });
    }
    if (operator.disabled && change.disabled === false) {
      await insertOperatorGrant(trx, { operatorId: operator.id, grantedBy: by.id, kind: 'enabled' });
    }
    const details: Record<string, string> = {};
    if (change.role && change.role !== operator.role) details.role = `${operator.role} → ${change.role}`;
    if (change.disabled !== undefined && change.disabled !== operator.disabled) details.disabled = String(change.disabled);
    await appendAudit(trx, {
      agencyId: by.agencyId,
      actor: actorOf(by),
      action: 'CHANGE_OPERATOR',
      target: operator.username,
      reason: change.reason,
      details,
    });
  });
}

export async function setStaffSecondFactor(db: Database, by: OperatorSession, required: boolean, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setStaffTotpRequired(trx, by.agencyId, required);
    await appendAudit(trx, {
      agencyId: by.agencyId,
      actor: actorOf(by),
      action: 'SET_STAFF_SECOND_FACTOR',
      reason,
      details: { required: String(required) },
    });
    await announceAgencyChange(trx, by.agencyId);
  });
}

/** Live sessions: an owner sees the agency's, staff their own; the asking session is marked current. */
export async function sessionsFor(db: Database, session: OperatorSession) {
  const rows = await liveSessionsOf(db, session.agencyId, session.role === 'owner' ? undefined : session.id);
  return rows.map((row) => ({
    id: row.id,
    operator: row.username,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    ip: row.ip,
    userAgent: row.user_agent,
    current: row.id === session.sessionId,
  }));
}

/** Ends a session: owners any of the agency's, staff only their own; anything else is 404. */
export async function endOperatorSession(db: Database, by: OperatorSession, sessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await revokeOperatorSession(trx, by.agencyId, sessionId, by.role === 'owner' ? undefined : by.id);
    if (!ended) throw notFound('NOT_FOUND', 'No such session');
    await appendAudit(trx, { agencyId: by.agencyId, actor: actorOf(by), action: 'END_OPERATOR_SESSION', target: sessionId });
  });
}
