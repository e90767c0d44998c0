/**
 * Client of the LaoQR payment gateway's HTTP API (the real one at LAOQR_GATEWAY_URL, or the sandbox
 * bank of this server). Every call has a time limit. A call that times out, cannot connect or gets
 * a 5xx has an unknown outcome: the gateway may or may not have acted, so the caller keeps its
 * record PENDING and asks again later (payoutStatus, checkPayment) instead of guessing.
 *
 *   GET  {base}/payments/{billNumber}  -> { billNumber, status: PAID | UNPAID, amount?, transactionId?, paidAt? }
 *   POST {base}/payouts                 { ref, bank, accountNumber, accountName, amount } -> payout
 *   GET  {base}/payouts/{ref}           -> payout, or 404 { code: PAYOUT_NOT_FOUND } when it never received that ref
 *   a refusal: 4xx { code, message }
 *   POST {base}/refunds                 { ref, paymentTransactionId, amount } -> refund
 *   GET  {base}/statement?since=&until=&after= or ?reference= -> { lines: [line], next: cursor | null }
 *   line: { type: PAYMENT | PAYOUT | REFUND, reference, status: PAID | FAILED | REFUNDED, amount, at,
 *           billNumber?, bankIin?, accountNumber?, paymentTransactionId?, transactionId? }
 *   payout: { ref, status: PAID | FAILED, amount, transactionId?, reason?, completedAt }
 *   refund: { ref, paymentTransactionId, amount, status: REFUNDED, transactionId, completedAt }
 *
 * The gateway's transaction ids cross this client in their stored form (storedGatewayId) both ways.
 */

import { callOutside } from '../outsideCall';
import { originalGatewayId, storedGatewayId } from './gatewayIds';

export type PaymentCheck =
  | { outcome: 'paid'; billNumber: string; amountKip: bigint; transactionId: string; paidAt: Date }
  | { outcome: 'unpaid'; billNumber: string }
  | { outcome: 'unknown'; billNumber: string; reason: string };

export type PayoutResult =
  | { outcome: 'paid'; ref: string; amountKip: bigint; transactionId: string; completedAt: Date }
  /** The gateway refused or the receiving bank declined: no money left. */
  | { outcome: 'failed'; ref: string; reason: string }
  /** Timeout, network error, 5xx or a ref conflict: ask payoutStatus(ref) later. */
  | { outcome: 'unknown'; ref: string; reason: string };

export type PayoutStatus = PayoutResult | { outcome: 'not_found'; ref: string };

export type RefundResult =
  | { outcome: 'refunded'; ref: string; amountKip: bigint; transactionId: string; completedAt: Date }
  /** The gateway refused (unknown payment, more than was paid): no money left. */
  | { outcome: 'failed'; ref: string; reason: string }
  /** Timeout, network error, 5xx or a ref conflict: asking again with the same ref is safe. */
  | { outcome: 'unknown'; ref: string; reason: string };

/** One line of the merchant statement: a payment received (by its transaction id), a payout or a refund (by ref). */
export interface StatementLine {
  type: 'PAYMENT' | 'PAYOUT' | 'REFUND';
  reference: string;
  /** PAID (a payment received, a payout paid), FAILED (a payout declined: no money left) or REFUNDED. */
  status: 'PAID' | 'FAILED' | 'REFUNDED';
  amountKip: bigint;
  at: Date;
  billNumber: string | null;
  /** The receiving account of a payment. */
  bankIin: string | null;
  accountNumber: string | null;
  /** The payment a refund sent money back for. */
  paymentTransactionId: string | null;
}

export type StatementResult = { outcome: 'read'; lines: StatementLine[] } | { outcome: 'unknown'; reason: string };

export interface LaoQrGateway {
  /** Did the gateway see a payment for this bill (deposit code)? */
  checkPayment(billNumber: string): Promise<PaymentCheck>;
  /** Pays amountKip to the account; the same ref never pays twice, it answers the first payout's state. */
  payout(ref: string, bank: string, accountNumber: string, accountName: string, amountKip: bigint): Promise<PayoutResult>;
  /** The state of the payout with this ref; not_found when the gateway never received it. */
  payoutStatus(ref: string): Promise<PayoutStatus>;
  /** Sends amountKip of a paid payment back to its payer; the same ref never refunds twice, it answers the first refund. */
  refund(ref: string, paymentTransactionId: string, amountKip: bigint): Promise<RefundResult>;
  /** The merchant statement of [since, until), every page of it. */
  statement(window: { since: Date; until: Date }): Promise<StatementResult>;
  /** The statement's lines of one reference (a payment's transaction id, a payout's or a refund's ref). */
  statementOf(reference: string): Promise<StatementResult>;
}

