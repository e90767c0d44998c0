import { findTransfer } from '../ledger';
import { creditsUnreturned, orphanWithdrawalTransfers, payoutsAwaiting } from './repository';
import { WITHDRAWAL_TRANSFER_KIND } from './rules';
import { recordOpen, type WithdrawalDeps } from './service';
import { returnCredit, sendPayout, settlePayout } from './payouts';

export interface WithdrawalReconcileReport {
  /** Credit taken out by a request that never heard back, now recorded as OPEN withdrawals. */
  recorded: number;
  /** Payouts whose outcome was learnt from the gateway. */
  settled: number;
  /** Credit returns finished. */
  returned: number;
  /** Still unknown: the other side could not answer this time. */
  unresolved: number;
}

/**
 * Settles what withdrawal requests left half-way, for items older than olderThanMs (so a request
 * still in flight is left to finish): a posted WITHDRAWAL transfer without its withdrawal is
 * recorded OPEN (and paid out when within the auto-approve limit); a payout sent without an answer
 * is asked about by ref (payoutStatus), and one the gateway never received is sent again with the
 * same ref, which the gateway pays at most once; a REJECTED or FAILED withdrawal whose credit is
 * not back yet gets it back. Safe in several processes at once: every step locks or is keyed.
 */
export async function reconcileWithdrawals(
  deps: WithdrawalDeps,
  { olderThanMs, limit = 200 }: { olderThanMs: number; limit?: number },
): Promise<WithdrawalReconcileReport> {
  const { db, gateway } = deps;
  const report: WithdrawalReconcileReport = { recorded: 0, settled: 0, returned: 0, unresolved: 0 };

  for (const orphan of await orphanWithdrawalTransfers(db, WITHDRAWAL_TRANSFER_KIND, olderThanMs, limit)) {
    const transfer = await findTransfer(db, orphan.agency_id, orphan.idempotency_key);
    const { row, created } = await recordOpen(deps, transfer!);
    if (created) {
      report.recorded += 1;
      if (row.payout_ref !== null) await sendPayout(deps, row);
    }
  }

  for (const row of await payoutsAwaiting(db, olderThanMs, limit)) {
    const ref = row.payout_ref!;
    let answer = await gateway.payoutStatus(ref);
    if (answer.outcome === 'not_found')
      answer = await gateway.payout(ref, row.bank, row.account_number, row.account_name, BigInt(row.amount_kip));
    if (answer.outcome === 'unknown') {
      report.unresolved += 1;
      continue;
    }
    await settlePayout(deps, row, answer);
    report.settled += 1;
  }

  for (const row of await creditsUnreturned(db, olderThanMs, limit)) {
    const after = await returnCredit(deps, row);
    if (BigInt(after.credit_returned_satang) > 0n) report.returned += 1;
    else report.unresolved += 1;
  }
  return report;
}
