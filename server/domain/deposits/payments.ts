import { retryingDeadlocks } from '../../db/errors';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { DepositTables } from '../../db/schema';
import type { Provider } from '../../../src/contract/providers';
import type { DepositStatus } from '../../../src/contract/deposits';
import { recordWebhookEvent } from '../../adapters/payment';
import type { ProviderClient } from '../../adapters/providers';
import { AppError } from '../errors';
import { findTransfer, postTransfer, type LedgerTrx } from '../ledger';
import { sendCreditToProvider } from '../providerWallets';
import { creditPromotionBonus } from '../promotions';
import { paidOrders, type OrderRow } from './repository';
import { MAX_CREDIT_ATTEMPTS, cash, creditKey, owedTo, unmatchedReason, type UnmatchedReason } from './rules';

/**
 * A payment is applied in one transaction: the order becomes PAID and the ledger records the cash
 * and what the agency now owes the player. Outside that transaction the credit goes to the provider
 * through the ledger's provider wallet, and the order becomes SUCCESS with the credit's posting.
 * Anything paid that matches no open order is kept as an unmatched payment with its cash in the
 * ledger, for the operator.
 */

interface CreditDeps {
  db: Database;
  providers: ProviderClient;
}

/** A payment the gateway reports for a bill; eventId when it came by webhook. */
export interface DepositPayment {
  eventId?: string;
  billNumber: string;
  amountKip: bigint;
  transactionId: string;
  paidAt: Date;
}

export type PaymentOutcome =
  | { outcome: 'paid'; order: OrderRow }
  | { outcome: 'duplicate' }
  | { outcome: 'unmatched'; reason: Selectable<DepositTables['deposit_unmatched_payments']>['reason'] };

