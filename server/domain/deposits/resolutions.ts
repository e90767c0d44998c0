import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { gatewayIdKey, type LaoQrGateway } from '../../adapters/payment';
import type { ProviderClient } from '../../adapters/providers';
import { OperatorErrorCode } from '../../../contract/admin';
import { ErrorCode } from '../../../contract/errors';
import { convertAt } from '../../../contract/money';
import { isProvider, type Provider } from '../../../contract/providers';
import type { AgencyDeposit, UnmatchedCredit, UnmatchedPaymentResponse } from '../../../contract/adminDeposits';
import { rateAt, type RateChange } from '../agencies';
import { AppError } from '../errors';
import { claim, requestHash, requireIdempotencyKey, scopes } from '../claims';
import { findTransfer, postTransfer, type LedgerTrx } from '../ledger';
import { appendAudit, type Actor } from '../audit';
import { agencyDeposit, toRefund, unmatchedPayment } from './review';
import { agencyPlayer } from './reviewRepository';
import { EXCHANGE_LAK, EXCHANGE_THB, UNALLOCATED, recordRefund, refundRefOf, runRefund } from './refunds';
import { pendingRefund, refundOfPayment } from './refundRepository';
import { transitionOrder, transitionPayment } from './lifecycle';
import { recordOrderCredits, sendOrderCredit } from './payments';
import { insertOrder, lockAgencyOrder, lockUnmatchedPayment, setCreditAttempt, type OrderRow, type UnmatchedRow } from './repository';
import { creditKey, newCode, owedTo } from './rules';

/**
 * The operator resolves what deposits left: an unmatched payment is credited to a player (through a
 * deposit order of its own, so the provider credit runs exactly as a deposit's) or refunded to its
 * payer through the gateway; a deposit stuck PAID has its credit retried or is refunded. Each action
 * takes an Idempotency-Key (a replay answers the state as it now is and moves nothing), is audited
 * with the reason in the transaction that claims it, and moves the money once: the payment's or the
 * order's row is locked and its status decides, and every ledger key names the payment or refund.
 */

export interface DepositReviewDeps {
  db: Database;
  providers: ProviderClient;
  gateway: LaoQrGateway;
}

/** An unmatched payment taken out of the queue by an operator's resolution, with who, why and when. */
async function markResolved(
  trx: LedgerTrx,
  paymentId: string,
  outcome: { resolution: 'CREDITED'; creditedOrderId: string } | { resolution: 'REFUNDING' },
  actor: Actor,
  reason: string,
): Promise<void> {
  await transitionPayment(trx, 'resolve', paymentId, {
    resolution: outcome.resolution,
    ...(outcome.resolution === 'CREDITED' && { credited_order_id: outcome.creditedOrderId }),
    resolved_by: actor.name,
    resolution_reason: reason,
    resolved_at: sql<Date>`now()`,
  });
}

/** Claims a review action's key: every action of the deposit review shares one scope per agency. */
const claimKey = (trx: LedgerTrx, agencyId: string, key: string, ...request: string[]) =>
  claim(trx, scopes.depositReview(agencyId), key, requestHash(...request));

async function lockPayment(trx: LedgerTrx, agencyId: string, id: string) {
  const row = await lockUnmatchedPayment(trx, agencyId, id);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No unmatched payment ${id}`);
  if (row.status !== 'UNRESOLVED')
    throw new AppError(
      409,
      OperatorErrorCode.PAYMENT_ALREADY_RESOLVED,
      `Payment ${row.transaction_id} was resolved already (${row.resolution})`,
    );
  return row;
}

/**
 * The outcome of a locked PAID order's last credit, when it has none on its way: VOIDED (the provider
 * never took it), or undefined (none was recorded). A credit PENDING is the reconciler's to settle
 * by its ref, never guessed at: a retry or a refund meanwhile is 409, so two operators reviewing it
 * cannot both act on one order.
 */
async function lastCreditSettled(trx: LedgerTrx, agencyId: string, row: OrderRow): Promise<'VOIDED' | undefined> {
  const last = await findTransfer(trx, agencyId, creditKey(row.code, row.credit_attempt));
  if (last?.status === 'PENDING' || last?.status === 'POSTED')
    throw new AppError(
      409,
      OperatorErrorCode.DEPOSIT_NOT_STUCK,
      `Deposit ${row.code} has its credit on its way to the provider: the reconciler settles it by its ref`,
    );
  return last?.status;
}

async function lockOrder(trx: LedgerTrx, agencyId: string, code: string) {
  const row = await lockAgencyOrder(trx, agencyId, code);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No deposit ${code}`);
  if (row.status !== 'PAID')
    throw new AppError(
      409,
      OperatorErrorCode.DEPOSIT_NOT_STUCK,
      `Deposit ${code} is ${row.status}; only a PAID deposit is retried or refunded`,
    );
  return row;
}