export interface LaoQrGatewayOptions {
  /** Base URL, or a function giving it at call time (the sandbox's URL is known once the server listens). */
  baseUrl: string | (() => string);
  timeoutMs: number;
}

type Answer = { kind: 'answer'; status: number; body: unknown } | { kind: 'unknown'; reason: string };

const KIP = /^[1-9]\d{0,15}$/;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const instant = (value: unknown): Date | undefined =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;

/** The gateway's answer when it never received a payout with that ref. */
export const PAYOUT_NOT_FOUND = 'PAYOUT_NOT_FOUND';

function errorCode(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof body === 'object' && body !== null && isText(code) ? code : undefined;
}

function payoutFrom(ref: string, body: unknown): PayoutResult {
  const payout = body as {
    ref?: unknown;
    status?: unknown;
    amount?: unknown;
    transactionId?: unknown;
    reason?: unknown;
    completedAt?: unknown;
  } | null;
  if (typeof payout !== 'object' || payout === null || payout.ref !== ref) return { outcome: 'unknown', ref, reason: 'BAD_RESPONSE' };
  if (payout.status === 'FAILED') return { outcome: 'failed', ref, reason: isText(payout.reason) ? payout.reason : 'DECLINED' };
  const completedAt = instant(payout.completedAt);
  if (
    payout.status === 'PAID' &&
    typeof payout.amount === 'string' &&
    KIP.test(payout.amount) &&
    isText(payout.transactionId) &&
    completedAt
  ) {
    return { outcome: 'paid', ref, amountKip: BigInt(payout.amount), transactionId: storedGatewayId(payout.transactionId), completedAt };
  }
  return { outcome: 'unknown', ref, reason: 'BAD_RESPONSE' };
}

function refundFrom(ref: string, body: unknown): RefundResult {
  const refund = body as { ref?: unknown; status?: unknown; amount?: unknown; transactionId?: unknown; completedAt?: unknown } | null;
  const completedAt = instant(refund?.completedAt);
  if (
    typeof refund === 'object' &&
    refund !== null &&
    refund.ref === ref &&
    refund.status === 'REFUNDED' &&
    typeof refund.amount === 'string' &&
    KIP.test(refund.amount) &&
    isText(refund.transactionId) &&
    completedAt
  ) {
    return {
      outcome: 'refunded',
      ref,
      amountKip: BigInt(refund.amount),
      transactionId: storedGatewayId(refund.transactionId),
      completedAt,
    };
  }
  return { outcome: 'unknown', ref, reason: 'BAD_RESPONSE' };
}

const STATEMENT_TYPES = ['PAYMENT', 'PAYOUT', 'REFUND'];
const STATEMENT_STATUSES = ['PAID', 'FAILED', 'REFUNDED'];
const textOrNull = (value: unknown) => (isText(value) ? value : null);

function statementLineFrom(value: unknown): StatementLine | undefined {
  const line = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const at = instant(line.at);
  if (
    typeof line.type !== 'string' ||
    !STATEMENT_TYPES.includes(line.type) ||
    typeof line.status !== 'string' ||
    !STATEMENT_STATUSES.includes(line.status) ||
    !isText(line.reference) ||
    typeof line.amount !== 'string' ||
    !KIP.test(line.amount) ||
    !at
  )
    return undefined;
  return {
    type: line.type as StatementLine['type'],
    reference: line.reference,
    status: line.status as StatementLine['status'],
    amountKip: BigInt(line.amount),
    at,
    billNumber: textOrNull(line.billNumber),
    bankIin: textOrNull(line.bankIin),
    accountNumber: textOrNull(line.accountNumber),
    paymentTransactionId: textOrNull(line.paymentTransactionId),
  };
}

