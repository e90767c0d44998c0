import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SandboxBankTables } from '../../db/sandboxSchema';
import type { LaoQrBill } from '../../../contract/laoqr';
import { PAYMENT_PAID_EVENT, signWebhook, type PaymentPaidEventBody } from '../../adapters/payment/webhook';

/** The sandbox bank's books: payments of LaoQR bills, webhook deliveries, payouts and faults. */

export type PaymentRow = Selectable<SandboxBankTables['sandbox_bank_payments']>;
export type DeliveryRow = Selectable<SandboxBankTables['sandbox_bank_webhook_deliveries']>;
export type PayoutRow = Selectable<SandboxBankTables['sandbox_bank_payouts']>;
export type RefundRow = Selectable<SandboxBankTables['sandbox_bank_refunds']>;
export type FaultOperation = SandboxBankTables['sandbox_bank_faults']['operation'];
export type FaultMode = SandboxBankTables['sandbox_bank_faults']['mode'];
export interface Fault {
  mode: FaultMode;
  hangMs: number;
}

const transactionId = () => `SBX${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

export interface NewPayment {
  bill: LaoQrBill;
  payload: string;
  paidAmountKip: bigint;
  delaySeconds: number;
  deliveries: number;
  webhookUrl: string;
}

/** Records a payment of the bill, PAID now or SCHEDULED for later; undefined when the bill was paid before. */
export async function insertPayment(db: Database, payment: NewPayment): Promise<PaymentRow | undefined> {
  const paysNow = payment.delaySeconds === 0;
  return db
    .insertInto('sandbox_bank_payments')
    .values({
      bill_number: payment.bill.billNumber,
      transaction_id: transactionId(),
      event_id: `evt_${randomUUID()}`,
      payload: payment.payload,
      payee_name: payment.bill.merchantName,
      payee_city: payment.bill.merchantCity,
      bank_iin: payment.bill.bankIin,
      account_number: payment.bill.accountNumber,
      qr_amount_kip: payment.bill.amountKip,
      paid_amount_kip: payment.paidAmountKip,
      status: paysNow ? 'PAID' : 'SCHEDULED',
      pay_at: sql<Date>`now() + make_interval(secs => ${payment.delaySeconds})`,
      paid_at: paysNow ? sql<Date>`now()` : null,
      webhook_url: payment.webhookUrl,
      deliveries_wanted: payment.deliveries,
    })
    .onConflict((conflict) => conflict.column('bill_number').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Scheduled payments whose time has come become PAID; each is returned to exactly one caller. */
export async function settleDuePayments(db: Database, paymentId?: string): Promise<PaymentRow[]> {
  let query = db
    .updateTable('sandbox_bank_payments')
    .set({ status: 'PAID', paid_at: sql<Date>`now()` })
    .where('status', '=', 'SCHEDULED')
    .where('pay_at', '<=', sql<Date>`now()`);
  if (paymentId) query = query.where('id', '=', paymentId);
  return query.returningAll().execute();
}

export function findPaymentByBill(db: Database, billNumber: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('sandbox_bank_payments').selectAll().where('bill_number', '=', billNumber).executeTakeFirst();
}

export function recentPayments(db: Database, limit = 20): Promise<PaymentRow[]> {
  return db.selectFrom('sandbox_bank_payments').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

export async function deliveriesOf(db: Database, paymentIds: string[]): Promise<Map<string, DeliveryRow[]>> {
  const byPayment = new Map<string, DeliveryRow[]>(paymentIds.map((id) => [id, []]));
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .selectFrom('sandbox_bank_webhook_deliveries')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byPayment.get(row.payment_id)?.push(row);
  return byPayment;
}

/** The event body of a payment: the same bytes on every delivery of it, as gateways resend events. */
export function eventBodyOf(payment: PaymentRow): PaymentPaidEventBody {
  const paidAt = (payment.paid_at ?? new Date()).toISOString();
  return {
    id: payment.event_id,
    type: PAYMENT_PAID_EVENT,
    createdAt: paidAt,
    data: {
      billNumber: payment.bill_number,
      amount: payment.paid_amount_kip,
      currency: 'LAK',
      transactionId: payment.transaction_id,
      paidAt,
    },
  };
}

const DELIVERY_TIMEOUT_MS = 10_000;

/** POSTs the payment's event to its webhook URL, signed with the secret at this moment, and records what the site answered. */
export async function deliverWebhook(db: Database, payment: PaymentRow, secret: string): Promise<DeliveryRow> {
  const body = JSON.stringify(eventBodyOf(payment));
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(payment.webhook_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'champa-sandbox-bank', ...signWebhook(body, secret) },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    statusCode = response.status;
  } catch (failure) {
    const cause = (failure as Error & { cause?: { code?: string } }).cause;
    error =
      (failure as Error).name === 'TimeoutError'
        ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : (cause?.code ?? (failure as Error).message);
  }
  return db
    .insertInto('sandbox_bank_webhook_deliveries')
    .values({ payment_id: payment.id, event_id: payment.event_id, url: payment.webhook_url, status_code: statusCode, error })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewPayout {
  ref: string;
  bank: string;
  accountNumber: string;
  accountName: string;
  amountKip: bigint;
}

/**
 * Pays out once per ref: a new ref is PAID (or FAILED when declining), a known ref answers its
 * first state, and a known ref with other details is a conflict.
 */
export async function payout(db: Database, request: NewPayout, decline: boolean): Promise<PayoutRow | 'CONFLICT'> {
  const inserted = await db
    .insertInto('sandbox_bank_payouts')
    .values({
      ref: request.ref,
      bank: request.bank,
      account_number: request.accountNumber,
      account_name: request.accountName,
      amount_kip: request.amountKip,
      status: decline ? 'FAILED' : 'PAID',
      failure_reason: decline ? 'DECLINED_BY_BANK' : null,
      transaction_id: decline ? null : transactionId(),
    })
    .onConflict((conflict) => conflict.column('ref').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  const existing = await findPayout(db, request.ref);
  if (!existing) throw new Error(`payout ${request.ref} vanished`);
  const same =
    existing.bank === request.bank &&
    existing.account_number === request.accountNumber &&
    existing.account_name === request.accountName &&
    BigInt(existing.amount_kip) === request.amountKip;
  return same ? existing : 'CONFLICT';
}

export function findPayout(db: Database, ref: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('sandbox_bank_payouts').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export interface NewRefund {
  ref: string;
  paymentTransactionId: string;
  amountKip: bigint;
}

/**
 * Sends (part of) a paid payment back to its payer, once per ref: a known ref answers its first
 * refund, a known ref with other details is a conflict. The payment must exist and be PAID, and a
 * refund never exceeds what was paid.
 */
export async function refund(
  db: Database,
  request: NewRefund,
): Promise<{ refund: RefundRow; payment: PaymentRow } | 'NOT_FOUND' | 'EXCEEDS_PAYMENT' | 'CONFLICT'> {
  const payment = await db
    .selectFrom('sandbox_bank_payments')
    .selectAll()
    .where('transaction_id', '=', request.paymentTransactionId)
    .where('status', '=', 'PAID')
    .executeTakeFirst();
  if (!payment) return 'NOT_FOUND';
  if (request.amountKip > BigInt(payment.paid_amount_kip)) return 'EXCEEDS_PAYMENT';
  const inserted = await db
    .insertInto('sandbox_bank_refunds')
    .values({ ref: request.ref, payment_id: payment.id, amount_kip: request.amountKip, transaction_id: transactionId() })
    .onConflict((conflict) => conflict.column('ref').doNothing())
    .returningAll()
    .executeTakeFirst();
  const row =
    inserted ?? (await db.selectFrom('sandbox_bank_refunds').selectAll().where('ref', '=', request.ref).executeTakeFirstOrThrow());
  if (row.payment_id !== payment.id || BigInt(row.amount_kip) !== request.amountKip) return 'CONFLICT';
  return { refund: row, payment };
}

export function recentPayouts(db: Database, limit = 20): Promise<PayoutRow[]> {
  return db.selectFrom('sandbox_bank_payouts').selectAll().orderBy('created_at', 'desc').orderBy('ref').limit(limit).execute();
}

export async function faults(db: Database): Promise<Partial<Record<FaultOperation, Fault>>> {
  const rows = await db.selectFrom('sandbox_bank_faults').selectAll().execute();
  return Object.fromEntries(rows.map((row) => [row.operation, { mode: row.mode, hangMs: row.hang_ms }]));
}

export async function faultOf(db: Database, operation: FaultOperation): Promise<Fault | undefined> {
  return (await faults(db))[operation];
}

export async function setFault(db: Database, operation: FaultOperation, fault: Fault | undefined): Promise<void> {
  if (!fault) {
    await db.deleteFrom('sandbox_bank_faults').where('operation', '=', operation).execute();
    return;
  }
  await db
    .insertInto('sandbox_bank_faults')
    .values({ operation, mode: fault.mode, hang_ms: fault.hangMs })
    .onConflict((conflict) => conflict.column('operation').doUpdateSet({ mode: fault.mode, hang_ms: fault.hangMs }))
    .execute();
}

export interface StatementLine {
  type: 'PAYMENT' | 'PAYOUT' | 'REFUND';
  /** A payment's transaction id; a payout's or a refund's ref. */
  reference: string;
  status: 'PAID' | 'FAILED' | 'REFUNDED';
  amountKip: string;
  at: Date;
  billNumber: string | null;
  /** The account a payment was paid into (bank IIN and number). */
  bankIin: string | null;
  accountNumber: string | null;
  /** The payment a refund sent money back for. */
  paymentTransactionId: string | null;
  /** The bank's own transaction id of a payout or a refund. */
  transactionId: string | null;
  cursor: string;
}

/**
 * The bank's statement, as the gateway's merchant statement gives it: payments paid, payouts made
 * (paid or declined) and refunds sent in [since, until), or those of one reference, oldest first,
 * a page at a time after a cursor (time in microseconds, type, reference).
 */
export async function statement(
  db: Database,
  query: { since?: Date; until?: Date; reference?: string; after?: { micros: string; type: string; reference: string }; limit: number },
): Promise<StatementLine[]> {
  const { rows } = await sql<Omit<StatementLine, 'cursor' | 'at'> & { at: Date; micros: string }>`
    SELECT * FROM (
      SELECT 'PAYMENT' AS type, transaction_id AS reference, 'PAID' AS status, paid_amount_kip::text AS "amountKip", paid_at AS at,
             bill_number AS "billNumber", bank_iin AS "bankIin", account_number AS "accountNumber",
             NULL AS "paymentTransactionId", NULL AS "transactionId"
      FROM sandbox_bank_payments WHERE status = 'PAID'
      UNION ALL
      SELECT 'PAYOUT', ref, status, amount_kip::text, created_at, NULL, NULL, NULL, NULL, transaction_id FROM sandbox_bank_payouts
      UNION ALL
      SELECT 'REFUND', r.ref, 'REFUNDED', r.amount_kip::text, r.created_at, NULL, NULL, NULL, p.transaction_id, r.transaction_id
      FROM sandbox_bank_refunds r JOIN sandbox_bank_payments p ON p.id = r.payment_id
    ) line
    CROSS JOIN LATERAL (SELECT (extract(epoch FROM line.at) * 1000000)::bigint AS micros) moment
    WHERE true
      ${query.reference === undefined ? sql`` : sql`AND reference = ${query.reference}`}
      ${query.since ? sql`AND at >= ${query.since}` : sql``}
      ${query.until ? sql`AND at < ${query.until}` : sql``}
      ${query.after ? sql`AND (micros, type, reference) > (${query.after.micros}::bigint, ${query.after.type}, ${query.after.reference})` : sql``}
    ORDER BY micros, type, reference
    LIMIT ${query.limit}`.execute(db);
  return rows.map(({ micros, ...line }) => ({ ...line, cursor: `${micros}:${line.type}:${line.reference}` }));
}
