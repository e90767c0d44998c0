import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import { ErrorCode } from '../../../src/contract/errors';
import { AppError } from '../errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../players';
import { appendAudit, type Actor } from './audit';
import { insertOperator, insertOperatorSession, operatorCredentials, revokeOperatorSession } from './repository';
import { actorOf, newOperatorFrom, type Operator, type OperatorSession } from './rules';

/** Creates an operator of the agency; the creation is written to the audit log by `by`. */
export async function createOperator(
  db: Database,
  agencyId: string,
  input: { username: string; password: string; role: string },
  by: Actor,
): Promise<Operator> {
  const { username, password, role } = newOperatorFrom(input);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const operator = await insertOperator(trx, agencyId, { username, passwordHash, role });
    if (!operator) throw new AppError(409, ErrorCode.USERNAME_TAKEN, `An operator ${username} exists already`);
    await appendAudit(trx, { agencyId, actor: by, action: 'CREATE_OPERATOR', target: username, details: { role } });
    return operator;
  });
}

/** Checks the operator's password and opens a session; the token goes into the operator cookie. */
export async function loginOperator(
  db: Database,
  agencyId: string,
  username: string,
  password: string,
): Promise<{ operator: Operator; token: string }> {
  const found = await operatorCredentials(db, agencyId, username.trim().toLowerCase());
  const valid = await verifyPassword(found?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!found || !valid) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Username or password is incorrect');
  const { operator } = found;
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await insertOperatorSession(trx, operator, token);
    await appendAudit(trx, { agencyId, actor: actorOf(operator), action: 'LOGIN' });
  });
  return { operator, token };
}

export async function logoutOperator(db: Database, session: OperatorSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeOperatorSession(trx, session.sessionId);
    await appendAudit(trx, { agencyId: session.agencyId, actor: actorOf(session), action: 'LOGOUT' });
  });
}
