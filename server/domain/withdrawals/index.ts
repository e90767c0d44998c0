export { toWithdrawal, withdrawalsOf, openWithdrawalsOf, agencyWithdrawals, type AgencyWithdrawal } from './repository';
export { withdrawalLimits, requestWithdrawal, type WithdrawalDeps, type WithdrawalOutcome } from './service';
export { payOut, rejectWithdrawal } from './payouts';
export { reconcileWithdrawals, type WithdrawalReconcileReport } from './reconcile';
export { approvalStateOf, setFourEyesAmount, withdrawalReviewOf, withdrawalReviewSettingsOf } from './review';
export { WITHDRAWAL } from './lifecycle';
