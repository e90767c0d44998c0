/**
 * The ledger's public face. Every money movement of every capability goes through these calls,
 * inside the caller's database transaction, or on the pool for a provider transfer's intent and
 * outcome, each of which is one statement (never around a call to the outside world):
 *
 *   postTransfer(trx, { agencyId, key, kind, entries: [{ account, amount }], refs })
 *   beginPendingTransfer(db, { agencyId, key, kind, from, via, to, amount, refs, provider })
 *   postPendingTransfer(db, agencyId, transferId, withPosting?) / voidPendingTransfer(db, agencyId, transferId, code)
 *
 * The plural forms (postTransfers, beginPendingTransfers, postPendingTransfers) write many
 * transfers of one agency in one statement, for callers that gather them.
 */
export {
  ACCOUNT_KINDS,
  balanceOf,
  findAccount,
  lockAccount,
  resolveAccount,
  resolveAccounts,
  type AccountKind,
  type AccountRef,
} from './accounts';
export {
  beginPendingTransfer,
  beginPendingTransfers,
  entriesOf,
  findTransfer,
  postPendingTransfer,
  postPendingTransfers,
  postTransfer,
  postTransfers,
  toTransfer,
  voidPendingTransfer,
  type Entry,
  type LedgerEntry,
  type LedgerTransfer,
  type LedgerTrx,
  type PendingTransferRequest,
  type ProviderDirection,
  type Settlement,
  type TransferRequest,
  type TransferResult,
  type TransferStatus,
  type WithSettlement,
} from './transfers';
export {
  KIP_IN_KINDS,
  KIP_OUT_KINDS,
  dayClosing,
  isCalendarDay,
  trialBalance,
  type CurrencyTrialBalance,
  type KindBalance,
  type KindClosing,
  type KipPosition,
  type TrialBalance,
} from './trialBalance';
export { LEDGER_TRANSFER } from './lifecycle';
export { pendingProviderTransfers } from './repository';
