import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { prepared } from '../../db/database';
import type { DB } from '../../db/schema';
import { storedGatewayId } from './gatewayIds';

/**
 * The LaoQR gateway's payment webhook. The gateway POSTs a JSON event and signs it:
 *
 *   X-LaoQR-Timestamp: <unix seconds>
 *   X-LaoQR-Signature: sha256=<hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the shared secret>
 *
 * Binding the timestamp into the signature lets the receiver refuse old deliveries (5 minutes);
 * the event id lets it refuse a second delivery within them (recordWebhookEvents).
 */

export const TIMESTAMP_HEADER = 'x-laoqr-timestamp';
export const SIGNATURE_HEADER = 'x-laoqr-signature';
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
export const PAYMENT_PAID_EVENT = 'payment.paid';

/** The wire form of a payment event; amounts are decimal strings of whole kip. */
export interface PaymentPaidEventBody {
  id: string;
  type: typeof PAYMENT_PAID_EVENT;
  createdAt: string;
  data: {
    billNumber: string;
    amount: string;
    currency: 'LAK';
    transactionId: string;
    paidAt: string;
  };
}

/** A bank paid a bill: what the deposit side acts on. Its ids are in their stored form (storedGatewayId). */
export interface LaoQrPaymentEvent {
  eventId: string;
  /** The deposit code the QR carried, or whatever else the gateway reported. */
  billNumber: string;
  /** What was actually paid, which may differ from the order. */
  amountKip: bigint;
  /** The gateway's reference of the payment. */
  transactionId: string;
  paidAt: Date;
}

export type WebhookRefusalReason =
  /** A timestamp or signature header is absent or not in the expected form. */
  | 'MISSING_SIGNATURE'
  /** The signature does not match: forged, altered, or signed with another secret. */
  | 'BAD_SIGNATURE'
  /** Signed more than 5 minutes from now. */
  | 'STALE_TIMESTAMP'
  /** Correctly signed, but not a payment event this site understands. */
  | 'MALFORMED_EVENT';

export type WebhookVerification = { ok: true; event: LaoQrPaymentEvent } | { ok: false; reason: WebhookRefusalReason; message: string };

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name] ?? headers[Object.keys(headers).find((key) => key.toLowerCase() === name) ?? ''];
  return Array.isArray(value) ? value[0] : value;
}

function signatureOf(rawBody: string | Buffer, timestamp: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The headers a gateway sends with rawBody at the given time. */
export function signWebhook(rawBody: string | Buffer, secret: string, now: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `sha256=${signatureOf(rawBody, timestamp, secret).toString('hex')}`,
  };
}

const refuse = (reason: WebhookRefusalReason, message: string): WebhookVerification => ({ ok: false, reason, message });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The event of a verified body, or why it is not a payment event. */
function paymentEventOf(rawBody: string): LaoQrPaymentEvent | string {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return 'the body is not JSON';
  }
  const event = body as Partial<PaymentPaidEventBody> | null;
  if (typeof event !== 'object' || event === null) return 'the body is not an object';
  // Any id and bill number is taken, however long or odd: a signed payment is applied or kept unmatched, never refused for them.
  if (typeof event.id !== 'string' || event.id.length === 0) return 'the event has no id';
  if (event.type !== PAYMENT_PAID_EVENT) return `the event type ${JSON.stringify(event.type)} is not ${PAYMENT_PAID_EVENT}`;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return 'the event has no data';
  if (typeof data.billNumber !== 'string') return 'the event has no bill number';
  if (typeof data.amount !== 'string' || !/^[1-9]\d{0,15}$/.test(data.amount)) return 'the amount is not whole kip';
  if (data.currency !== 'LAK') return `the currency ${JSON.stringify(data.currency)} is not LAK`;
  if (typeof data.transactionId !== 'string' || data.transactionId.length === 0) return 'the event has no transaction id';
  if (typeof data.paidAt !== 'string' || !ISO_INSTANT.test(data.paidAt) || Number.isNaN(Date.parse(data.paidAt)))
    return 'paidAt is not an ISO instant';
  return {
    eventId: storedGatewayId(event.id),
    billNumber: storedGatewayId(data.billNumber),
    amountKip: BigInt(data.amount),
    transactionId: storedGatewayId(data.transactionId),
    paidAt: new Date(data.paidAt),
  };
}

/**
 * Checks a webhook delivery: the signature over `${timestamp}.${rawBody}` (compared in constant
 * time), a timestamp within 5 minutes of now, and a well-formed payment event. rawBody must be the
 * bytes as received: re-serialised JSON would not match the signature. Replays within the 5
 * minutes are the caller's to refuse, with recordWebhookEvents.
 */
export function verifyWebhook(rawBody: string | Buffer, headers: Headers, secret: string, now: Date = new Date()): WebhookVerification {
  const timestamp = header(headers, TIMESTAMP_HEADER);
  const signature = header(headers, SIGNATURE_HEADER);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    return refuse('MISSING_SIGNATURE', `The ${TIMESTAMP_HEADER} header must be unix seconds`);
  const given = /^sha256=([0-9a-f]{64})$/i.exec(signature ?? '');
  if (!given) return refuse('MISSING_SIGNATURE', `The ${SIGNATURE_HEADER} header must be sha256=<64 hex digits>`);

  const expected = signatureOf(rawBody, timestamp, secret);
  const received = Buffer.from(given[1], 'hex');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    return refuse('BAD_SIGNATURE', 'The signature does not match the body');
  }
  const ageSeconds = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (ageSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    return refuse(
      'STALE_TIMESTAMP',
      `The delivery was signed ${Math.round(ageSeconds)} s from now; at most ${WEBHOOK_TOLERANCE_SECONDS} s are allowed`,
    );
  }
  const event = paymentEventOf(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  if (typeof event === 'string') return refuse('MALFORMED_EVENT', `Not a payment event: ${event}`);
  return { ok: true, event };
}

/** What a payment event reported, so the operator sees a deposit's events. */
interface ReportedPayment {
  billNumber: string;
  transactionId: string;
  amountKip: bigint;
  paidAt: Date;
}

/**
 * Records that the agency acts on these events, in one statement; returns the ids recorded now. An
 * id the agency recorded before (a replay or a duplicate delivery, which the caller then ignores)
 * is not among them, nor is a second one of the same id; another agency's events are not looked at,
 * as each agency's gateway numbers its own. Call it with the transaction that applies the events,
 * so an event is recorded exactly when its effect is.
 */
export async function recordWebhookEvents(
  db: Kysely<DB>,
  agencyId: string,
  events: Array<{ eventId: string; payment?: ReportedPayment }>,
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  // In id order, so two transactions recording the same events wait on each other instead of deadlocking.
  const sorted = [...events].sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  const column = (pick: (payment: ReportedPayment) => string) => sorted.map(({ payment }) => (payment ? pick(payment) : null));
  const { rows } = await sql<{ event_id: string }>`${prepared}
    INSERT INTO laoqr_webhook_events (agency_id, event_id, bill_number, transaction_id, amount_kip, paid_at)
    SELECT ${agencyId}::uuid, * FROM unnest(${sorted.map(({ eventId }) => eventId)}::text[], ${column(({ billNumber }) => billNumber)}::text[],
      ${column(({ transactionId }) => transactionId)}::text[], ${column(({ amountKip }) => amountKip.toString())}::bigint[],
      ${column(({ paidAt }) => paidAt.toISOString())}::timestamptz[])
    ON CONFLICT (agency_id, event_id) DO NOTHING
    RETURNING event_id`.execute(db);
  return new Set(rows.map(({ event_id }) => event_id));
}
