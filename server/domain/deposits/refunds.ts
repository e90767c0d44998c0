import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { gatewayIdKey, type LaoQrGateway, type RefundResult } from '../../adapters/payment';
import { OperatorErrorCode } from '../../../contract/admin';
import { AppError } from '../errors';
import { lockAccount, postTransfer, type AccountRef, type Entry, type LedgerTrx } from '../ledger';
import { BONUS_POOL, endUsageByRefund } from '../promotions';
import { transitionOrder, transitionPayment, transitionRefund } from './lifecycle';
import { markOrderRefunded, markPaymentRefunded, orderById } from './repository';
import { insertRefund, lockRefund, refundIdByRef, refundsLeftPending, type RefundRow } from './refundRepository';
import { cash, owedTo } from './rules';

/**
 * Refunds of paid transactions to their payers through the gateway: recorded PENDING with the
 * transaction's reference as the ref, asked of the gateway (again with the same ref until it
 * answers), and settled in the ledger once refunded.
 */

export const UNALLOCATED: AccountRef = { kind: 'unallocated_payments', currency: 'LAK' };
export const EXCHANGE_LAK: AccountRef = { kind: 'exchange', currency: 'LAK' };
export const EXCHANGE_THB: AccountRef = { kind: 'exchange', currency: 'THB' };
const CAPITAL_LAK: AccountRef = { kind: 'capital', currency: 'LAK' };

/** The gateway's ref of a refund: the paid transaction's own key, so a transaction is refunded at most once. */
export const refundRefOf = (transactionId: string) => `refund-${gatewayIdKey(transactionId)}`;

/**
 * The kip of a refund leaves agency cash. The bank has paid it back, so the ledger records it even
 * when agency cash shows less (the payouts' rule): the difference is the operator's own money.
 */
async function kipOut(trx: LedgerTrx, agencyId: string, kip: bigint, ref: string): Promise<Entry[]> {
  const shortfall = kip - (await lockAccount(trx, agencyId, cash)).balance;
  if (shortfall > 0n) {
    await postTransfer(trx, {
      agencyId,
      key: `refund-kip-shortfall:${ref}`,
      kind: 'AGENCY_CASH_SHORTFALL',
      entries: [
        { account: CAPITAL_LAK, amount: -shortfall },
        { account: cash, amount: shortfall },
      ],
      refs: { refundRef: ref, kip: kip.toString() },
    });
  }
  return [{ account: cash, amount: -kip }];
}

/**
 * Records the gateway's answer to a refund, in one transaction with the refund row locked:
 * refunded → the ledger's PAYMENT_REFUND (keyed by the ref) and the source closed; refused → the
 * refund FAILED and the source back as it was; unknown → still PENDING, the next replay asks again.
 */
async function settleRefund(deps: { db: Database }, refund: RefundRow, result: RefundResult): Promise<RefundRow> {
  if (result.outcome === 'unknown') return refund;
  return deps.db.transaction().execute(async (trx) => {
    const current = await lockRefund(trx, refund.id);
    if (current.status !== 'PENDING') return current;
    const kip = BigInt(current.amount_kip);
    if (result.outcome === 'refunded') {
      const entries: Entry[] = await kipOut(trx, current.agency_id, kip, current.ref);
      const refs: Record<string, string> = {
        refundRef: current.ref,
        transactionId: gatewayIdKey(current.transaction_id),
        gatewayTransactionId: result.transactionId,
      };
      if (current.unmatched_payment_id !== null) {
        entries.push({ account: UNALLOCATED, amount: kip });
        await markPaymentRefunded(trx, current.unmatched_payment_id);
      } else {
        const order = await orderById(trx, current.deposit_order_id!);
        const credit = BigInt(order.credit_satang);
        const bonus = BigInt(order.promo_credit_satang ?? 0);
        refs.deposit = order.code;
        entries.push(
          { account: EXCHANGE_LAK, amount: kip },
          { account: owedTo(order.player_id), amount: -(credit + bonus) },
          { account: EXCHANGE_THB, amount: credit },
          ...(bonus > 0n ? [{ account: BONUS_POOL, amount: bonus }] : []),
        );
        await markOrderRefunded(trx, order.id);
        if (order.promotion_usage_id !== null) await endUsageByRefund(trx, current.agency_id, order.id);
      }
      await postTransfer(trx, { agencyId: current.agency_id, key: `payment-refund:${current.ref}`, kind: 'PAYMENT_REFUND', entries, refs });
      return transitionRefund(trx, 'refunded', current.id, {
        gateway_transaction_id: result.transactionId,
        completed_at: result.completedAt,
      });
    }
    if (current.unmatched_payment_id !== null) {
      await transitionPayment(trx, 'refundRefused', current.unmatched_payment_id, {
        resolution: null,
        resolved_by: null,
        resolution_reason: null,
        resolved_at: null,
      });
    } else {
      await transitionOrder(trx, 'refundRefused', current.deposit_order_id!, sql`failure_code = 'REFUND_FAILED', closed_at = NULL`);
    }
    return transitionRefund(trx, 'refused', current.id, { failure_reason: result.reason, completed_at: sql<Date>`now()` });
  });
}

