import { buildApp } from '../../server/app';
import { registerSandboxes } from '../../server/sandbox';
import { DEVELOPMENT_WEBHOOK_SECRET, loadConfig } from '../../server/config';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  createLaoQrGateway,
  recordWebhookEvents,
  signWebhook,
  verifyWebhook,
  type LaoQrGateway,
} from '../../server/adapters/payment';
import { buildLaoQr, type LaoQrBill } from '../../contract/laoqr';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { racingOn } from '../support/db';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const SECRET = 'test-webhook-secret-0123456789';
const TIMEOUT_MS = 2000;

let t: TestApp;
let receiver: WebhookReceiver;
let gateway: LaoQrGateway;
let agencyId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await buildTestApp({ laoqrWebhookSecret: SECRET, sandboxBankWebhookUrl: receiver.url, laoqrGatewayTimeoutMs: TIMEOUT_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = t.app.laoqrGateway;
  agencyId = (await createTestAgency(t, 'laoqr-gateway', ['laoqr-gateway.test'])).id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Whether this call recorded the event (false: it was recorded before). */
const recordedNow = async (eventId: string, db = t.db) => (await recordWebhookEvents(db, agencyId, [{ eventId }])).has(eventId);

let billCounter = 0;
function bill(amountKip = 100_000n): LaoQrBill {
  billCounter += 1;
  return {
    bankIin: '27710418',
    accountNumber: '0101000123456789',
    merchantCategoryCode: '7995',
    amountKip,
    merchantName: 'CHAMPA GAMES',
    merchantId: 'CHAMPA0001',
    merchantCity: 'VIENTIANE',
    billNumber: `DEP${Date.now().toString(36).toUpperCase()}${billCounter}`,
  };
}

async function pay(payload: string, options: { amount?: string; delaySeconds?: number; twice?: boolean; noticeLost?: boolean } = {}) {
  const response = await t.app.inject({ method: 'POST', url: '/sandbox/bank/api/payments', payload: { payload, ...options } });
  return { status: response.statusCode, body: response.json() };
}

async function setFault(operation: string, mode: string, hangMs?: number) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/sandbox/bank/api/faults',
    payload: { operation, mode, ...(hangMs === undefined ? {} : { hangMs }) },
  });
  expect(response.statusCode).toBe(200);
}

afterEach(async () => {
  for (const operation of ['payout', 'payment_status', 'payout_status']) await setFault(operation, 'none');
});

