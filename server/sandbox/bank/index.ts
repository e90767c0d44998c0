import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../domain/errors';
import { LaoQrError, parseLaoQr, type LaoQrBill } from '../../../src/contract/laoqr';
import { PAYOUT_NOT_FOUND } from '../../adapters/payment/laoqrGateway';
import { bankPage } from './page';
import {
  deliverWebhook,
  deliveriesOf,
  faultOf,
  faults,
  findPaymentByBill,
  findPayout,
  insertPayment,
  payout,
  recentPayments,
  recentPayouts,
  setFault,
  settleDuePayments,
  type DeliveryRow,
  type FaultOperation,
  type PaymentRow,
  type PayoutRow,
} from './store';

/**
 * The sandbox bank app and LaoQR gateway, served at /sandbox/bank when no real gateway is
 * configured. A tester opens the page, pastes or uploads a deposit's QR, sees payee and amount and
 * pays; the gateway then calls the site's webhook, signed as a real gateway signs it. The JSON API
 * under /api drives the same actions for tests; /gateway is what the site's payment adapter calls.
 *
 * Its refusals use the bank's own codes (below), not the site's: it stands for another company.
 */
export const SandboxBankCode = {
  INVALID_QR: 'INVALID_QR',
  BILL_ALREADY_PAID: 'BILL_ALREADY_PAID',
  PAYMENT_NOT_FOUND: 'PAYMENT_NOT_FOUND',
  PAYMENT_NOT_DUE: 'PAYMENT_NOT_DUE',
  PAYOUT_NOT_FOUND,
  PAYOUT_REF_CONFLICT: 'PAYOUT_REF_CONFLICT',
  GATEWAY_FAULT: 'GATEWAY_FAULT',
  INVALID_FAULT: 'INVALID_FAULT',
} as const;

export const WEBHOOK_PATH = '/api/v2/webhooks/laoqr';

export interface SandboxBankOptions {
  db: Database;
  config: Config;
}

const publicDir = path.join(__dirname, 'public');
const assets = {
  'bank.js': { file: path.join(publicDir, 'bank.js'), type: 'text/javascript; charset=utf-8' },
  'bank.css': { file: path.join(publicDir, 'bank.css'), type: 'text/css; charset=utf-8' },
  'jsQR.js': { file: require.resolve('jsqr'), type: 'text/javascript; charset=utf-8' },
} as const;

const kip = { type: 'string', pattern: '^[1-9][0-9]{0,12}$' } as const;
const errorSchema = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } as const;

const billSchema = {
  type: 'object',
  properties: {
    billNumber: { type: 'string' },
    amount: { type: 'string' },
    merchantName: { type: 'string' },
    merchantCity: { type: 'string' },
    bankIin: { type: 'string' },
    accountNumber: { type: 'string' },
    merchantCategoryCode: { type: 'string' },
  },
} as const;

const deliverySchema = {
  type: 'object',
  properties: {
    eventId: { type: 'string' },
    url: { type: 'string' },
    attemptedAt: { type: 'string' },
    statusCode: { type: ['integer', 'null'] },
    error: { type: ['string', 'null'] },
  },
} as const;

const paymentSchema = {
  type: 'object',
  properties: {
    billNumber: { type: 'string' },
    transactionId: { type: 'string' },
    eventId: { type: 'string' },
    payee: {
      type: 'object',
      properties: { name: { type: 'string' }, city: { type: 'string' }, bankIin: { type: 'string' }, accountNumber: { type: 'string' } },
    },
    qrAmount: { type: 'string' },
    paidAmount: { type: 'string' },
    status: { type: 'string', enum: ['SCHEDULED', 'PAID'] },
    payAt: { type: 'string' },
    paidAt: { type: ['string', 'null'] },
    webhookUrl: { type: 'string' },
    deliveriesWanted: { type: 'integer' },
    deliveries: { type: 'array', items: deliverySchema },
  },
} as const;

const payoutSchema = {
  type: 'object',
  properties: {
    ref: { type: 'string' },
    bank: { type: 'string' },
    accountNumber: { type: 'string' },
    accountName: { type: 'string' },
    amount: { type: 'string' },
    status: { type: 'string', enum: ['PAID', 'FAILED'] },
    reason: { type: 'string' },
    transactionId: { type: 'string' },
    completedAt: { type: 'string' },
  },
} as const;