async function paymentResponse(deps: DepositReviewDeps, agencyId: string, id: string): Promise<UnmatchedPaymentResponse> {
  const refund = await refundOfPayment(deps.db, agencyId, id);
  return { payment: await unmatchedPayment(deps.db, agencyId, id), refund: refund ? toRefund(refund) : null };
}

/** The PAID deposit order a credited payment becomes: the payment's kip, transaction and time, at the rate of that time. */
async function insertCreditedOrder(
  trx: LedgerTrx,
  agencyId: string,
  payment: UnmatchedRow,
  playerId: string,
  provider: Provider,
  { credit, rate }: { credit: bigint; rate: RateChange },
) {
  const kip = BigInt(payment.amount_kip);
  return insertOrder(trx, {
    agency_id: agencyId,
    code: newCode(),
    player_id: playerId,
    provider,
    amount_kip: kip,
    credit_satang: credit,
    rate_sell: rate.sell,
    rate_effective_at: rate.effectiveAt,
    status: 'PAID',
    idempotency_key: `unmatched:${payment.id}`,
    expires_at: payment.paid_at,
    transaction_id: payment.transaction_id,
    paid_amount_kip: kip,
    paid_at: payment.paid_at,
  });
}

/**
 * POST /admin/deposits/unmatched/{id}/credit: the payment's kip buys THB at the sell rate in force
 * when it was paid, for the player at the provider. In one transaction the payment is RESOLVED, a
 * PAID deposit order is made for the player (its transaction is the payment's), and the kip leaves
 * unallocated_payments into what the agency owes the player; then that credit goes to the provider
 * as any paid deposit's does (a refusal leaves the order PAID, stuck, for a retry or a refund).
 */
export async function creditUnmatchedPayment(
  deps: DepositReviewDeps,
  agencyId: string,
  id: string,
  input: UnmatchedCredit,
  idempotencyKey: unknown,
  actor: Actor,
): Promise<UnmatchedPaymentResponse> {
  const key = requireIdempotencyKey(idempotencyKey);
  const reason = input.reason.trim();
  if (!isProvider(input.provider)) throw new AppError(400, ErrorCode.UNKNOWN_PROVIDER, `No game provider ${input.provider}`);
  const provider = input.provider;
  const player = await agencyPlayer(deps.db, agencyId, input.playerId);
  if (!player) throw new AppError(404, ErrorCode.NOT_FOUND, `No player ${input.playerId}`);

  const recorded = await deps.db.transaction().execute(async (trx) => {
    if ((await claimKey(trx, agencyId, key, 'credit', id, player.id, provider, reason)) === 'replay') return undefined;
    const payment = await lockPayment(trx, agencyId, id);
    const kip = BigInt(payment.amount_kip);
    const rate = await rateAt(trx, agencyId, 'THB', payment.paid_at);
    if (!rate) throw new AppError(409, ErrorCode.EXCHANGE_RATE_MISSING, 'The agency had no THB rate when this payment was made');
    const credit = convertAt('DEPOSIT', kip, rate, 'THB');
    if (credit <= 0n) throw new AppError(400, ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE, 'The payment buys no credit at the rate of its time');
    const created = await insertCreditedOrder(trx, agencyId, payment, player.id, provider, { credit, rate });
    await postTransfer(trx, {
      agencyId,
      key: `unmatched-payment:${payment.id}:credit`,
      kind: 'UNMATCHED_PAYMENT_CREDIT',
      entries: [
        { account: UNALLOCATED, amount: kip },
        { account: EXCHANGE_LAK, amount: -kip },
        { account: owedTo(player.id), amount: credit },
        { account: EXCHANGE_THB, amount: -credit },
      ],
      refs: {
        deposit: created.code,
        transactionId: gatewayIdKey(payment.transaction_id),
        playerId: player.id,
        unmatchedPayment: payment.id,
        rate: rate.sell,
      },
    });
    await markResolved(trx, payment.id, { resolution: 'CREDITED', creditedOrderId: created.id }, actor, reason);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'CREDIT_UNMATCHED_PAYMENT',
      target: payment.transaction_id,
      reason,
      details: {
        player: player.username,
        provider,
        kip: kip.toString(),
        satang: credit.toString(),
        rate: rate.sell,
        deposit: created.code,
      },
    });
    const [orderCredit] = await recordOrderCredits(trx, [created]);
    return orderCredit;
  });
  if (recorded) await sendOrderCredit(deps, recorded);
  return paymentResponse(deps, agencyId, id);
}

