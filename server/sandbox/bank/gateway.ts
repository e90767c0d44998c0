import type { FastifyInstance } from 'fastify';
import { SandboxError } from '../errors';
import type { BankContext } from './context';
import { SandboxBankCode, errorSchema, kip, payoutSchema, refundSchema, statementSchema } from './schemas';
import { payoutView } from './views';
import { faultOf, findPaymentByBill, findPayout, payout, refund, statement } from './store';

/** The gateway API the site's payment adapter calls: the status of a bill. */
export function paymentStatusRoute(app: FastifyInstance, { db, settleDue, faultAnswered, hangOnTimeoutFault }: BankContext): void {
  app.get<{ Params: { billNumber: string } }>(
    '/gateway/payments/:billNumber',
    {
      schema: {
        params: { type: 'object', required: ['billNumber'], properties: { billNumber: { type: 'string', minLength: 1, maxLength: 25 } } },
        response: {
          200: {
            type: 'object',
            properties: {
              billNumber: { type: 'string' },
              status: { type: 'string', enum: ['PAID', 'UNPAID'] },
              amount: { type: 'string' },
              currency: { type: 'string' },
              transactionId: { type: 'string' },
              paidAt: { type: 'string' },
            },
          },
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (await faultAnswered('payment_status', reply)) return reply;
      await settleDue();
      const payment = await findPaymentByBill(db, request.params.billNumber);
      await hangOnTimeoutFault('payment_status', reply);
      if (!payment || payment.status !== 'PAID') return { billNumber: request.params.billNumber, status: 'UNPAID' };
      return {
        billNumber: payment.bill_number,
        status: 'PAID',
        amount: payment.paid_amount_kip,
        currency: 'LAK',
        transactionId: payment.transaction_id,
        paidAt: payment.paid_at!.toISOString(),
      };
    },
  );
}

/** The gateway API the site's payment adapter calls: payouts, and their status by ref. */
export function payoutRoutes(app: FastifyInstance, { db, faultAnswered, hangOnTimeoutFault }: BankContext): void {
  app.post<{ Body: { ref: string; bank: string; accountNumber: string; accountName: string; amount: string } }>(
    '/gateway/payouts',
    {
      schema: {
        body: {
          type: 'object',
          required: ['ref', 'bank', 'accountNumber', 'accountName', 'amount'],
          additionalProperties: false,
          properties: {
            ref: { type: 'string', pattern: '^[\\x21-\\x7e]{1,100}$' },
            bank: { type: 'string', pattern: '^[a-z][a-z0-9_]{1,31}$' },
            accountNumber: { type: 'string', pattern: '^[0-9A-Za-z-]{1,32}$' },
            accountName: { type: 'string', minLength: 1, maxLength: 100 },
            amount: kip,
          },
        },
        response: { 200: payoutSchema, 400: errorSchema, 409: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (await faultAnswered('payout', reply)) return reply;
      const { ref, bank, accountNumber, accountName, amount } = request.body;
      const fault = await faultOf(db, 'payout');
      const result = await payout(db, { ref, bank, accountNumber, accountName, amountKip: BigInt(amount) }, fault?.mode === 'decline');
      // A timeout fault pays first and then withholds the answer: the outcome the caller cannot know.
      await hangOnTimeoutFault('payout', reply);
      if (result === 'CONFLICT')
        throw new SandboxError(409, SandboxBankCode.PAYOUT_REF_CONFLICT, `Payout ${ref} was made before with other details`);
      return payoutView(result);
    },
  );

  app.get<{ Params: { ref: string } }>(
    '/gateway/payouts/:ref',
    {
      schema: {
        params: { type: 'object', required: ['ref'], properties: { ref: { type: 'string', minLength: 1, maxLength: 100 } } },
        response: { 200: payoutSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (await faultAnswered('payout_status', reply)) return reply;
      const row = await findPayout(db, request.params.ref);
      await hangOnTimeoutFault('payout_status', reply);
      if (!row) throw new SandboxError(404, SandboxBankCode.PAYOUT_NOT_FOUND, `No payout with ref ${request.params.ref}`);
      return payoutView(row);
    },
  );
}

/** The gateway API the site's payment adapter calls: a refund of a paid payment to its payer, once per ref. */
export function refundRoutes(app: FastifyInstance, { db, faultAnswered, hangOnTimeoutFault }: BankContext): void {
  app.post<{ Body: { ref: string; paymentTransactionId: string; amount: string } }>(
    '/gateway/refunds',
    {
      schema: {
        body: {
          type: 'object',
          required: ['ref', 'paymentTransactionId', 'amount'],
          additionalProperties: false,
          properties: {
            ref: { type: 'string', pattern: '^[\\x21-\\x7e]{1,100}$' },
            paymentTransactionId: { type: 'string', minLength: 1, maxLength: 100 },
            amount: kip,
          },
        },
        response: { 200: refundSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (await faultAnswered('refund', reply)) return reply;
      const { ref, paymentTransactionId, amount } = request.body;
      if ((await faultOf(db, 'refund'))?.mode === 'decline')
        throw new SandboxError(422, SandboxBankCode.REFUND_DECLINED, `The bank declined refund ${ref}`);
      const result = await refund(db, { ref, paymentTransactionId, amountKip: BigInt(amount) });
      // As with payouts, a timeout fault refunds first and then withholds the answer.
      await hangOnTimeoutFault('refund', reply);
      if (result === 'NOT_FOUND')
        throw new SandboxError(404, SandboxBankCode.PAYMENT_NOT_FOUND, `No paid payment with transaction ${paymentTransactionId}`);
      if (result === 'EXCEEDS_PAYMENT')
        throw new SandboxError(
          400,
          SandboxBankCode.REFUND_EXCEEDS_PAYMENT,
          `A refund cannot exceed what payment ${paymentTransactionId} paid`,
        );
      if (result === 'CONFLICT')
        throw new SandboxError(409, SandboxBankCode.REFUND_REF_CONFLICT, `Refund ${ref} was made before with other details`);
      return {
        ref: result.refund.ref,
        paymentTransactionId: result.payment.transaction_id,
        amount: result.refund.amount_kip,
        status: 'REFUNDED',
        transactionId: result.refund.transaction_id,
        completedAt: result.refund.created_at.toISOString(),
      };
    },
  );
}

const STATEMENT_PAGE = 500;
const STATEMENT_CURSOR = /^(\d{1,20}):(PAYMENT|PAYOUT|REFUND):(.+)$/s;

/** The gateway API the site's reconciliation reads: the merchant statement by time or by reference. */
export function statementRoute(app: FastifyInstance, { db }: BankContext): void {
  app.get<{ Querystring: { since?: string; until?: string; reference?: string; after?: string; limit?: number } }>(
    '/gateway/statement',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            since: { type: 'string', format: 'date-time' },
            until: { type: 'string', format: 'date-time' },
            reference: { type: 'string', minLength: 1, maxLength: 100 },
            after: { type: 'string', maxLength: 140 },
            limit: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        },
        response: { 200: statementSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { since, until, reference, after, limit = STATEMENT_PAGE } = request.query;
      const cursor = after === undefined ? undefined : STATEMENT_CURSOR.exec(after);
      if (cursor === null) throw new SandboxError(400, SandboxBankCode.INVALID_CURSOR, 'after is a cursor this statement gave');
      const lines = await statement(db, {
        since: since === undefined ? undefined : new Date(since),
        until: until === undefined ? undefined : new Date(until),
        reference,
        after: cursor && { micros: cursor[1], type: cursor[2], reference: cursor[3] },
        limit,
      });
      return {
        lines: lines.map((line) => ({
          type: line.type,
          reference: line.reference,
          status: line.status,
          amount: line.amountKip,
          at: line.at.toISOString(),
          billNumber: line.billNumber,
          bankIin: line.bankIin,
          accountNumber: line.accountNumber,
          paymentTransactionId: line.paymentTransactionId,
          transactionId: line.transactionId,
        })),
        next: lines.length === limit ? lines[lines.length - 1].cursor : null,
      };
    },
  );
}