export function createLaoQrGateway({ baseUrl, timeoutMs }: LaoQrGatewayOptions): LaoQrGateway {
  const base = () => (typeof baseUrl === 'function' ? baseUrl() : baseUrl);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const answer = await callOutside(`${base()}${path}`, { method, body, timeoutMs });
    if (!answer.answered) return { kind: 'unknown', reason: answer.timedOut ? 'TIMEOUT' : `NETWORK: ${answer.reason}` };
    if (answer.status >= 500) return { kind: 'unknown', reason: `GATEWAY_ERROR: HTTP ${answer.status}` };
    return { kind: 'answer', status: answer.status, body: answer.body };
  }

  return {
    async checkPayment(billNumber) {
      const answer = await call('GET', `/payments/${encodeURIComponent(billNumber)}`);
      if (answer.kind === 'unknown') return { outcome: 'unknown', billNumber, reason: answer.reason };
      const payment = answer.body as
        { billNumber?: unknown; status?: unknown; amount?: unknown; transactionId?: unknown; paidAt?: unknown } | undefined;
      if (answer.status !== 200 || typeof payment !== 'object' || payment === null || payment.billNumber !== billNumber) {
        return { outcome: 'unknown', billNumber, reason: `BAD_RESPONSE: HTTP ${answer.status}` };
      }
      if (payment.status === 'UNPAID') return { outcome: 'unpaid', billNumber };
      const paidAt = instant(payment.paidAt);
      if (
        payment.status === 'PAID' &&
        typeof payment.amount === 'string' &&
        KIP.test(payment.amount) &&
        isText(payment.transactionId) &&
        paidAt
      ) {
        return {
          outcome: 'paid',
          billNumber,
          amountKip: BigInt(payment.amount),
          transactionId: storedGatewayId(payment.transactionId),
          paidAt,
        };
      }
      return { outcome: 'unknown', billNumber, reason: 'BAD_RESPONSE' };
    },

    async payout(ref, bank, accountNumber, accountName, amountKip) {
      const answer = await call('POST', '/payouts', { ref, bank, accountNumber, accountName, amount: amountKip.toString() });
      if (answer.kind === 'unknown') return { outcome: 'unknown', ref, reason: answer.reason };
      if (answer.status === 200 || answer.status === 201) return payoutFrom(ref, answer.body);
      // The ref was used before with other details: the first payout's state is what counts.
      if (answer.status === 409) return { outcome: 'unknown', ref, reason: 'REF_CONFLICT' };
      // The gateway refused the request with its reason; anything else (a proxy's 404, say) proves nothing.
      const code = errorCode(answer.body);
      return code ? { outcome: 'failed', ref, reason: code } : { outcome: 'unknown', ref, reason: `BAD_RESPONSE: HTTP ${answer.status}` };
    },

    async payoutStatus(ref) {
      const answer = await call('GET', `/payouts/${encodeURIComponent(ref)}`);
      if (answer.kind === 'unknown') return { outcome: 'unknown', ref, reason: answer.reason };
      if (answer.status === 404 && errorCode(answer.body) === PAYOUT_NOT_FOUND) return { outcome: 'not_found', ref };
      if (answer.status !== 200) return { outcome: 'unknown', ref, reason: `BAD_RESPONSE: HTTP ${answer.status}` };
      return payoutFrom(ref, answer.body);
    },

    async refund(ref, paymentTransactionId, amountKip) {
      const answer = await call('POST', '/refunds', {
        ref,
        paymentTransactionId: originalGatewayId(paymentTransactionId),
        amount: amountKip.toString(),
      });
      if (answer.kind === 'unknown') return { outcome: 'unknown', ref, reason: answer.reason };
      if (answer.status === 200 || answer.status === 201) return refundFrom(ref, answer.body);
      if (answer.status === 409) return { outcome: 'unknown', ref, reason: 'REF_CONFLICT' };
      const code = errorCode(answer.body);
      return code ? { outcome: 'failed', ref, reason: code } : { outcome: 'unknown', ref, reason: `BAD_RESPONSE: HTTP ${answer.status}` };
    },

    ...statementReader(call),
  };
}

type Call = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Answer>;

/** The statement's calls: every page of a window, or the lines of one reference. */
function statementReader(call: Call): Pick<LaoQrGateway, 'statement' | 'statementOf'> {
  /** One page of the statement; a page with a line it cannot read proves nothing. */
  async function statementPage(
    path: string,
  ): Promise<{ outcome: 'read'; lines: StatementLine[]; next: string | null } | { outcome: 'unknown'; reason: string }> {
    const answer = await call('GET', path);
    if (answer.kind === 'unknown') return { outcome: 'unknown', reason: answer.reason };
    const body = answer.body as { lines?: unknown; next?: unknown } | null;
    if (answer.status !== 200 || typeof body !== 'object' || body === null || !Array.isArray(body.lines))
      return { outcome: 'unknown', reason: `BAD_RESPONSE: HTTP ${answer.status}` };
    const lines = body.lines.map(statementLineFrom);
    if (lines.some((line) => line === undefined)) return { outcome: 'unknown', reason: 'BAD_RESPONSE' };
    return { outcome: 'read', lines: lines as StatementLine[], next: isText(body.next) ? body.next : null };
  }

  return {
    async statement({ since, until }) {
      const lines: StatementLine[] = [];
      let after: string | null = null;
      do {
        const query = new URLSearchParams({ since: since.toISOString(), until: until.toISOString(), ...(after ? { after } : {}) });
        const page = await statementPage(`/statement?${query.toString()}`);
        if (page.outcome === 'unknown') return page;
        lines.push(...page.lines);
        after = page.next;
      } while (after !== null);
      return { outcome: 'read', lines };
    },

    async statementOf(reference) {
      const page = await statementPage(`/statement?reference=${encodeURIComponent(reference)}`);
      return page.outcome === 'unknown' ? page : { outcome: 'read', lines: page.lines };
    },
  };
}
