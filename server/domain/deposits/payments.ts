import { retryingDeadlocks } from '../../db/errors';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { inGroups, settledValue } from '../../db/inGroups';
import type { DepositTables } from '../../db/schema';
import type { Provider } from '../../../contract/providers';
import type { DepositStatus } from '../../../contract/deposits';
import { gatewayIdKey, recordWebhookEvents } from '../../adapters/payment';
import type { ProviderClient } from '../../adapters/providers';
import { AppError } from '../errors';
import { findTransfer, postTransfer, postTransfers, type LedgerTrx, type TransferResult } from '../ledger';
import { recordCredits, sendRecordedCredits, type CreditRequest } from '../providerWallets';
import { creditPromotionBonus } from '../promotions';
import { onBreakWhenPaid } from '../breaks';
import { transitionOrder } from './lifecycle';
import {
  insertUnmatchedPayment,
  lockAgencyOrdersByCode,
  lockOrdersById,
  markOrderSucceeded,
  markOrdersPaid,
  orderStatus,
  ordersSucceedWith,
  paidOrders,
  recordRefusedCredit,
  setPromoCredit,
  type OrderRow,
} from './repository';
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

/** A PAID order with the intent of its current credit attempt, recorded under the order's lock. */
export interface OrderCredit {
  order: OrderRow;
  credit: TransferResult;
}

export type PaymentOutcome =
  | ({ outcome: 'paid' } & OrderCredit)
  | { outcome: 'duplicate' }
  | { outcome: 'unmatched'; reason: Selectable<DepositTables['deposit_unmatched_payments']>['reason'] };

/** A payment that matched its order, which it pays. */
interface Payable {
  order: OrderRow;
  payment: DepositPayment;
}

/**
 * The orders become PAID with their ledger transfers, in one statement each for all of them, the
 * bonus of a promotion an order carries, and the intents of their credits at the providers.
 * Returns the orders as paid with their credits, in the order given.
 */
async function payOrders(trx: LedgerTrx, agencyId: string, payables: Payable[]): Promise<OrderCredit[]> {
  if (payables.length === 0) return [];
  const paidById = new Map((await markOrdersPaid(trx, payables)).map((row) => [row.id, row]));
  await postTransfers(
    trx,
    payables.map(({ order, payment }) => {
      const credit = BigInt(order.credit_satang);
      return {
        agencyId,
        key: `deposit:${order.code}:paid`,
        kind: 'DEPOSIT_PAYMENT',
        entries: [
          { account: cash, amount: payment.amountKip },
          { account: { kind: 'exchange', currency: 'LAK' }, amount: -payment.amountKip },
          { account: owedTo(order.player_id), amount: credit },
          { account: { kind: 'exchange', currency: 'THB' }, amount: -credit },
        ],
        refs: { deposit: order.code, transactionId: gatewayIdKey(payment.transactionId), playerId: order.player_id },
      };
    }),
  );
  const paid: OrderRow[] = [];
  for (const { order } of payables) {
    const row = paidById.get(order.id) as OrderRow;
    const bonus = await creditPromotionBonus(trx, row);
    paid.push(bonus === null ? row : await setPromoCredit(trx, order.id, bonus));
  }
  const credits = await recordCredits(trx, paid.map(creditRequest));
  return paid.map((order, index) => ({ order, credit: credits[index] }));
}

/** The payment is kept unmatched with its cash in the ledger; a mismatched order fails, a stale one expires. */
async function keepUnmatched(
  trx: LedgerTrx,
  agencyId: string,
  order: OrderRow | undefined,
  payment: DepositPayment,
  reason: UnmatchedReason,
): Promise<PaymentOutcome> {
  const recorded = await insertUnmatchedPayment(trx, {
    agency_id: agencyId,
    bill_number: payment.billNumber,
    deposit_order_id: order?.id ?? null,
    reason,
    amount_kip: payment.amountKip,
    transaction_id: payment.transactionId,
    event_id: payment.eventId ?? null,
    paid_at: payment.paidAt,
  });
  if (!recorded) return { outcome: 'duplicate' };
  await postTransfer(trx, {
    agencyId,
    key: `unmatched-payment:${gatewayIdKey(payment.transactionId)}`,
    kind: 'UNMATCHED_PAYMENT',
    entries: [
      { account: cash, amount: payment.amountKip },
      { account: { kind: 'unallocated_payments', currency: 'LAK' }, amount: -payment.amountKip },
    ],
    refs: { billNumber: gatewayIdKey(payment.billNumber), transactionId: gatewayIdKey(payment.transactionId), reason },
  });
  if (order && reason === 'AMOUNT_MISMATCH') {
    await transitionOrder(trx, 'refuseAmount', order.id, sql`failure_code = ${reason}, closed_at = now()`);
  } else if (order && order.status === 'OPEN' && reason === 'ORDER_EXPIRED') {
    await transitionOrder(trx, 'expire', order.id, sql`closed_at = now()`);
  }
  return { outcome: 'unmatched', reason };
}