describe('the payment webhook', () => {
  it('arrives signed like a real gateway and verifyWebhook returns the payment event', async () => {
    const qr = bill(250_000n);
    const before = receiver.received.length;
    const paid = await pay(buildLaoQr(qr));
    expect(paid.status).toBe(201);
    expect(paid.body.payment).toMatchObject({ billNumber: qr.billNumber, status: 'PAID', qrAmount: '250000', paidAmount: '250000' });
    expect(paid.body.payment.deliveries).toEqual([expect.objectContaining({ statusCode: 200, error: null, url: receiver.url })]);

    const call = await receiver.call(before + 1);
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/v2/webhooks/laoqr');
    expect(call.headers['content-type']).toBe('application/json');
    const verified = verifyWebhook(call.rawBody, call.headers, SECRET, new Date());
    expect(verified).toEqual({
      ok: true,
      event: {
        eventId: paid.body.payment.eventId,
        billNumber: qr.billNumber,
        amountKip: 250_000n,
        transactionId: paid.body.payment.transactionId,
        paidAt: new Date(paid.body.payment.paidAt),
      },
    });
  });

  it('refuses a forged signature, an altered body, another secret and missing headers', async () => {
    const before = receiver.received.length;
    await pay(buildLaoQr(bill()));
    const call = await receiver.call(before + 1);
    const now = new Date(Number(call.headers[TIMESTAMP_HEADER]) * 1000);

    const altered = call.rawBody.replace('"100000"', '"900000"');
    expect(altered).not.toBe(call.rawBody);
    expect(verifyWebhook(altered, call.headers, SECRET, now)).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(verifyWebhook(call.rawBody, call.headers, 'another-secret-of-someone', now)).toMatchObject({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });

    const forged = { ...call.headers, [SIGNATURE_HEADER]: `sha256=${'ab'.repeat(32)}` };
    expect(verifyWebhook(call.rawBody, forged, SECRET, now)).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });
    // A signature made for another timestamp does not carry over to this one.
    const shifted = { ...call.headers, [TIMESTAMP_HEADER]: String(Number(call.headers[TIMESTAMP_HEADER]) + 1) };
    expect(verifyWebhook(call.rawBody, shifted, SECRET, now)).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });

    expect(verifyWebhook(call.rawBody, { [TIMESTAMP_HEADER]: call.headers[TIMESTAMP_HEADER] }, SECRET, now)).toMatchObject({
      ok: false,
      reason: 'MISSING_SIGNATURE',
    });
    expect(verifyWebhook(call.rawBody, { [SIGNATURE_HEADER]: call.headers[SIGNATURE_HEADER] }, SECRET, now)).toMatchObject({
      ok: false,
      reason: 'MISSING_SIGNATURE',
    });
    expect(verifyWebhook(call.rawBody, { ...call.headers, [SIGNATURE_HEADER]: 'sha256=short' }, SECRET, now)).toMatchObject({
      ok: false,
      reason: 'MISSING_SIGNATURE',
    });
  });

  it('accepts a delivery within 5 minutes of its timestamp and refuses a stale one', async () => {
    const before = receiver.received.length;
    await pay(buildLaoQr(bill()));
    const call = await receiver.call(before + 1);
    const signedAt = Number(call.headers[TIMESTAMP_HEADER]) * 1000;
    expect(verifyWebhook(call.rawBody, call.headers, SECRET, new Date(signedAt + 300_000)).ok).toBe(true);
    expect(verifyWebhook(call.rawBody, call.headers, SECRET, new Date(signedAt - 300_000)).ok).toBe(true);
    expect(verifyWebhook(call.rawBody, call.headers, SECRET, new Date(signedAt + 301_000))).toMatchObject({
      ok: false,
      reason: 'STALE_TIMESTAMP',
    });
    expect(verifyWebhook(call.rawBody, call.headers, SECRET, new Date(signedAt - 301_000))).toMatchObject({
      ok: false,
      reason: 'STALE_TIMESTAMP',
    });
  });

  it('lets a replayed or redelivered event id through only once', async () => {
    const qr = bill();
    const before = receiver.received.length;
    const paid = await pay(buildLaoQr(qr), { twice: true });
    expect(paid.body.payment.deliveries).toHaveLength(2);
    const first = await receiver.call(before + 1);
    const second = await receiver.call(before + 2);
    expect(second.rawBody).toBe(first.rawBody);

    const redelivered = await t.app.inject({ method: 'POST', url: `/sandbox/bank/api/payments/${qr.billNumber}/redeliver` });
    expect(redelivered.statusCode).toBe(200);
    expect(redelivered.json().payment.deliveries).toHaveLength(3);
    const third = await receiver.call(before + 3);

    const outcomes = [];
    for (const call of [first, second, third]) {
      const verified = verifyWebhook(call.rawBody, call.headers, SECRET, new Date());
      if (!verified.ok) throw new Error(verified.message);
      expect(verified.event.eventId).toBe(paid.body.payment.eventId);
      outcomes.push(await recordedNow(verified.event.eventId));
    }
    expect(outcomes).toEqual([true, false, false]);
  });

  it('loses the notice of a payment when asked: nothing reaches the site, the gateway still reports it paid, and it can be sent later', async () => {
    const qr = bill();
    const before = receiver.received.length;
    const paid = await pay(buildLaoQr(qr), { noticeLost: true });
    expect(paid).toMatchObject({ status: 201, body: { payment: { status: 'PAID', deliveriesWanted: 0, deliveries: [] } } });
    expect(await gateway.checkPayment(qr.billNumber)).toMatchObject({ outcome: 'paid', amountKip: 100_000n });
    const redelivered = await t.app.inject({ method: 'POST', url: `/sandbox/bank/api/payments/${qr.billNumber}/redeliver` });
    expect(redelivered.json().payment.deliveries).toHaveLength(1);
    const verified = verifyWebhook((await receiver.call(before + 1)).rawBody, receiver.received[before].headers, SECRET);
    expect(verified).toMatchObject({ ok: true, event: { billNumber: qr.billNumber } });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('records each event id once when twenty deliveries race, and once when one call names it twice', async () => {
    const results = await racingOn(t, (racers) => Promise.all(Array.from({ length: 20 }, () => recordedNow('evt_race', racers))));
    expect(results.filter(Boolean)).toHaveLength(1);
    const twice = await recordWebhookEvents(t.db, agencyId, [{ eventId: 'evt_twice' }, { eventId: 'evt_twice' }, { eventId: 'evt_race' }]);
    expect([...twice]).toEqual(['evt_twice']);
    expect(await t.db.selectFrom('laoqr_webhook_events').select('event_id').where('event_id', '=', 'evt_twice').execute()).toHaveLength(1);
  });

  it('reports a correctly signed body that is not a payment event as malformed', () => {
    const now = new Date();
    for (const body of [
      'not json',
      '{"id":"evt_1","type":"payment.refunded"}',
      JSON.stringify({
        id: 'evt_2',
        type: 'payment.paid',
        createdAt: now.toISOString(),
        data: { billNumber: 'B1', amount: '10.5', currency: 'LAK', transactionId: 'T', paidAt: now.toISOString() },
      }),
    ]) {
      expect(verifyWebhook(body, signWebhook(body, SECRET, now), SECRET, now)).toMatchObject({ ok: false, reason: 'MALFORMED_EVENT' });
    }
  });

  it('reports the amount actually paid when the payer pays a wrong amount', async () => {
    const qr = bill(100_000n);
    const before = receiver.received.length;
    const paid = await pay(buildLaoQr(qr), { amount: '90000' });
    expect(paid.body.payment).toMatchObject({ qrAmount: '100000', paidAmount: '90000' });
    const verified = verifyWebhook((await receiver.call(before + 1)).rawBody, receiver.received[before].headers, SECRET);
    expect(verified).toMatchObject({ ok: true, event: { amountKip: 90_000n } });
    expect(await gateway.checkPayment(qr.billNumber)).toMatchObject({ outcome: 'paid', amountKip: 90_000n });
  });
});