const FAULT_OPERATIONS = ['payout', 'payment_status', 'payout_status'] as const;
const faultSchema = {
  type: 'object',
  properties: { mode: { type: 'string', enum: ['decline', 'error', 'timeout'] }, hangMs: { type: 'integer' } },
} as const;
const faultsSchema = {
  type: 'object',
  properties: Object.fromEntries(FAULT_OPERATIONS.map((operation) => [operation, faultSchema])),
} as const;

function paymentView(payment: PaymentRow, deliveries: DeliveryRow[]) {
  return {
    billNumber: payment.bill_number,
    transactionId: payment.transaction_id,
    eventId: payment.event_id,
    payee: { name: payment.payee_name, city: payment.payee_city, bankIin: payment.bank_iin, accountNumber: payment.account_number },
    qrAmount: payment.qr_amount_kip,
    paidAmount: payment.paid_amount_kip,
    status: payment.status,
    payAt: payment.pay_at.toISOString(),
    paidAt: payment.paid_at?.toISOString() ?? null,
    webhookUrl: payment.webhook_url,
    deliveriesWanted: payment.deliveries_wanted,
    deliveries: deliveries.map((delivery) => ({
      eventId: delivery.event_id,
      url: delivery.url,
      attemptedAt: delivery.attempted_at.toISOString(),
      statusCode: delivery.status_code,
      error: delivery.error,
    })),
  };
}

function payoutView(row: PayoutRow) {
  return {
    ref: row.ref,
    bank: row.bank,
    accountNumber: row.account_number,
    accountName: row.account_name,
    amount: row.amount_kip,
    status: row.status,
    ...(row.failure_reason ? { reason: row.failure_reason } : {}),
    ...(row.transaction_id ? { transactionId: row.transaction_id } : {}),
    completedAt: row.created_at.toISOString(),
  };
}

function billView(bill: LaoQrBill) {
  return {
    billNumber: bill.billNumber,
    amount: bill.amountKip.toString(),
    merchantName: bill.merchantName,
    merchantCity: bill.merchantCity,
    bankIin: bill.bankIin,
    accountNumber: bill.accountNumber,
    merchantCategoryCode: bill.merchantCategoryCode,
  };
}

function readBill(payload: string): LaoQrBill {
  try {
    return parseLaoQr(payload);
  } catch (error) {
    if (error instanceof LaoQrError) throw new AppError(400, SandboxBankCode.INVALID_QR, `This is not a LaoQR bill: ${error.message}`);
    throw error;
  }
}

/**
 * Holds the answer back for hangMs, as a stuck gateway does, or until the caller gives up and
 * closes the connection, so a test's timeout does not leave the sandbox busy.
 */
function hang(reply: FastifyReply, hangMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      reply.raw.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, hangMs);
    reply.raw.on('close', done);
  });
}

