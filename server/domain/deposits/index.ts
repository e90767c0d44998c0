export {
  expireStaleOrders,
  setReceivingAccount,
  receivingAccountOf,
  checkReceivingAccount,
  type ReceivingAccount,
  listDeposits,
  openDeposits,
  playerDeposit,
  unmatchedPaymentsOf,
  type UnmatchedPayment,
} from './repository';
export { depositLimitsView, createDeposit, depositQr, cancelDeposit, checkDeposit, type DepositDeps } from './service';
export { receivePayment, creditPaidDeposits, type DepositPayment, type PaymentOutcome, type DepositReconcileReport } from './payments';
export { updateReceivingAccount, type ReceivingAccountChange } from './receivingAccount';
