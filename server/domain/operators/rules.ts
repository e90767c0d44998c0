import { OPERATOR_ROLES, type OperatorRole, type SecondFactorState } from '../../../contract/admin';
import type { Actor } from '../audit';

/**
 * The agency's operators: their own accounts (argon2id passwords), sessions and roles, apart from
 * players'. An owner does everything a staff member does and also manages operators and reads the
 * audit log; staff list, approve and reject withdrawals.
 */
export { OPERATOR_ROLES, type OperatorRole };

export const OPERATOR_COOKIE = 'champa_operator';
/** Operator sessions do not slide: an operator logs in again after a working day. */
export const OPERATOR_SESSION_HOURS = 12;
/** A session nobody used for this long ends on the server too, whatever the browser does. */
export const OPERATOR_IDLE_MINUTES = 30;
/** Recovery codes handed out at enrolment, each good for one login. */
export const RECOVERY_CODE_COUNT = 10;

export interface Operator {
  id: string;
  agencyId: string;
  username: string;
  role: OperatorRole;
  secondFactor: SecondFactorState;
}

export interface OperatorSession extends Operator {
  sessionId: string;
}

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

export const actorOf = (operator: Operator): Actor => ({ operatorId: operator.id, name: operator.username });

/** Nobody logged in: who a failed login is written down as, with the address it came from. */
export const ANONYMOUS: Actor = { operatorId: null, name: 'anonymous' };

/** A username as the operator accounts keep it. */
export const operatorUsername = (typed: string) => typed.trim().toLowerCase();

/** Owners always need a second factor; staff when their agency requires it. */
export function secondFactorOf(role: OperatorRole, enrolled: boolean, staffTotpRequired: boolean): SecondFactorState {
  if (enrolled) return 'enrolled';
  return role === 'owner' || staffTotpRequired ? 'required' : 'optional';
}