/**
 * Payments one transaction applies together: their event ids, transaction ids and bills all
 * differ, so each is applied as it would be alone. The others are left for a transaction after it.
 */
function splitIndependent(payments: DepositPayment[]): { independent: number[]; after: number[] } {
  const seen = new Set<string>();
  const independent: number[] = [];
  const after: number[] = [];
  payments.forEach(({ eventId, transactionId, billNumber }, index) => {
    const names = [`bill:${billNumber}`, `transaction:${transactionId}`, ...(eventId === undefined ? [] : [`event:${eventId}`])];
    if (names.some((name) => seen.has(name))) return after.push(index);
    names.forEach((name) => seen.add(name));
    independent.push(index);
  });
  return { independent, after };
}

/**
 * Applies payments independent of each other (see `splitIndependent`) in one transaction: records
 * their webhook events (a replay stops there), locks their orders, marks those that match PAID with
 * their ledger transfers, and keeps the others unmatched with their cash in the ledger.
 */
function applyTogether(db: Database, agencyId: string, payments: DepositPayment[]): Promise<PaymentOutcome[]> {
  return retryingDeadlocks(() =>
    db.transaction().execute(async (trx) => {
      const events = payments.flatMap(({ eventId, ...payment }) => (eventId === undefined ? [] : [{ eventId, payment }]));
      const recorded = await recordWebhookEvents(trx, agencyId, events);
      const fresh = payments.filter(({ eventId }) => eventId === undefined || recorded.has(eventId));
      const orders =
        fresh.length === 0
          ? []
          : await lockAgencyOrdersByCode(
              trx,
              agencyId,
              fresh.map(({ billNumber }) => billNumber),
            );
      const orderOf = new Map(orders.map((order) => [order.code, order]));
      // Read after the orders' locks: a break that cancelled one of them has committed with it.
      const onBreak = await onBreakWhenPaid(
        trx,
        agencyId,
        orders.map((order) => order.player_id),
        fresh.map(({ paidAt }) => paidAt),
      );

      const outcomes = new Map<DepositPayment, PaymentOutcome>();
      const payables: Payable[] = [];
      const unmatched: Array<{ order: OrderRow | undefined; payment: DepositPayment; reason: UnmatchedReason }> = [];
      for (const payment of fresh) {
        const order = orderOf.get(payment.billNumber);
        if (order?.transaction_id === payment.transactionId) {
          outcomes.set(payment, { outcome: 'duplicate' });
          continue;
        }
        const inTime = payment.paidAt.getTime() <= (order?.expires_at.getTime() ?? 0);
        // A player on a break is credited nothing: the payment goes to deposit review.
        const breakRuns = order !== undefined && onBreak(order.player_id, payment.paidAt);
        const payable = order !== undefined && !breakRuns && (order.status === 'OPEN' || order.status === 'EXPIRED') && inTime;
        if (order && payable && BigInt(order.amount_kip) === payment.amountKip) payables.push({ order, payment });
        else unmatched.push({ order, payment, reason: unmatchedReason(order, payable, breakRuns) });
      }
      const paid = await payOrders(trx, agencyId, payables);
      payables.forEach(({ payment }, index) => outcomes.set(payment, { outcome: 'paid', ...paid[index] }));
      for (const { order, payment, reason } of unmatched) outcomes.set(payment, await keepUnmatched(trx, agencyId, order, payment, reason));
      // A payment not among the fresh ones is a replay of an event recorded before.
      return payments.map((payment) => outcomes.get(payment) ?? { outcome: 'duplicate' });
    }),
  );
}

/**
 * Applies payments together, or, when that fails, each in a transaction of its own, so that a
 * payment's failure is its own and not its neighbours'.
 */
