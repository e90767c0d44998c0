export {
  expireStaleOrders,
  setReceivingAccount,
  listDeposits,
  openDeposits,
  unmatchedPaymentsOf,
  toDepositOrder,
  type PlayerRef,
  type UnmatchedPayment,
} from './repository';
export { MAX_CREDIT_ATTEMPTS } from './rules';
export { depositLimits, depositLimitsView, createDeposit, depositQr, cancelDeposit, checkDeposit, type DepositDeps } from './service';
export {
  applyPayment,
  creditPaidDeposit,
  receivePayment,
  creditPaidDeposits,
  type DepositPayment,
  type PaymentOutcome,
  type DepositReconcileReport,
} from './payments';
