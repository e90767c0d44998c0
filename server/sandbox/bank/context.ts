import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { SandboxBankCode } from './schemas';
import { paymentView } from './views';
import { deliverWebhook, deliveriesOf, faultOf, settleDuePayments, type FaultOperation, type PaymentRow } from './store';

export const WEBHOOK_PATH = '/api/v2/webhooks/laoqr';

export interface SandboxBankOptions {
  db: Database;
  config: Config;
}

/** What the bank's routes share: its database, its settings, the payment timers and the fault controls. */
export interface BankContext extends SandboxBankOptions {
  secret: string;
  webhookUrlFor: (request: FastifyRequest) => string;
  deliverAll: (payment: PaymentRow) => Promise<void>;
  settleDue: (paymentId?: string) => Promise<void>;
  scheduleSettlement: (payment: PaymentRow) => void;
  viewOf: (payment: PaymentRow) => Promise<ReturnType<typeof paymentView>>;
  faultAnswered: (operation: FaultOperation, reply: FastifyReply) => Promise<boolean>;
  hangOnTimeoutFault: (operation: FaultOperation, reply: FastifyReply) => Promise<void>;
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

export function bankContext(app: FastifyInstance, { db, config }: SandboxBankOptions): BankContext {
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

  /**
   * Settles a scheduled payment once the clock has passed its pay_at. A timer can fire a little
   * early (Node counts it from the start of its loop turn), and getTime() drops pay_at's
   * microseconds: settling then would find the payment not yet due and leave it unpaid for good.
   */
  function scheduleSettlement(payment: PaymentRow) {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (Date.now() <= payment.pay_at.getTime()) scheduleSettlement(payment);
        else settleDue(payment.id).catch((error) => app.log.error({ err: error }, 'sandbox bank: scheduled payment failed'));
      },
      Math.max(0, payment.pay_at.getTime() + 1 - Date.now()),
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

  return { db, config, secret, webhookUrlFor, deliverAll, settleDue, scheduleSettlement, viewOf, faultAnswered, hangOnTimeoutFault };
}
