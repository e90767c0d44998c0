import { retryingDeadlocks } from '../../db/errors';
import { sql } from 'kysely';
import type { PayoutResult } from '../../adapters/payment';
import { ErrorCode } from '../../../contract/errors';
import type { Provider } from '../../../contract/providers';
import { appendAudit, type Actor } from '../audit';
import { AppError } from '../errors';
import { lockAccount, postTransfer, type LedgerTrx } from '../ledger';
import { BONUS_POOL, reopenUsageAfterWithdrawal } from '../promotions';
import { sendCreditToProvider } from '../providerWallets';
import {
  lockWithdrawal,
  markCreditReturned,
  recordPayoutClaim,
  toWithdrawal,
  withdrawalById,
  type Trx,
  type WithdrawalRow,
} from './repository';
import { claimDecision, recordApproval } from './review';
import { transitionWithdrawal, WITHDRAWAL } from './lifecycle';
import {
  AGENCY_CASH_LAK,
  CAPITAL_LAK,
  CASH_SHORTFALL_TRANSFER_KIND,
  EXCHANGE_THB,
  PAYOUTS_PAID_LAK,
  PAYOUT_CLEARING,
  PAYOUT_KIP_TRANSFER_KIND,
  mustBeUndecided,
  paidSatangOf,
} from './rules';
import type { WithdrawalDeps } from './service';

/**
 * Approves an OPEN withdrawal nobody has decided yet and sends its payout once it has the approvals
 * it needs: an operator's approval is recorded and audited first (recordApproval), and at or above
 * the agency's four-eyes amount the first of two approvals leaves it OPEN, returned unchanged. The
 * payout ref is recorded with the approval (so a second decision is refused and a crash is recovered
 * by ref), then the gateway is called, then its answer is recorded. An operator's approval comes
 * with its Idempotency-Key: a repeat returns the withdrawal as it now is, approving nothing again.
 */
export async function payOut(
  deps: WithdrawalDeps,
  agencyId: string,
  code: string,
  actor: Actor,
  idempotencyKey?: string,
): Promise<WithdrawalRow> {
  const { row, claimed } = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockWithdrawal(trx, agencyId, code);
    if (idempotencyKey !== undefined && (await claimDecision(trx, locked, { key: idempotencyKey, action: 'approve' }, actor)) === 'replay')
      return { row: locked, claimed: false };
    mustBeUndecided(locked);
    const { operatorId } = actor;
    if (operatorId !== null && !(await recordApproval(trx, locked, { ...actor, operatorId }))) return { row: locked, claimed: false };
    return { row: await claimPayout(trx, locked, actor.name), claimed: true };
  });
  return claimed ? sendPayout(deps, row) : row;
}

/**
 * The intent of a payout, written in the transaction that decides it: its ref, which refuses a
 * second decision and by which the reconciler finishes a payout whose answer never came.
 */
export async function claimPayout(trx: Trx, row: WithdrawalRow, decidedBy: string): Promise<WithdrawalRow> {
  return recordPayoutClaim(trx, row.id, `wd-${row.id}`, decidedBy);
}

/** Calls the gateway for a claimed payout, after the claim committed, and records its answer. */
export async function sendPayout(deps: WithdrawalDeps, row: WithdrawalRow): Promise<WithdrawalRow> {
  const result = await deps.gateway.payout(row.payout_ref!, row.bank, row.account_number, row.account_name, BigInt(row.amount_kip));
  return settlePayout(deps, row, result);
}

/** Records the gateway's answer: paid → SUCCESS; failed → FAILED with the credit returned; unknown → stays OPEN for the reconciler. */
export async function settlePayout(deps: WithdrawalDeps, row: WithdrawalRow, result: PayoutResult): Promise<WithdrawalRow> {
  if (result.outcome === 'unknown') return row;
  const settled = await retryingDeadlocks(() =>
    deps.db.transaction().execute(async (trx) => {
      const current = await lockWithdrawal(trx, row.agency_id, row.code);
      // An answer arriving after another settled the payout has nothing left to do: not a request, no 409.
      if (WITHDRAWAL.next(current.status, result.outcome === 'paid' ? 'pay' : 'payoutFailed') === undefined) return current;
      if (result.outcome === 'paid') {
        // The credit held in payout clearing is spent: exchanged into the kip the gateway paid, and
        // what a promotion kept back returns to the bonus pool.
        const retained = BigInt(row.promotion_retained_satang ?? 0);
        await postTransfer(trx, {
          agencyId: row.agency_id,
          key: `withdrawal-paid:${row.id}`,
          kind: 'WITHDRAWAL_PAID',
          entries: [
            { account: PAYOUT_CLEARING, amount: -BigInt(row.amount_satang) },
            { account: EXCHANGE_THB, amount: paidSatangOf(row) },
            ...(retained > 0n ? [{ account: BONUS_POOL, amount: retained }] : []),
          ],
          refs: { withdrawal: row.code, payoutRef: result.ref, kip: result.amountKip.toString() },
        });
        await postPayoutKip(trx, row, result.ref);
        return transitionWithdrawal(trx, 'pay', row.id, {
          received_kip: result.amountKip,
          payout_transaction_id: result.transactionId,
          completed_at: result.completedAt,
        });
      }
      if (current.promotion_usage_id) await reopenUsageAfterWithdrawal(trx, row.agency_id, current.promotion_usage_id);
      return transitionWithdrawal(trx, 'payoutFailed', row.id, {
        reason: `payout failed: ${result.reason}`,
        completed_at: sql<Date>`now()`,
      });
    }),
  );
  return settled.status === 'FAILED' ? returnCredit(deps, settled) : settled;
}

