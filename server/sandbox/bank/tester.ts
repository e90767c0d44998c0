import type { FastifyInstance } from 'fastify';
import { SandboxError } from '../errors';
import type { BankContext } from './context';
import { FAULT_OPERATIONS, SandboxBankCode, billSchema, errorSchema, faultsSchema, kip, paymentSchema, payoutSchema } from './schemas';
import { billView, payoutView, paymentView, readBill } from './views';
import {
  deliverWebhook,
  deliveriesOf,
  faults,
  findPaymentByBill,
  insertPayment,
  recentPayments,
  recentPayouts,
  setFault,
  type FaultOperation,
} from './store';

/** The tester's API, used by the page and by tests: read a QR and pay it. */
export function payRoutes(app: FastifyInstance, { db, webhookUrlFor, deliverAll, scheduleSettlement, viewOf }: BankContext): void {
  app.post<{ Body: { payload: string } }>(
    '/api/preview',
    {
      schema: {
        body: {
          type: 'object',
          required: ['payload'],
          additionalProperties: false,
          properties: { payload: { type: 'string', minLength: 1, maxLength: 1024 } },
        },
        response: {
          200: { type: 'object', properties: { bill: billSchema, alreadyPaid: { type: 'boolean' }, webhookUrl: { type: 'string' } } },
          400: errorSchema,
        },
      },
    },
    async (request) => {
      const bill = readBill(request.body.payload);
      return {
        bill: billView(bill),
        alreadyPaid: (await findPaymentByBill(db, bill.billNumber)) !== undefined,
        webhookUrl: webhookUrlFor(request),
      };
    },
  );

  app.post<{ Body: { payload: string; amount?: string; delaySeconds?: number; twice?: boolean; noticeLost?: boolean } }>(
    '/api/payments',
    {
      schema: {
        body: {
          type: 'object',
          required: ['payload'],
          additionalProperties: false,
          properties: {
            payload: { type: 'string', minLength: 1, maxLength: 1024 },
            // Pays this instead of the QR's amount, to test a wrong amount.
            amount: kip,
            // Pays that much later: until then the gateway reports the bill unpaid.
            delaySeconds: { type: 'integer', minimum: 0, maximum: 3600 },
            // Delivers the webhook twice: the same event again, as a gateway retry does.
            twice: { type: 'boolean' },
            // Delivers no webhook, as when the notice is lost on the way: the gateway knows of the
            // payment, and the site learns of it only by asking (the player's check, the reconciler).
            noticeLost: { type: 'boolean' },
          },
        },
        response: { 201: { type: 'object', properties: { payment: paymentSchema } }, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { payload, amount, delaySeconds = 0, twice = false, noticeLost = false } = request.body;
      if (twice && noticeLost)
        throw new SandboxError(400, SandboxBankCode.OPTIONS_CONFLICT, 'A notice cannot be sent twice and lost: choose one');
      const bill = readBill(payload);
      const payment = await insertPayment(db, {
        bill,
        payload: payload.trim(),
        paidAmountKip: amount === undefined ? bill.amountKip : BigInt(amount),
        delaySeconds,
        deliveries: noticeLost ? 0 : twice ? 2 : 1,
        webhookUrl: webhookUrlFor(request),
      });
      if (!payment) throw new SandboxError(409, SandboxBankCode.BILL_ALREADY_PAID, `Bill ${bill.billNumber} is paid already`);
      if (payment.status === 'PAID') await deliverAll(payment);
      else scheduleSettlement(payment);
      return reply.status(201).send({ payment: await viewOf(payment) });
    },
  );
}

/** The tester's API: the payments made, and a webhook sent again. */
export function paymentRoutes(app: FastifyInstance, { db, secret, settleDue, viewOf }: BankContext): void {
  app.get(
    '/api/payments',
    { schema: { response: { 200: { type: 'object', properties: { items: { type: 'array', items: paymentSchema } } } } } },
    async () => {
      await settleDue();
      const payments = await recentPayments(db);
      const deliveries = await deliveriesOf(
        db,
        payments.map((payment) => payment.id),
      );
      return { items: payments.map((payment) => paymentView(payment, deliveries.get(payment.id) ?? [])) };
    },
  );

  app.post<{ Params: { billNumber: string } }>(
    '/api/payments/:billNumber/redeliver',
    {
      schema: {
        params: { type: 'object', required: ['billNumber'], properties: { billNumber: { type: 'string', minLength: 1, maxLength: 25 } } },
        response: { 200: { type: 'object', properties: { payment: paymentSchema } }, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await settleDue();
      const payment = await findPaymentByBill(db, request.params.billNumber);
      if (!payment) throw new SandboxError(404, SandboxBankCode.PAYMENT_NOT_FOUND, `No payment of bill ${request.params.billNumber}`);
      if (payment.status !== 'PAID')
        throw new SandboxError(409, SandboxBankCode.PAYMENT_NOT_DUE, `Bill ${payment.bill_number} is not paid yet`);
      await deliverWebhook(db, payment, secret);
      return { payment: await viewOf(payment) };
    },
  );
}

/** The tester's API: payouts received, where webhooks go, and the faults the gateway is told to show. */
export function controlRoutes(app: FastifyInstance, { db, config, webhookUrlFor }: BankContext): void {
  app.get(
    '/api/payouts',
    { schema: { response: { 200: { type: 'object', properties: { items: { type: 'array', items: payoutSchema } } } } } },
    async () => ({
      items: (await recentPayouts(db)).map(payoutView),
    }),
  );

  app.get(
    '/api/settings',
    { schema: { response: { 200: { type: 'object', properties: { webhookUrl: { type: 'string' } } } } } },
    async (request) => ({
      webhookUrl: webhookUrlFor(request),
    }),
  );

  app.get('/api/faults', { schema: { response: { 200: faultsSchema } } }, async () => faults(db));

  app.put<{ Body: { operation: FaultOperation; mode: 'none' | 'decline' | 'error' | 'timeout'; hangMs?: number } }>(
    '/api/faults',
    {
      schema: {
        body: {
          type: 'object',
          required: ['operation', 'mode'],
          additionalProperties: false,
          properties: {
            operation: { type: 'string', enum: FAULT_OPERATIONS },
            mode: { type: 'string', enum: ['none', 'decline', 'error', 'timeout'] },
            // How long a timeout fault holds the answer; by default twice the site's gateway timeout.
            hangMs: { type: 'integer', minimum: 0, maximum: 600_000 },
          },
        },
        response: { 200: faultsSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { operation, mode, hangMs = Math.min(600_000, 2 * config.laoqrGatewayTimeoutMs) } = request.body;
      if (mode === 'decline' && operation !== 'payout' && operation !== 'refund')
        throw new SandboxError(400, SandboxBankCode.INVALID_FAULT, 'Only a payout or a refund can be declined');
      await setFault(db, operation, mode === 'none' ? undefined : { mode, hangMs });
      return faults(db);
    },
  );
}