/**
 * POST /admin/deposits/unmatched/{id}/refund: the payment goes back to its payer through the
 * gateway, its transaction's reference as the ref. Claimed (RESOLVED, REFUNDING) before the call;
 * the kip leaves unallocated_payments when the gateway has refunded it.
 */
export async function refundUnmatchedPayment(
  deps: DepositReviewDeps,
  agencyId: string,
  id: string,
  reasonGiven: string,
  idempotencyKey: unknown,
  actor: Actor,
): Promise<UnmatchedPaymentResponse> {
  const key = requireIdempotencyKey(idempotencyKey);
  const reason = reasonGiven.trim();
  const refund = await deps.db.transaction().execute(async (trx) => {
    if ((await claimKey(trx, agencyId, key, 'refund-payment', id, reason)) === 'replay') {
      const payment = await unmatchedPayment(trx, agencyId, id);
      return pendingRefund(trx, agencyId, refundRefOf(payment.transactionId));
    }
    const payment = await lockPayment(trx, agencyId, id);
    await markResolved(trx, payment.id, { resolution: 'REFUNDING' }, actor, reason);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'REFUND_UNMATCHED_PAYMENT',
      target: payment.transaction_id,
      reason,
      details: { kip: payment.amount_kip, ref: refundRefOf(payment.transaction_id) },
    });
    return recordRefund(trx, {
      agencyId,
      transactionId: payment.transaction_id,
      kip: BigInt(payment.amount_kip),
      unmatchedPaymentId: payment.id,
    });
  });
  await runRefund(deps, refund);
  return paymentResponse(deps, agencyId, id);
}

/**
 * POST /admin/deposits/{code}/retry-credit: a PAID deposit whose credit the provider never took gets
 * a new attempt with a key of its own, recorded under the order's lock and sent after commit.
 */
export async function retryDepositCredit(
  deps: DepositReviewDeps,
  agencyId: string,
  code: string,
  reasonGiven: string,
  idempotencyKey: unknown,
  actor: Actor,
): Promise<AgencyDeposit> {
  const key = requireIdempotencyKey(idempotencyKey);
  const reason = reasonGiven.trim();
  const credit = await deps.db.transaction().execute(async (trx) => {
    if ((await claimKey(trx, agencyId, key, 'retry-credit', code, reason)) === 'replay') return undefined;
    const row = await lockOrder(trx, agencyId, code);
    const last = await lastCreditSettled(trx, agencyId, row);
    const attempt = last === 'VOIDED' ? row.credit_attempt + 1 : row.credit_attempt;
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'RETRY_DEPOSIT_CREDIT',
      target: code,
      reason,
      details: { attempt: String(attempt) },
    });
    const order = await setCreditAttempt(trx, row.id, attempt);
    const [recorded] = await recordOrderCredits(trx, [order]);
    return recorded;
  });
  if (credit) await sendOrderCredit(deps, credit);
  return agencyDeposit(deps.db, agencyId, code);
}

/**
 * POST /admin/deposits/{code}/refund: a PAID deposit whose credit is not at the provider (none in
 * flight) goes back to its payer through the gateway. The order is held FAILED (REFUNDING) so no
 * credit is tried meanwhile; once refunded, what the agency owed the player for it is reversed.
 */
export async function refundDeposit(
  deps: DepositReviewDeps,
  agencyId: string,
  code: string,
  reasonGiven: string,
  idempotencyKey: unknown,
  actor: Actor,
): Promise<AgencyDeposit> {
  const key = requireIdempotencyKey(idempotencyKey);
  const reason = reasonGiven.trim();
  const refund = await deps.db.transaction().execute(async (trx) => {
    if ((await claimKey(trx, agencyId, key, 'refund-deposit', code, reason)) === 'replay') {
      const deposit = await agencyDeposit(trx, agencyId, code);
      return deposit.transactionId === null ? undefined : pendingRefund(trx, agencyId, refundRefOf(deposit.transactionId));
    }
    const row = await lockOrder(trx, agencyId, code);
    await lastCreditSettled(trx, agencyId, row);
    const kip = BigInt(row.paid_amount_kip!);
    await transitionOrder(trx, 'startRefund', row.id, sql`failure_code = 'REFUNDING'`);
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'REFUND_DEPOSIT',
      target: code,
      reason,
      details: { kip: kip.toString(), ref: refundRefOf(row.transaction_id!) },
    });
    return recordRefund(trx, { agencyId, transactionId: row.transaction_id!, kip, depositOrderId: row.id });
  });
  await runRefund(deps, refund);
  return agencyDeposit(deps.db, agencyId, code);
}