async function settleTogether(
  db: Database,
  agencyId: string,
  payments: DepositPayment[],
): Promise<Array<PromiseSettledResult<PaymentOutcome>>> {
  try {
    return (await applyTogether(db, agencyId, payments)).map((value) => ({ status: 'fulfilled', value }));
  } catch (reason) {
    if (payments.length === 1) return [{ status: 'rejected', reason }];
    const each: Array<PromiseSettledResult<PaymentOutcome>> = [];
    for (const payment of payments) each.push(...(await settleTogether(db, agencyId, [payment])));
    return each;
  }
}

/**
 * Applies payments as each would be applied alone, in as few transactions as they allow, and says
 * for each what came of it. Payments are told apart by the gateway's transaction id, so the webhook
 * and a check that both see the same payment apply it once.
 */
export async function applyPayments(
  db: Database,
  agencyId: string,
  payments: DepositPayment[],
): Promise<Array<PromiseSettledResult<PaymentOutcome>>> {
  const { independent, after } = splitIndependent(payments);
  const settled = await settleTogether(
    db,
    agencyId,
    independent.map((index) => payments[index]),
  );
  const results: Array<PromiseSettledResult<PaymentOutcome>> = [];
  independent.forEach((index, position) => (results[index] = settled[position]));
  if (after.length > 0) {
    const rest = await applyPayments(
      db,
      agencyId,
      after.map((index) => payments[index]),
    );
    after.forEach((index, position) => (results[index] = rest[position]));
  }
  return results;
}

/** Applies one payment, as applyPayments does. */
export async function applyPayment(db: Database, agencyId: string, payment: DepositPayment): Promise<PaymentOutcome> {
  const [result] = await applyPayments(db, agencyId, [payment]);
  return settledValue(result);
}

interface AttemptOutcome {
  /** The provider's answer; UNAVAILABLE when it gave none. */
  status: 'POSTED' | 'PENDING' | 'VOIDED' | 'UNAVAILABLE';
  /** The order's SUCCESS was written in the statement that posted its credit. */
  succeeded: boolean;
}

/** The credit of an order's current attempt, as the provider is to be asked for it. */
function creditRequest(order: OrderRow): CreditRequest {
  const attempt = order.credit_attempt;
  return {
    agencyId: order.agency_id,
    playerId: order.player_id,
    provider: order.provider as Provider,
    // The deposit's credit and its promotion bonus, both owed to the player since the payment.
    amount: BigInt(order.credit_satang) + BigInt(order.promo_credit_satang ?? 0),
    key: creditKey(order.code, attempt),
    kind: 'DEPOSIT_CREDIT',
    from: owedTo(order.player_id),
    refs: { deposit: order.code },
    // The provider sees the order code; a retry after a refusal needs a ref of its own.
    providerRef: attempt === 1 ? order.code : `${order.code}-${attempt}`,
  };
}

/**
 * Records the credits of PAID orders' current attempts in trx, where their rows are locked: the
 * one place a deposit's credit is decided, so a refund deciding about the same order waits for the
 * lock and then sees the credit on its way. A credit recorded before is answered as it stands.
 */
export async function recordOrderCredits(trx: LedgerTrx, orders: OrderRow[]): Promise<OrderCredit[]> {
  const paid = orders.filter((order) => order.status === 'PAID');
  const credits = await recordCredits(trx, paid.map(creditRequest));
  return paid.map((order, index) => ({ order, credit: credits[index] }));
}

/**
 * Locks the orders (in id order, so two callers wait instead of deadlocking) and records the credits
 * of those still PAID. The provider's answer to a credit already on its way writes the order's
 * SUCCESS with the credit's posting, taking its locks the other way round: when PostgreSQL ends
 * that cycle here, this is asked again and finds the order as the answer left it.
 */
function lockAndRecordCredits(db: Database, orders: OrderRow[]): Promise<OrderCredit[]> {
  if (orders.length === 0) return Promise.resolve([]);
  return retryingDeadlocks(() =>
    db.transaction().execute(async (trx) => {
      const locked = await lockOrdersById(
        trx,
        orders.map(({ id }) => id),
      );
      return recordOrderCredits(trx, locked);
    }),
  );
}

/**
 * The providers' answers to recorded credits, one agency's: a credit settled in the ledger is
 * answered as it is, a PENDING one is sent (again, by its ref, which the provider runs once), each
 * order's SUCCESS written with its credit's posting.
 */
