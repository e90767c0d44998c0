import { OPERATOR_ROLES, type OperatorRole } from '../../../src/contract/admin';
import { ErrorCode } from '../../../src/contract/errors';
import { AppError } from '../errors';
import type { Actor } from './audit';

/**
 * The agency's operators: their own accounts (argon2id passwords), sessions and roles, apart from
 * players'. An owner does everything a staff member does and also manages operators and reads the
 * audit log; staff list, approve and reject withdrawals.
 */
export { OPERATOR_ROLES, type OperatorRole };

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

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

export const actorOf = (operator: Operator): Actor => ({ operatorId: operator.id, name: operator.username });

/** A new operator's username (trimmed, lowercase), password and role, or the VALIDATION_ERROR of the first field that is wrong. */
export function newOperatorFrom(input: { username: string; password: string; role: string }): {
  username: string;
  password: string;
  role: OperatorRole;
} {
  const username = input.username.trim().toLowerCase();
  if (!OPERATOR_USERNAME.test(username))
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'username: 3 to 32 lowercase letters, digits, - or _');
  if (input.password.length < OPERATOR_PASSWORD_MIN || input.password.length > 200) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, `password: ${OPERATOR_PASSWORD_MIN} to 200 characters`);
  }
  if (!isOperatorRole(input.role)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `role: one of ${OPERATOR_ROLES.join(', ')}`);
  return { username, password: input.password, role: input.role };
}
