export { toWithdrawal, withdrawalsOf, openWithdrawalsOf } from './repository';
export { withdrawalLimits, requestWithdrawal, type WithdrawalDeps, type WithdrawalOutcome } from './service';
export { payOut, rejectWithdrawal } from './payouts';
export { reconcileWithdrawals, type WithdrawalReconcileReport } from './reconcile';
export {
  agencyWithdrawals,
  approvalStateOf,
  setFourEyesAmount,
  withdrawalReviewOf,
  withdrawalReviewSettingsOf,
  type AgencyWithdrawal,
} from './review';
export { WITHDRAWAL } from './lifecycle';
