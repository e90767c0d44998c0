export {
  OPERATOR_ROLES,
  OPERATOR_COOKIE,
  OPERATOR_SESSION_HOURS,
  OPERATOR_USERNAME,
  OPERATOR_PASSWORD_MIN,
  isOperatorRole,
  createOperator,
  loginOperator,
  findOperatorSession,
  logoutOperator,
  actorOf,
  operatorsOf,
  type OperatorRole,
  type Operator,
  type OperatorSession,
} from './operators';
export { appendAudit, auditLogOf, type Actor, type AuditEntry, type AuditRow } from './audit';