const sandboxBank: FastifyPluginAsync<SandboxBankOptions> = async (app, { db, config }) => {
  const secret = config.laoqrWebhookSecret;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });

  /** A sandbox payment's webhook goes to the configured URL, else to the site the bank page was opened on. */
  const webhookUrlFor = (request: FastifyRequest) => config.sandboxBankWebhookUrl ?? `${request.protocol}://${request.host}${WEBHOOK_PATH}`;

  async function deliverAll(payment: PaymentRow): Promise<void> {
    for (let attempt = 0; attempt < payment.deliveries_wanted; attempt++) await deliverWebhook(db, payment, secret);
  }

  /** Pays scheduled payments that are due (also those a restart left behind) and sends their webhooks. */
  async function settleDue(paymentId?: string): Promise<void> {
    for (const payment of await settleDuePayments(db, paymentId)) await deliverAll(payment);
  }

  function scheduleSettlement(payment: PaymentRow) {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        settleDue(payment.id).catch((error) => app.log.error({ err: error }, 'sandbox bank: scheduled payment failed'));
      },
      Math.max(0, payment.pay_at.getTime() - Date.now()),
    );
    timers.add(timer);
  }

  async function viewOf(payment: PaymentRow) {
    return paymentView(payment, (await deliveriesOf(db, [payment.id])).get(payment.id) ?? []);
  }

  /** Applies the fault a tester set for this gateway operation; true when the request was answered. */
  async function faultAnswered(operation: FaultOperation, reply: FastifyReply): Promise<boolean> {
    const fault = await faultOf(db, operation);
    if (fault?.mode === 'error') {
      await reply.status(503).send({ code: SandboxBankCode.GATEWAY_FAULT, message: `The sandbox gateway was told to fail ${operation}` });
      return true;
    }
    return false;
  }

  async function hangOnTimeoutFault(operation: FaultOperation, reply: FastifyReply) {
    const fault = await faultOf(db, operation);
    if (fault?.mode === 'timeout') await hang(reply, fault.hangMs);
  }

  // ---- the page ----

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(bankPage());
  });

  for (const [name, asset] of Object.entries(assets)) {
    const content = fs.readFileSync(asset.file);
    app.get(`/${name}`, { schema: { hide: true } }, async (request, reply) => reply.type(asset.type).header('Cache-Control', 'no-cache').send(content));
  }

  // ---- the tester's API (used by the page and by tests) ----

  app.post<{ Body: { payload: string } }>(
    '/api/preview',
    {
      schema: {
        body: { type: 'object', required: ['payload'], additionalProperties: false, properties: { payload: { type: 'string', minLength: 1, maxLength: 1024 } } },
        response: { 200: { type: 'object', properties: { bill: billSchema, alreadyPaid: { type: 'boolean' }, webhookUrl: { type: 'string' } } }, 400: errorSchema },
      },
    },
    async (request) => {
      const bill = readBill(request.body.payload);
      return { bill: billView(bill), alreadyPaid: (await findPaymentByBill(db, bill.billNumber)) !== undefined, webhookUrl: webhookUrlFor(request) };
    },
  );

  app.post<{ Body: { payload: string; amount?: string; delaySeconds?: number; twice?: boolean } }>(
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
          },
        },
        response: { 201: { type: 'object', properties: { payment: paymentSchema } }, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { payload, amount, delaySeconds = 0, twice = false } = request.body;
      const bill = readBill(payload);
      const payment = await insertPayment(db, {
        bill,
        payload: payload.trim(),
        paidAmountKip: amount === undefined ? bill.amountKip : BigInt(amount),
        delaySeconds,
        deliveries: twice ? 2 : 1,
        webhookUrl: webhookUrlFor(request),
      });
      if (!payment) throw new AppError(409, SandboxBankCode.BILL_ALREADY_PAID, `Bill ${bill.billNumber} is paid already`);
      if (payment.status === 'PAID') await deliverAll(payment);
      else scheduleSettlement(payment);
      return reply.status(201).send({ payment: await viewOf(payment) });
    },
  );

  app.get(
    '/api/payments',
    { schema: { response: { 200: { type: 'object', properties: { items: { type: 'array', items: paymentSchema } } } } } },
    async () => {
      await settleDue();
      const payments = await recentPayments(db);
      const deliveries = await deliveriesOf(db, payments.map((payment) => payment.id));
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
      if (!payment) throw new AppError(404, SandboxBankCode.PAYMENT_NOT_FOUND, `No payment of bill ${request.params.billNumber}`);
      if (payment.status !== 'PAID') throw new AppError(409, SandboxBankCode.PAYMENT_NOT_DUE, `Bill ${payment.bill_number} is not paid yet`);
      await deliverWebhook(db, payment, secret);
      return { payment: await viewOf(payment) };
    },
  );

  app.get('/api/payouts', { schema: { response: { 200: { type: 'object', properties: { items: { type: 'array', items: payoutSchema } } } } } }, async () => ({
    items: (await recentPayouts(db)).map(payoutView),
  }));

  app.get('/api/settings', { schema: { response: { 200: { type: 'object', properties: { webhookUrl: { type: 'string' } } } } } }, async (request) => ({
    webhookUrl: webhookUrlFor(request),
  }));

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
      if (mode === 'decline' && operation !== 'payout') throw new AppError(400, SandboxBankCode.INVALID_FAULT, 'Only a payout can be declined');
      await setFault(db, operation, mode === 'none' ? undefined : { mode, hangMs });
      return faults(db);
    },
  );

  // ---- the gateway API the site's payment adapter calls ----

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
      if (result === 'CONFLICT') throw new AppError(409, SandboxBankCode.PAYOUT_REF_CONFLICT, `Payout ${ref} was made before with other details`);
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
      if (!row) throw new AppError(404, SandboxBankCode.PAYOUT_NOT_FOUND, `No payout with ref ${request.params.ref}`);
      return payoutView(row);
    },
  );
};

export default sandboxBank;