describe('the sandbox bank refusals', () => {
  it('refuses a damaged QR and a second payment of the same bill, and changes nothing', async () => {
    const payload = buildLaoQr(bill());
    const damaged = payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0');
    const refused = await t.app.inject({ method: 'POST', url: '/sandbox/bank/api/payments', payload: { payload: damaged } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_QR', message: expect.stringContaining('CRC') });

    // The bank keeps the payee as the QR named it, the merchant id (tag 38.04) included.
    expect(await pay(payload)).toMatchObject({
      status: 201,
      body: { payment: { payee: { name: 'CHAMPA GAMES', merchantId: 'CHAMPA0001' } } },
    });
    const again = await pay(payload);
    expect(again).toMatchObject({ status: 409, body: { code: 'BILL_ALREADY_PAID' } });
    const preview = await t.app.inject({ method: 'POST', url: '/sandbox/bank/api/preview', payload: { payload } });
    expect(preview.json()).toMatchObject({
      alreadyPaid: true,
      bill: { amount: '100000', merchantName: 'CHAMPA GAMES', merchantId: 'CHAMPA0001' },
    });
  });

  it('refuses a notice both sent twice and lost, and records no payment', async () => {
    const qr = bill();
    expect(await pay(buildLaoQr(qr), { twice: true, noticeLost: true })).toMatchObject({ status: 400, body: { code: 'OPTIONS_CONFLICT' } });
    expect(await gateway.checkPayment(qr.billNumber)).toMatchObject({ outcome: 'unpaid' });
  });

  it('refuses a decline fault for anything but payouts', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/sandbox/bank/api/faults',
      payload: { operation: 'payment_status', mode: 'decline' },
    });
    expect(response.statusCode).toBe(400);
    expect((await t.app.inject('/sandbox/bank/api/faults')).json()).toEqual({});
  });
});