async function creditAttempts(deps: CreditDeps, credits: OrderCredit[]): Promise<Array<PromiseSettledResult<AttemptOutcome>>> {
  const orders = credits.map(({ order }) => order);
  const sent = await sendRecordedCredits(
    deps,
    credits.map(({ credit }) => credit),
    ordersSucceedWith(orders),
  );
  return sent.map((result) =>
    result.status === 'fulfilled'
      ? {
          status: 'fulfilled',
          value: { status: result.value.status, succeeded: result.value.status === 'POSTED' && result.value.settledNow },
        }
      : result.reason instanceof AppError
        ? { status: 'fulfilled', value: { status: 'UNAVAILABLE', succeeded: false } }
        : result,
  );
}

/** After the provider's answer to its credit: the order as it then stands. */
async function afterCredit(db: Database, order: OrderRow, { status, succeeded }: AttemptOutcome): Promise<DepositStatus> {
  if (succeeded) return 'SUCCESS';
  if (status === 'POSTED') {
    // Posted before this call (a crash or a timeout between the two): the order catches up.
    return (await markOrderSucceeded(db, order.id))?.status ?? 'SUCCESS';
  }
  if (status === 'VOIDED') {
    const attempt = order.credit_attempt;
    const failureCode = (await findTransfer(db, order.agency_id, creditKey(order.code, attempt)))?.failureCode ?? 'PROVIDER_REFUSED';
    const next = attempt + 1;
    // After the last refusal the order stays PAID with its credit owed to the player: staff settle it.
    await recordRefusedCredit(db, order.id, attempt, { creditAttempt: next > MAX_CREDIT_ATTEMPTS ? attempt : next, failureCode });
  }
  return 'PAID';
}

/**
 * Puts recorded credits of PAID orders at their providers (outside any transaction), one agency's
 * together, and marks each SUCCESS in the statement that records the provider has it. A provider
 * that is down leaves the order PAID, its credit held PENDING for the reconciler, which asks the
 * provider by ref; a refusal gives the money back to what is owed and the next attempt uses a new
 * key. Answers each order's status, or the error of that order alone; never fails for the
 * provider's sake: the payment is recorded already.
 */
async function creditPaidOrders(deps: CreditDeps, credits: OrderCredit[]): Promise<Array<PromiseSettledResult<DepositStatus>>> {
  const settled = await creditAttempts(deps, credits);
  return Promise.all(
    credits.map(async ({ order }, index): Promise<PromiseSettledResult<DepositStatus>> => {
      const attempt = settled[index];
      if (attempt.status === 'rejected') return attempt;
      try {
        return { status: 'fulfilled', value: await afterCredit(deps.db, order, attempt.value) };
      } catch (reason) {
        return { status: 'rejected', reason };
      }
    }),
  );
}

/** Sends the credit recorded for one PAID order, as creditPaidOrders does; its error is thrown. */
export async function sendOrderCredit(deps: CreditDeps, credit: OrderCredit): Promise<DepositStatus> {
  const [result] = await creditPaidOrders(deps, [credit]);
  return settledValue(result);
}

/** Credits one order if it is still PAID: records its credit under its lock, then sends it. Its status is answered. */
export async function creditPaidDeposit(deps: CreditDeps, order: OrderRow): Promise<DepositStatus> {
  const [credit] = await lockAndRecordCredits(deps.db, [order]);
  if (!credit) return orderStatus(deps.db, order.id);
  return sendOrderCredit(deps, credit);
}

/**
 * At most this many payments share a transaction, or credits a round of provider calls. Smaller
 * groups let one group's credits run while the next group's payments are written, so the database
 * writes and the provider calls overlap instead of taking turns.
 */
const PAYMENTS_PER_GROUP = 16;

/**
 * The webhook's work after verification, for one process: apply the payment, then credit it
 * outside the transaction. Payments of an agency that arrive while one transaction of its payments
 * is being written are applied together in the next, so their statements, the lock on the agency's
 * cash and exchange accounts, and the commit are shared; the credits of the payments a transaction
 * applied are then sent together the same way. Each answers what came of it alone.
 */
export function paymentReceiver(deps: CreditDeps): (agencyId: string, payment: DepositPayment) => Promise<PaymentOutcome['outcome']> {
  const apply = inGroups<DepositPayment, PaymentOutcome>(
    (agencyId, payments) => applyPayments(deps.db, agencyId, payments),
    PAYMENTS_PER_GROUP,
  );
  const credit = inGroups<OrderCredit, DepositStatus>((_, credits) => creditPaidOrders(deps, credits), PAYMENTS_PER_GROUP);
  return async (agencyId, payment) => {
    const applied = await apply(agencyId, payment);
    if (applied.outcome === 'paid') await credit(agencyId, { order: applied.order, credit: applied.credit });
    return applied.outcome;
  };
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