/** Asks the gateway for a PENDING refund (again, with the same ref, which it runs once) and records its answer. */
async function sendRefund(deps: { db: Database; gateway: LaoQrGateway }, refund: RefundRow): Promise<RefundRow> {
  return settleRefund(deps, refund, await deps.gateway.refund(refund.ref, refund.transaction_id, BigInt(refund.amount_kip)));
}

/** Sends a PENDING refund and records the answer; a refusal is REFUND_FAILED. */
export async function runRefund(deps: { db: Database; gateway: LaoQrGateway }, refund: RefundRow | undefined): Promise<void> {
  if (!refund || refund.status !== 'PENDING') return;
  const settled = await sendRefund(deps, refund);
  if (settled.status === 'FAILED')
    throw new AppError(502, OperatorErrorCode.REFUND_FAILED, `The gateway refused the refund (${settled.failure_reason}); nothing moved`);
}

export interface RefundReconcileReport {
  /** Refunds the gateway answered: refunded (PAID) or refused (FAILED). */
  settled: number;
  /** Still PENDING: the gateway did not answer this time either. */
  unresolved: number;
}

/**
 * Refunds left PENDING (the gateway never answered, or the process stopped before asking), older
 * than olderThanMs so a call in flight is left to finish: sent again with the same ref, which the
 * gateway runs once (a refund it made before is answered as made), and recorded as the console's own
 * send records it. Safe in several processes at once: settling locks the refund row.
 */
export async function reconcileRefunds(
  deps: { db: Database; gateway: LaoQrGateway },
  { olderThanMs, limit = 200 }: { olderThanMs: number; limit?: number },
): Promise<RefundReconcileReport> {
  const rows = await refundsLeftPending(deps.db, olderThanMs, limit);
  const report: RefundReconcileReport = { settled: 0, unresolved: 0 };
  for (const row of rows) {
    const settled = await sendRefund(deps, row);
    if (settled.status === 'PENDING') report.unresolved += 1;
    else report.settled += 1;
  }
  return report;
}

/**
 * A refund row for the transaction, PENDING; one the gateway refused before is asked for again
 * under its ref, and one already pending or paid answers 409.
 */
export async function recordRefund(
  trx: LedgerTrx,
  values: { agencyId: string; transactionId: string; kip: bigint; unmatchedPaymentId?: string; depositOrderId?: string },
): Promise<RefundRow> {
  const ref = refundRefOf(values.transactionId);
  const recorded = await insertRefund(trx, {
    agency_id: values.agencyId,
    ref,
    transaction_id: values.transactionId,
    amount_kip: values.kip,
    unmatched_payment_id: values.unmatchedPaymentId ?? null,
    deposit_order_id: values.depositOrderId ?? null,
  });
  if (recorded) return recorded;
  const earlier = await refundIdByRef(trx, values.agencyId, ref);
  return transitionRefund(trx, 'askAgain', earlier, { failure_reason: null, completed_at: null });
}
