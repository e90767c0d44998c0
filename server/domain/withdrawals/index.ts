export {
  toWithdrawal,
  withdrawalsOf,
  openWithdrawalsOf,
  agencyWithdrawals,
  type AgencyWithdrawal,
  type WithdrawingPlayer,
} from './repository';
export { withdrawalLimits, requestWithdrawal, type WithdrawalDeps, type WithdrawalOutcome } from './service';
export { payOut, returnCredit, rejectWithdrawal } from './payouts';
export { reconcileWithdrawals, type WithdrawalReconcileReport } from './reconcile';