describe('checkPayment', () => {
  it('answers unpaid for a bill nobody paid and paid with the details for a paid one', async () => {
    const qr = bill(150_000n);
    expect(await gateway.checkPayment(qr.billNumber)).toEqual({ outcome: 'unpaid', billNumber: qr.billNumber });
    const paid = await pay(buildLaoQr(qr));
    expect(await gateway.checkPayment(qr.billNumber)).toEqual({
      outcome: 'paid',
      billNumber: qr.billNumber,
      amountKip: 150_000n,
      transactionId: paid.body.payment.transactionId,
      paidAt: new Date(paid.body.payment.paidAt),
    });
  });

  it('sees a late payment only once it is made, and its webhook follows', async () => {
    const qr = bill();
    const before = receiver.received.length;
    const scheduled = await pay(buildLaoQr(qr), { delaySeconds: 1 });
    expect(scheduled.body.payment).toMatchObject({ status: 'SCHEDULED', paidAt: null, deliveries: [] });
    expect(await gateway.checkPayment(qr.billNumber)).toMatchObject({ outcome: 'unpaid' });

    const call = await receiver.call(before + 1);
    const verified = verifyWebhook(call.rawBody, call.headers, SECRET);
    expect(verified).toMatchObject({ ok: true, event: { billNumber: qr.billNumber } });
    expect(await gateway.checkPayment(qr.billNumber)).toMatchObject({ outcome: 'paid', amountKip: 100_000n });
  });

  it('has an unknown outcome when the gateway fails or answers too late', async () => {
    const qr = bill();
    await setFault('payment_status', 'error');
    expect(await gateway.checkPayment(qr.billNumber)).toEqual({
      outcome: 'unknown',
      billNumber: qr.billNumber,
      reason: 'GATEWAY_ERROR: HTTP 503',
    });
    await setFault('payment_status', 'timeout', 60_000);
    expect(await gateway.checkPayment(qr.billNumber)).toEqual({ outcome: 'unknown', billNumber: qr.billNumber, reason: 'TIMEOUT' });
  });
});

describe('payouts', () => {
  const account = ['bcel', '0101000987654321', 'SOMPHONE KEO'] as const;

  it('pays at once and answers its status by ref', async () => {
    const result = await gateway.payout('WD-1', ...account, 500_000n);
    expect(result).toEqual({
      outcome: 'paid',
      ref: 'WD-1',
      amountKip: 500_000n,
      transactionId: expect.stringMatching(/^SBX/),
      completedAt: expect.any(Date),
    });
    expect(await gateway.payoutStatus('WD-1')).toEqual(result);
  });

  it('pays a ref once however often it is asked', async () => {
    const first = await gateway.payout('WD-2', ...account, 300_000n);
    const second = await gateway.payout('WD-2', ...account, 300_000n);
    expect(second).toEqual(first);
    const listed = (await t.app.inject('/sandbox/bank/api/payouts'))
      .json()
      .items.filter((payout: { ref: string }) => payout.ref === 'WD-2');
    expect(listed).toHaveLength(1);
  });

  it('does not pay a known ref again with other details: the first payout stands', async () => {
    const first = await gateway.payout('WD-3', ...account, 100_000n);
    expect(await gateway.payout('WD-3', ...account, 999_000n)).toEqual({ outcome: 'unknown', ref: 'WD-3', reason: 'REF_CONFLICT' });
    expect(await gateway.payoutStatus('WD-3')).toEqual(first);
  });

  it('fails on request, and the failure is kept for that ref', async () => {
    await setFault('payout', 'decline');
    expect(await gateway.payout('WD-4', ...account, 100_000n)).toEqual({ outcome: 'failed', ref: 'WD-4', reason: 'DECLINED_BY_BANK' });
    await setFault('payout', 'none');
    expect(await gateway.payout('WD-4', ...account, 100_000n)).toEqual({ outcome: 'failed', ref: 'WD-4', reason: 'DECLINED_BY_BANK' });
    expect(await gateway.payoutStatus('WD-4')).toMatchObject({ outcome: 'failed' });
  });

  it('has an unknown outcome on a gateway error, and the ref was never received', async () => {
    await setFault('payout', 'error');
    expect(await gateway.payout('WD-5', ...account, 100_000n)).toEqual({
      outcome: 'unknown',
      ref: 'WD-5',
      reason: 'GATEWAY_ERROR: HTTP 503',
    });
    expect(await gateway.payoutStatus('WD-5')).toEqual({ outcome: 'not_found', ref: 'WD-5' });
  });

  it('has an unknown outcome on a timeout, and the status by ref tells that it was paid', async () => {
    await setFault('payout', 'timeout', 60_000);
    expect(await gateway.payout('WD-6', ...account, 700_000n)).toEqual({ outcome: 'unknown', ref: 'WD-6', reason: 'TIMEOUT' });
    await setFault('payout', 'none');
    expect(await gateway.payoutStatus('WD-6')).toMatchObject({ outcome: 'paid', amountKip: 700_000n });
  });

  it('has an unknown status when the status call times out or fails', async () => {
    await gateway.payout('WD-7', ...account, 100_000n);
    await setFault('payout_status', 'timeout', 60_000);
    expect(await gateway.payoutStatus('WD-7')).toEqual({ outcome: 'unknown', ref: 'WD-7', reason: 'TIMEOUT' });
    await setFault('payout_status', 'error');
    expect(await gateway.payoutStatus('WD-7')).toEqual({ outcome: 'unknown', ref: 'WD-7', reason: 'GATEWAY_ERROR: HTTP 503' });
  });

  it('fails a request the gateway refuses, and answers not_found for an unknown ref', async () => {
    expect(await gateway.payout('WD-8', 'BCEL!', '0101', 'X', 100_000n)).toEqual({
      outcome: 'failed',
      ref: 'WD-8',
      reason: 'VALIDATION_ERROR',
    });
    expect(await gateway.payoutStatus('WD-8')).toEqual({ outcome: 'not_found', ref: 'WD-8' });
  });

  it('has an unknown outcome when the gateway cannot be reached', async () => {
    const unreachable = createLaoQrGateway({ baseUrl: 'http://127.0.0.1:1/gateway', timeoutMs: TIMEOUT_MS });
    expect(await unreachable.payout('WD-9', ...account, 100_000n)).toMatchObject({
      outcome: 'unknown',
      reason: expect.stringMatching(/^NETWORK/),
    });
    expect(await unreachable.checkPayment('B1')).toMatchObject({ outcome: 'unknown' });
  });
});

