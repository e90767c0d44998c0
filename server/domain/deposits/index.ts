export {
  expireStaleOrders,
  cancelOpenOrdersForBreak,
  setReceivingAccount,
  receivingAccountOf,
  checkReceivingAccount,
  type ReceivingAccount,
  listDeposits,
  openDeposits,
  playerDeposit,
} from './repository';
export { searchDeposits, agencyDeposit, depositDetail, unmatchedPaymentsOf, unmatchedPayment, playersNamed } from './review';
export { creditUnmatchedPayment, refundUnmatchedPayment, retryDepositCredit, refundDeposit, type DepositReviewDeps } from './resolutions';
export { refundRefOf, reconcileRefunds, type RefundReconcileReport } from './refunds';
export { depositBoundsView, createDeposit, depositQr, cancelDeposit, checkDeposit, type DepositDeps } from './service';
export { paymentReceiver, creditPaidDeposits, type DepositPayment, type PaymentOutcome, type DepositReconcileReport } from './payments';
export { updateReceivingAccount, type ReceivingAccountChange } from './receivingAccount';
export { DEPOSIT_ORDER, UNMATCHED_PAYMENT, REFUND } from './lifecycle';