/**
 * The kip side of a paid payout: the withdrawal's fixed kip amount (its THB paid x the buy rate it
 * fixed, `amount_kip`) leaves agency cash for the payee (payouts_paid), keyed by the withdrawal so
 * it posts once. The bank has paid it, so the ledger records it even when its agency cash shows
 * less: the missing kip was the operator's own money in the bank, recorded first as capital put into
 * agency cash (AGENCY_CASH_SHORTFALL), so agency cash never goes below zero. The agency cash row is
 * locked first, so two payouts settling at once see each other's kip.
 */
async function postPayoutKip(trx: LedgerTrx, row: WithdrawalRow, payoutRef: string): Promise<void> {
  const kip = BigInt(row.amount_kip);
  if (kip <= 0n) return;
  const shortfall = kip - (await lockAccount(trx, row.agency_id, AGENCY_CASH_LAK)).balance;
  const refs = { withdrawal: row.code, payoutRef, rate: row.rate, kip: kip.toString() };
  if (shortfall > 0n) {
    await postTransfer(trx, {
      agencyId: row.agency_id,
      key: `withdrawal-kip-shortfall:${row.id}`,
      kind: CASH_SHORTFALL_TRANSFER_KIND,
      entries: [
        { account: CAPITAL_LAK, amount: -shortfall },
        { account: AGENCY_CASH_LAK, amount: shortfall },
      ],
      refs,
    });
  }
  await postTransfer(trx, {
    agencyId: row.agency_id,
    key: `withdrawal-kip:${row.id}`,
    kind: PAYOUT_KIP_TRANSFER_KIND,
    entries: [
      { account: AGENCY_CASH_LAK, amount: -kip },
      { account: PAYOUTS_PAID_LAK, amount: kip },
    ],
    refs,
  });
}

/**
 * Gives a REJECTED or FAILED withdrawal's credit back to the same provider, exactly once: the
 * ledger key is the withdrawal's, so a repeat replays the first transfer. When the provider does not
 * answer, the credit stays held and the reconciler finishes it.
 */
export async function returnCredit(deps: WithdrawalDeps, row: WithdrawalRow): Promise<WithdrawalRow> {
  if (BigInt(row.credit_returned_satang) > 0n) return row;
  let result;
  try {
    result = await sendCreditToProvider(deps, {
      agencyId: row.agency_id,
      playerId: row.player_id,
      provider: row.provider as Provider,
      amount: BigInt(row.amount_satang),
      key: `withdrawal-return:${row.id}`,
      kind: 'WITHDRAWAL_RETURN',
      from: PAYOUT_CLEARING,
      refs: { withdrawal: row.code },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.PROVIDER_UNAVAILABLE) return row;
    throw error;
  }
  if (result.status !== 'POSTED') return row;
  const updated = await markCreditReturned(deps.db, row.id, row.amount_satang);
  return updated ?? (await withdrawalById(deps.db, row.id));
}

/**
 * An operator rejects an undecided OPEN withdrawal with a reason, under an Idempotency-Key; the
 * credit goes back to the provider. A repeat returns the withdrawal as it now is (finishing the
 * credit's return if the first call could not).
 */
export async function rejectWithdrawal(
  deps: WithdrawalDeps,
  agencyId: string,
  code: string,
  actor: Actor,
  reason: string,
  idempotencyKey: string,
): Promise<WithdrawalRow> {
  const rejected = await deps.db.transaction().execute(async (trx) => {
    const row = await lockWithdrawal(trx, agencyId, code);
    if ((await claimDecision(trx, row, { key: idempotencyKey, action: 'reject', reason }, actor)) === 'replay') return row;
    mustBeUndecided(row);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'REJECT_WITHDRAWAL',
      target: code,
      reason,
      details: { amount: toWithdrawal(row).amountWithdrawn },
    });
    if (row.promotion_usage_id) await reopenUsageAfterWithdrawal(trx, agencyId, row.promotion_usage_id);
    return transitionWithdrawal(trx, 'reject', row.id, { reason, decided_by: actor.name, completed_at: sql<Date>`now()` });
  });
  return rejected.status === 'REJECTED' ? returnCredit(deps, rejected) : rejected;
}