/** The order is PAID with its ledger transfer, and the bonus of a promotion it carries. */
async function payOrder(trx: LedgerTrx, agencyId: string, order: OrderRow, payment: DepositPayment): Promise<PaymentOutcome> {
  const paid = await trx
    .updateTable('deposit_orders')
    .set({
      status: 'PAID',
      transaction_id: payment.transactionId,
      paid_amount_kip: payment.amountKip,
      paid_at: payment.paidAt,
      closed_at: null,
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const credit = BigInt(order.credit_satang);
  await postTransfer(trx, {
    agencyId,
    key: `deposit:${order.code}:paid`,
    kind: 'DEPOSIT_PAYMENT',
    entries: [
      { account: cash, amount: payment.amountKip },
      { account: { kind: 'exchange', currency: 'LAK' }, amount: -payment.amountKip },
      { account: owedTo(order.player_id), amount: credit },
      { account: { kind: 'exchange', currency: 'THB' }, amount: -credit },
    ],
    refs: { deposit: order.code, transactionId: payment.transactionId, playerId: order.player_id },
  });
  const bonus = await creditPromotionBonus(trx, paid);
  if (bonus === null) return { outcome: 'paid', order: paid };
  const withBonus = await trx
    .updateTable('deposit_orders')
    .set({ promo_credit_satang: bonus })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: 'paid', order: withBonus };
}

/** The payment is kept unmatched with its cash in the ledger; a mismatched order fails, a stale one expires. */
async function keepUnmatched(
  trx: LedgerTrx,
  agencyId: string,
  order: OrderRow | undefined,
  payment: DepositPayment,
  reason: UnmatchedReason,
): Promise<PaymentOutcome> {
  const recorded = await trx
    .insertInto('deposit_unmatched_payments')
    .values({
      agency_id: agencyId,
      bill_number: payment.billNumber,
      deposit_order_id: order?.id ?? null,
      reason,
      amount_kip: payment.amountKip,
      transaction_id: payment.transactionId,
      event_id: payment.eventId ?? null,
      paid_at: payment.paidAt,
    })
    .onConflict((oc) => oc.constraint('deposit_unmatched_payments_transaction_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!recorded) return { outcome: 'duplicate' };
  await postTransfer(trx, {
    agencyId,
    key: `unmatched-payment:${payment.transactionId}`,
    kind: 'UNMATCHED_PAYMENT',
    entries: [
      { account: cash, amount: payment.amountKip },
      { account: { kind: 'unallocated_payments', currency: 'LAK' }, amount: -payment.amountKip },
    ],
    refs: { billNumber: payment.billNumber, transactionId: payment.transactionId, reason },
  });
  if (order && reason === 'AMOUNT_MISMATCH') {
    await trx
      .updateTable('deposit_orders')
      .set({ status: 'FAILED', failure_code: reason, closed_at: sql<Date>`now()` })
      .where('id', '=', order.id)
      .execute();
  } else if (order && order.status === 'OPEN' && reason === 'ORDER_EXPIRED') {
    await trx
      .updateTable('deposit_orders')
      .set({ status: 'EXPIRED', closed_at: sql<Date>`now()` })
      .where('id', '=', order.id)
      .execute();
  }
  return { outcome: 'unmatched', reason };
}

/**
 * Applies a payment in one transaction: records the webhook event (a replay stops here), locks the
 * order, and either marks it PAID with its ledger transfer, or keeps the payment unmatched with its
 * cash in the ledger. Payments are told apart by the gateway's transaction id, so the webhook and a
 * check that both see the same payment apply it once.
 */
export async function applyPayment(db: Database, agencyId: string, payment: DepositPayment): Promise<PaymentOutcome> {
  return retryingDeadlocks(() =>
    db.transaction().execute(async (trx): Promise<PaymentOutcome> => {
      if (payment.eventId !== undefined && !(await recordWebhookEvent(trx, payment.eventId, payment))) return { outcome: 'duplicate' };
      const order = await trx
        .selectFrom('deposit_orders')
        .selectAll()
        .where('agency_id', '=', agencyId)
        .where('code', '=', payment.billNumber)
        .forUpdate()
        .executeTakeFirst();
      if (order?.transaction_id === payment.transactionId) return { outcome: 'duplicate' };

      const inTime = payment.paidAt.getTime() <= (order?.expires_at.getTime() ?? 0);
      const payable = order !== undefined && (order.status === 'OPEN' || order.status === 'EXPIRED') && inTime;
      if (order && payable && BigInt(order.amount_kip) === payment.amountKip) return payOrder(trx, agencyId, order, payment);
      return keepUnmatched(trx, agencyId, order, payment, unmatchedReason(order, payable));
    }),
  );
}

/** A PAID order becomes SUCCESS: its credit is at the provider. */
const orderSucceeded = (db: Database, orderId: string) =>
  db
    .updateTable('deposit_orders')
    .set({ status: 'SUCCESS', credited_at: sql<Date>`now()`, closed_at: sql<Date>`now()`, failure_code: null })
    .where('id', '=', orderId)
    .where('status', '=', 'PAID');

interface AttemptOutcome {
  /** The provider's answer; UNAVAILABLE when it gave none. */
  status: 'POSTED' | 'PENDING' | 'VOIDED' | 'UNAVAILABLE';
  /** The order's SUCCESS was written in the statement that posted its credit. */
  succeeded: boolean;
}

/**
 * The provider's answer to the credit of one attempt: from the ledger when it is settled there, else
 * by sending it, the order's SUCCESS written with the credit's posting. `unstarted` says the ledger
 * has no transfer of this key to look up: the order was open until the caller's own transaction paid
 * it, and only a PAID order's credit is ever begun.
 */
async function creditAttempt(deps: CreditDeps, order: OrderRow, key: string, unstarted: boolean): Promise<AttemptOutcome> {
  const earlier = unstarted ? undefined : await findTransfer(deps.db, order.agency_id, key);
  if (earlier && earlier.status !== 'PENDING') return { status: earlier.status, succeeded: false };
  const attempt = order.credit_attempt;
  try {
    const result = await sendCreditToProvider(deps, {
      agencyId: order.agency_id,
      playerId: order.player_id,
      provider: order.provider as Provider,
      // The deposit's credit and its promotion bonus, both owed to the player since the payment.
      amount: BigInt(order.credit_satang) + BigInt(order.promo_credit_satang ?? 0),
      key,
      kind: 'DEPOSIT_CREDIT',
      from: owedTo(order.player_id),
      refs: { deposit: order.code },
      // The provider sees the order code; a retry after a refusal needs a ref of its own.
      providerRef: attempt === 1 ? order.code : `${order.code}-${attempt}`,
      withPosting: (settledNow) => orderSucceeded(deps.db, order.id).where(settledNow),
    });
    return { status: result.status, succeeded: result.status === 'POSTED' && result.settledNow };
  } catch (error) {
    if (error instanceof AppError) return { status: 'UNAVAILABLE', succeeded: false };
    throw error;
  }
}

/**
 * Puts a PAID order's credit at the provider (outside any transaction) and marks it SUCCESS in the
 * statement that records the provider has it. A provider that is down leaves the order PAID, its
 * money owed to the player in the ledger, for the reconciler; a refusal gives the money back to
 * that account and the next attempt uses a new key. Never throws for the provider's sake: the
 * payment is recorded already.
 * justPaid: the order is as the transaction that paid it returned it, so its credit was never begun.
 */
export async function creditPaidDeposit(deps: CreditDeps, order: OrderRow, { justPaid = false } = {}): Promise<DepositStatus> {
  const { db } = deps;
  if (order.status !== 'PAID') return order.status;
  const attempt = order.credit_attempt;
  const key = creditKey(order.code, attempt);
  const { status, succeeded } = await creditAttempt(deps, order, key, justPaid);
  if (succeeded) return 'SUCCESS';
  if (status === 'POSTED') {
    // Posted before this call (a crash or a timeout between the two): the order catches up.
    const done = await orderSucceeded(db, order.id).returning('status').executeTakeFirst();
    return done?.status ?? 'SUCCESS';
  }
  if (status === 'VOIDED') {
    const failureCode = (await findTransfer(db, order.agency_id, key))?.failureCode ?? 'PROVIDER_REFUSED';
    const next = attempt + 1;
    // After the last refusal the order stays PAID with its credit owed to the player: staff settle it.
    await db
      .updateTable('deposit_orders')
      .set({ credit_attempt: next > MAX_CREDIT_ATTEMPTS ? attempt : next, failure_code: failureCode })
      .where('id', '=', order.id)
      .where('credit_attempt', '=', attempt)
      .execute();
  }
  return 'PAID';
}

/** The webhook's work after verification: apply, then credit outside the transaction. */
export async function receivePayment(deps: CreditDeps, agencyId: string, payment: DepositPayment): Promise<PaymentOutcome['outcome']> {
  const applied = await applyPayment(deps.db, agencyId, payment);
  if (applied.outcome === 'paid') await creditPaidDeposit(deps, applied.order, { justPaid: true });
  return applied.outcome;
}

export interface DepositReconcileReport {
  /** PAID orders looked at. */
  checked: number;
  /** Of them, now SUCCESS. */
  credited: number;
}

/**
 * Credits orders left PAID (provider down or a crash after the payment): each is tried again with
 * its current attempt's key, so a transfer that reached the provider is never repeated. Only orders
 * paid more than olderThanMs ago, so a request still crediting is left to finish.
 */
export async function creditPaidDeposits(
  deps: CreditDeps,
  { olderThanMs, limit = 200 }: { olderThanMs: number; limit?: number },
): Promise<DepositReconcileReport> {
  const rows = await paidOrders(deps.db, olderThanMs, limit);
  const report: DepositReconcileReport = { checked: 0, credited: 0 };
  for (const row of rows) {
    report.checked += 1;
    if ((await creditPaidDeposit(deps, row)) === 'SUCCESS') report.credited += 1;
  }
  return report;
}