describe('the sandbox bank page', () => {
  it('serves the page, its script, its style, its icon and jsQR without inline script', async () => {
    const page = await t.app.inject('/sandbox/bank');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('src="/sandbox/bank/bank.js"');
    // Without an icon of its own the browser asks for /favicon.ico, a 404 in the page's console.
    expect(page.body).toContain('<link rel="icon" href="/sandbox/bank/bank.svg"');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const [asset, type] of [
      ['bank.js', 'javascript'],
      ['bank.css', 'css'],
      ['bank.svg', 'image/svg+xml'],
      ['jsQR.js', 'javascript'],
    ]) {
      const response = await t.app.inject(`/sandbox/bank/${asset}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(type);
    }
  });

  it('names the site it notifies', async () => {
    expect((await t.app.inject('/sandbox/bank/api/settings')).json()).toEqual({ webhookUrl: receiver.url });
  });
});

describe('configuration', () => {
  it('defaults to the sandbox with the development secret', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      laoqrGatewayUrl: undefined,
      laoqrWebhookSecret: DEVELOPMENT_WEBHOOK_SECRET,
      laoqrGatewayTimeoutMs: 10_000,
      sandboxBankWebhookUrl: undefined,
    });
  });

  it('requires a secret of its own with a real gateway, and refuses a URL that is not http', () => {
    expect(() => loadConfig({ LAOQR_GATEWAY_URL: 'https://gateway.example/v1' })).toThrow(/LAOQR_WEBHOOK_SECRET/);
    expect(() => loadConfig({ LAOQR_WEBHOOK_SECRET: 'short' })).toThrow(/16 characters/);
    expect(() => loadConfig({ LAOQR_GATEWAY_URL: 'ftp://gateway.example' })).toThrow(/http/);
    expect(loadConfig({ LAOQR_GATEWAY_URL: 'https://gateway.example/v1/', LAOQR_WEBHOOK_SECRET: SECRET })).toMatchObject({
      laoqrGatewayUrl: 'https://gateway.example/v1',
      laoqrWebhookSecret: SECRET,
    });
  });

  it('serves no sandbox bank when a real gateway is configured', async () => {
    const config = {
      ...loadConfig({ LAOQR_GATEWAY_URL: 'http://127.0.0.1:1/v1', LAOQR_WEBHOOK_SECRET: SECRET }),
      distDir: '/nonexistent-dist',
    };
    const app = await buildApp({ db: t.db, config });
    await registerSandboxes(app, config);
    try {
      expect((await app.inject('/sandbox/bank')).statusCode).toBe(404);
      expect((await app.inject('/sandbox/bank/gateway/payouts/WD-1')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
