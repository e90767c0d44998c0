import { ProviderRefusal, ProviderUnavailable } from '../adapters/providers';
import { pendingProviderTransfers, postPendingTransfer, toTransfer, voidPendingTransfer } from './ledger';
import type { WalletDeps } from './providerWallets';
import { reconcileWithdrawals, type WithdrawalDeps, type WithdrawalReconcileReport } from './withdrawals';
import { creditPaidDeposits, expireStaleOrders, reconcileRefunds, type RefundReconcileReport } from './deposits';
import { deleteEndedRateLimits } from './rateLimits';
import { deleteForgottenLoginAttempts } from './loginLimits';
import { reconcileBooks, type BooksRunReport } from './books';

export interface ReconcileReport {
  checked: number;
  posted: number;
  voided: number;
  /** Still PENDING: the provider could not be asked this time. */
  unresolved: number;
  /** Deposits paid but not yet credited at their provider, and how many of them are credited now. */
  depositsChecked: number;
  depositsCredited: number;
  /** Open deposit orders past their expiry, now written EXPIRED (readers saw them EXPIRED already). */
  depositsExpired: number;
}

/**
 * Settles provider transfers left PENDING by a crash or a timeout, by asking the provider about
 * each ref: done there → POSTED; refused or never received (the provider then closes the ref for
 * good) → VOIDED and the held money goes back. Only transfers older than `olderThanMs` are looked
 * at, so a call still in flight is left to finish. Then deposits left PAID are credited (their
 * transfers settled first, so a credit that did reach the provider is never sent twice), and open
 * deposit orders past their expiry are written EXPIRED. Safe to run in several processes at once:
 * settling is idempotent and locks the transfer.
 */
export async function reconcilePendingTransfers(
  deps: WalletDeps,
  { olderThanMs, limit = 200 }: { olderThanMs: number; limit?: number },
): Promise<ReconcileReport> {
  const { db, providers } = deps;
  const rows = await pendingProviderTransfers(db, olderThanMs, limit);
  const report: ReconcileReport = {
    checked: 0,
    posted: 0,
    voided: 0,
    unresolved: 0,
    depositsChecked: 0,
    depositsCredited: 0,
    depositsExpired: 0,
  };
  for (const row of rows) {
    const transfer = toTransfer(row);
    const { name, ref } = transfer.provider!;
    report.checked += 1;
    let answer;
    try {
      answer = await providers.transferStatus(name, ref);
    } catch (error) {
      if (error instanceof ProviderUnavailable || error instanceof ProviderRefusal) {
        report.unresolved += 1;
        continue;
      }
      throw error;
    }
    if (answer.status === 'SUCCESS') {
      await postPendingTransfer(db, transfer.agencyId, transfer.id);
      report.posted += 1;
    } else {
      const code = answer.status === 'FAILED' ? answer.code : 'NOT_RECEIVED';
      await voidPendingTransfer(db, transfer.agencyId, transfer.id, code);
      report.voided += 1;
    }
  }
  const deposits = await creditPaidDeposits(deps, { olderThanMs, limit });
  report.depositsChecked = deposits.checked;
  report.depositsCredited = deposits.credited;
  report.depositsExpired = await expireStaleOrders(db);
  return report;
}

export interface Reconciler {
  stop(): Promise<void>;
}

export interface FullReconcileReport extends ReconcileReport {
  withdrawals?: WithdrawalReconcileReport;
  refunds?: RefundReconcileReport;
  /** Rate-limit counters of windows that have ended, and login counters forgotten, deleted this round. */
  rateLimitsDeleted?: number;
  /** The books reconciliation run last in the round, once everything it could settle is settled. */
  books?: BooksRunReport;
}

/**
 * One round: provider transfers first (a withdrawal's credit or its return may be one of them),
 * then, given the gateway, the withdrawals left half-way and the refunds left PENDING (both asked
 * about after payoutOlderThanMs, the gateway call's time limit twice over). Each round also
 * deletes the rate-limit counters whose window has ended. Last, given the gateway, the books
 * reconciliation matches the ledger with the providers' and the gateway's books, leaving out what
 * is younger than either time limit (still being settled).
 */
export async function reconcileOnce(
  deps: WalletDeps | WithdrawalDeps,
  options: { olderThanMs: number; payoutOlderThanMs?: number; limit?: number },
): Promise<FullReconcileReport> {
  const report: FullReconcileReport = await reconcilePendingTransfers(deps, options);
  report.rateLimitsDeleted = (await deleteEndedRateLimits(deps.db)) + (await deleteForgottenLoginAttempts(deps.db));
  if ('gateway' in deps) {
    const gatewayOptions = { olderThanMs: Math.max(options.olderThanMs, options.payoutOlderThanMs ?? 0), limit: options.limit };
    report.withdrawals = await reconcileWithdrawals(deps, gatewayOptions);
    report.refunds = await reconcileRefunds(deps, gatewayOptions);
    report.books = await reconcileBooks(deps, { settleMs: gatewayOptions.olderThanMs });
  }
  return report;
}

/** Runs reconcileOnce every intervalMs in this process until stopped. */
export function startReconciler(
  deps: WalletDeps | WithdrawalDeps,
  options: {
    intervalMs: number;
    olderThanMs: number;
    payoutOlderThanMs?: number;
    onReport?: (report: FullReconcileReport) => void;
    onError?: (error: unknown) => void;
  },
): Reconciler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = reconcileOnce(deps, options)
        .then((report) => options.onReport?.(report), options.onError)
        .finally(schedule);
    }, options.intervalMs);
    // A pending round must never keep a finished process alive.
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
