export {
  OPERATOR_ROLES,
  OPERATOR_COOKIE,
  OPERATOR_SESSION_HOURS,
  OPERATOR_USERNAME,
  OPERATOR_PASSWORD_MIN,
  isOperatorRole,
  actorOf,
  type OperatorRole,
  type Operator,
  type OperatorSession,
} from './rules';
export { findOperatorSession, operatorsOf } from './repository';
export { createOperator, loginOperator, logoutOperator } from './service';
export { appendAudit, auditLogOf, type Actor, type AuditEntry, type AuditRow } from './audit';
