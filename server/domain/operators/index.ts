export {
  OPERATOR_ROLES,
  OPERATOR_COOKIE,
  OPERATOR_SESSION_HOURS,
  OPERATOR_IDLE_MINUTES,
  isOperatorRole,
  actorOf,
  operatorUsername,
  type OperatorRole,
  type Operator,
  type OperatorSession,
} from './rules';
export { findOperatorSession } from './repository';
export {
  createOperator,
  loginOperator,
  logoutOperator,
  operatorsOf,
  changeOperator,
  setStaffSecondFactor,
  sessionsFor,
  endOperatorSession,
} from './service';
export { secondApprovalRefusal, mustBeSecondPerson, type Approver, type ApprovalRefusal } from './fourEyes';
export { startTotpEnrolment, confirmTotpEnrolment } from './secondFactor';
