import { sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { createTestPlayer, createTestPlayerWithBank, sentWhilePlayerLocked, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { recordStatements } from '../../bench/statements';
import { loggedInOperator } from '../support/operators';
import { setRate } from '../../server/domain/agencies';
import { createDeposit, setReceivingAccount } from '../../server/domain/deposits';
import { applyPayments } from '../../server/domain/deposits/payments';
import { reconcilePendingTransfers } from '../../server/domain/reconciler';
import { balanceOf } from '../../server/domain/ledger';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import { parseLaoQr } from '../../contract/laoqr';
import type { DepositOrder, DepositQr } from '../../contract/deposits';
import type { Provider } from '../../contract/providers';

const SECRET = 'deposit-test-webhook-secret-42';
let t: TestApp;
let agencyId: string;
let origin: string;

beforeAll(async () => {
  t = await buildTestApp({ laoqrWebhookSecret: SECRET, providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 2000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  // The sandbox bank calls the webhook at 127.0.0.1; players come in through inject as localhost.
  agencyId = (await createTestAgency(t, 'deposits', ['localhost', '127.0.0.1'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
});
afterAll(() => t.close());

const playerWithBank = () => createTestPlayerWithBank(t.db, agencyId);

let keySerial = 0;
function create(player: TestPlayer, body: object, key: string | null = `deposit-key-${++keySerial}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: player.cookie, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

async function openOrder(player: TestPlayer, amount = '100000', provider: Provider = 'askmebet'): Promise<DepositOrder> {
  const res = await create(player, { provider, amount });
  expect(res.statusCode).toBe(201);
  // The answer carries the QR to pay with, so the page needs no third round trip.
  const { order, qr } = res.json();
  expect(qr).toMatchObject({ code: order.code, amount, status: 'OPEN' });
  expect(parseLaoQr(qr.payload)).toMatchObject({ billNumber: order.code });
  return order;
}

const post = (player: TestPlayer, url: string) => t.app.inject({ method: 'POST', url, headers: { cookie: player.cookie } });
const get = (player: TestPlayer, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: player.cookie } });

async function qrOf(player: TestPlayer, code: string): Promise<DepositQr> {
  const res = await get(player, `/api/v2/deposits/laoqr/${code}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Pays through the sandbox bank over HTTP, so its webhook comes back to this server. */
async function payAtBank(payload: string, options: { amount?: string; twice?: boolean } = {}) {
  const response = await fetch(`${origin}/sandbox/bank/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload, ...options }),
  });
  expect(response.status).toBe(201);
  return response.json();
}

function paymentEvent(
  billNumber: string,
  amount: string,
  transactionId = `TX${Math.random().toString(36).slice(2)}`,
  paidAt = new Date(),
): PaymentPaidEventBody {
  return {
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: paidAt.toISOString() },
  };
}

function deliver(event: PaymentPaidEventBody, { secret = SECRET, at = new Date() }: { secret?: string; at?: Date } = {}) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, secret, at) },
    payload: raw,
  });
}

async function orderRow(code: string) {
  return t.db.selectFrom('deposit_orders').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

async function providerCredit(player: TestPlayer, provider: Provider = 'askmebet'): Promise<string> {
  const res = await get(player, `/api/v2/players/credits/${provider}`);
  expect(res.statusCode).toBe(200);
  return res.json().credit.amount;
}

async function unmatched(billNumber: string) {
  return t.db.selectFrom('deposit_unmatched_payments').selectAll().where('bill_number', '=', billNumber).execute();
}

const owed = (player: TestPlayer) => balanceOf(t.db, agencyId, { kind: 'owed_to_player', playerId: player.id, currency: 'THB' });

describe('the deposit lifecycle', () => {
  it('creates an order at the locked sell rate, shows its QR, pays through the bank, credits the provider once', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player);
    // 100,000 kip / 640 = 156.25 THB
    expect(order).toMatchObject({
      provider: 'askmebet',
      amount: '100000',
      credit: '156.25',
      rate: '640',
      status: 'OPEN',
      promoCredit: null,
      creditedTotal: null,
    });
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(15 * 60_000);

    // A later rate change does not touch the open order's credit.
    await setRate(t.db, agencyId, 'THB', '600', '700', 'test');
    const open = (await get(player, '/api/v2/deposits/open')).json();
    expect(open.items).toEqual([order]);
    await setRate(t.db, agencyId, 'THB', '600', '640', 'test');

    const qr = await qrOf(player, order.code);
    expect(qr).toMatchObject({
      code: order.code,
      amount: '100000',
      payee: {
        name: 'CHAMPA GAMES',
        city: 'VIENTIANE',
        bankIin: '27710418',
        accountNumber: '0101000123456789',
        merchantId: 'CHAMPA0001',
      },
      status: 'OPEN',
    });
    expect(parseLaoQr(qr.payload)).toMatchObject({
      billNumber: order.code,
      amountKip: 100000n,
      bankIin: '27710418',
      merchantId: 'CHAMPA0001',
    });

    const check = await post(player, `/api/v2/deposits/${order.code}/check`);
    expect(check.statusCode).toBe(409);
    expect(check.json().code).toBe('DEPOSIT_NOT_PAID');

    expect((await get(player, `/api/v2/deposits/${order.code}`)).json()).toEqual({ order });

    const cashBefore = await balanceOf(t.db, agencyId, { kind: 'agency_cash', currency: 'LAK' });
    await payAtBank(qr.payload);
    expect((await orderRow(order.code)).status).toBe('SUCCESS');
    // What the page polls sees the payment without asking the gateway.
    expect((await get(player, `/api/v2/deposits/${order.code}`)).json().order).toMatchObject({
      status: 'SUCCESS',
      paidAt: expect.any(String),
    });
    expect(await providerCredit(player)).toBe('156.25');
    // The provider knows the transfer by the order code.
    const atProvider = await t.db
      .selectFrom('sandbox_provider_transfers')
      .select(['ref', 'direction', 'amount', 'status'])
      .where('ref', '=', order.code)
      .execute();
    expect(atProvider).toEqual([{ ref: order.code, direction: 'IN', amount: '15625', status: 'SUCCESS' }]);
    expect(await balanceOf(t.db, agencyId, { kind: 'agency_cash', currency: 'LAK' })).toBe(cashBefore + 100_000n);
    expect(await owed(player)).toBe(0n);

    // Checking afterwards just answers the order; nothing moves again.
    const after = await post(player, `/api/v2/deposits/${order.code}/check`);
    expect(after.statusCode).toBe(200);
    expect(after.json().order).toMatchObject({ status: 'SUCCESS', paidAt: expect.any(String) });
    expect(await providerCredit(player)).toBe('156.25');

    const history = (await get(player, '/api/v2/deposits?page=1&pageSize=10')).json();
    expect(history).toMatchObject({ page: 1, pageSize: 10, total: 1, items: [{ code: order.code, status: 'SUCCESS' }] });
    expect((await get(player, '/api/v2/deposits/open')).json().items).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('applies a payment found by the check exactly as the webhook would', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player, '64000', 'betflix');
    const qr = await qrOf(player, order.code);
    // A payment the bank made whose webhook never arrived: the check asks the gateway.
    await t.db
      .insertInto('sandbox_bank_payments')
      .values({
        bill_number: order.code,
        transaction_id: `TXCHECK${order.code}`,
        event_id: `evt-check-${order.code}`,
        payload: qr.payload,
        payee_name: 'CHAMPA GAMES',
        payee_city: 'VIENTIANE',
        bank_iin: '27710418',
        account_number: '0101000123456789',
        qr_amount_kip: 64000n,
        paid_amount_kip: 64000n,
        status: 'PAID',
        pay_at: new Date(),
        paid_at: new Date(),
        webhook_url: 'http://127.0.0.1:9/unused',
      })
      .execute();
    const check = await post(player, `/api/v2/deposits/${order.code}/check`);
    expect(check.statusCode).toBe(200);
    expect(check.json().order).toMatchObject({ status: 'SUCCESS', credit: '100.00' });
    expect(await providerCredit(player, 'betflix')).toBe('100.00');
    // The webhook arriving late for the same payment changes nothing.
    const late = await deliver(paymentEvent(order.code, '64000', `TXCHECK${order.code}`));
    expect(late.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await providerCredit(player, 'betflix')).toBe('100.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('writes the order SUCCESS in the statement that posts its credit, never after it', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player, '64000', 'gclub');
    const sent = await recordStatements(async () => {
      const delivered = await deliver(paymentEvent(order.code, '64000'));
      expect(delivered.json()).toEqual({ received: true, outcome: 'paid' });
    });
    const touchingOrders = sent.filter(({ text }) => /update "?deposit_orders"?/i.test(text));
    // PAID in the payment's transaction; SUCCESS inside the credit's posting, with the ledger's update.
    expect(touchingOrders).toHaveLength(2);
    expect(touchingOrders[1].text).toMatch(/^\/\* prepared \*\/\s*WITH transfer AS \(update "ledger_transfers"/);
    expect(await orderRow(order.code)).toMatchObject({ status: 'SUCCESS', failure_code: null });
    expect(await providerCredit(player, 'gclub')).toBe('100.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('replays an Idempotency-Key with the same order and refuses it with another body', async () => {
    const player = await playerWithBank();
    const first = await create(player, { provider: 'gclub', amount: '20000' }, 'same-key');
    expect(first.statusCode).toBe(201);
    const again = await create(player, { provider: 'gclub', amount: '20000' }, 'same-key');
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toEqual(first.json().order);
    expect(again.json().qr).toEqual(first.json().qr);
    const other = await create(player, { provider: 'gclub', amount: '30000' }, 'same-key');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    const second = await create(player, { provider: 'gclub', amount: '20000' }, 'another-key');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('OPEN_ORDER');
    expect((await get(player, '/api/v2/deposits')).json().total).toBe(1);
  });

  it('concurrent deposits make one open order', async () => {
    const player = await playerWithBank();
    const openOrders = () =>
      t.db.selectFrom('deposit_orders').select('code').where('player_id', '=', player.id).where('status', '=', 'OPEN').execute();
    // Twice: eight orders for several providers at once, all waiting for the player's turn; then the open one is cancelled.
    for (let round = 0; round < 2; round += 1) {
      const answers = await racing(t, () =>
        sentWhilePlayerLocked(t.db, player.id, () =>
          Array.from({ length: 8 }, (_, i) => create(player, { provider: i % 2 === 0 ? 'askmebet' : 'gclub', amount: `${20000 + i}` })),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json().code).toBe('OPEN_ORDER');
      const placed = answers.find((answer) => answer.statusCode === 201)!.json().order.code;
      expect(await openOrders()).toEqual([{ code: placed }]);
      expect((await post(player, `/api/v2/deposits/${placed}/cancel`)).statusCode).toBe(200);
    }
    expect((await get(player, '/api/v2/deposits')).json().total).toBe(2);
    expect(await openOrders()).toEqual([]);
  });

  it('cancels an open order only, and keeps a payment after the cancel as unmatched money', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player);
    const qr = await qrOf(player, order.code);
    const cancel = await post(player, `/api/v2/deposits/${order.code}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().order.status).toBe('CANCELED');
    const twice = await post(player, `/api/v2/deposits/${order.code}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DEPOSIT_NOT_OPEN');

    const unallocatedBefore = await balanceOf(t.db, agencyId, { kind: 'unallocated_payments', currency: 'LAK' });
    await payAtBank(qr.payload);
    expect((await orderRow(order.code)).status).toBe('CANCELED');
    expect(await unmatched(order.code)).toMatchObject([{ reason: 'ORDER_CANCELED', amount_kip: '100000', status: 'UNRESOLVED' }]);
    expect(await balanceOf(t.db, agencyId, { kind: 'unallocated_payments', currency: 'LAK' })).toBe(unallocatedBefore - 100_000n);
    expect(await owed(player)).toBe(0n);
    // The operator sees it among the payments to resolve; a player session does not open that list.
    const operatorCookie = await loggedInOperator(t, agencyId, { username: 'desk', password: 'operator-pass-1', role: 'staff' });
    const listed = await t.app.inject({ url: '/api/v2/admin/deposits/unmatched', headers: { cookie: operatorCookie } });
    expect(listed.json().items).toEqual([
      expect.objectContaining({ billNumber: order.code, reason: 'ORDER_CANCELED', amount: '100000', status: 'UNRESOLVED' }),
    ]);
    expect((await get(player, '/api/v2/admin/deposits/unmatched')).statusCode).toBe(401);
    // A new order may be made once the old one is closed.
    await openOrder(player, '10000');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('the deposit history', () => {
  /** `count` past orders of the player written directly, every three sharing one instant, newest last. */
  async function pastOrders(player: TestPlayer, count: number): Promise<string[]> {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: count }, (_, index) => ({
      agency_id: agencyId,
      code: `H${player.id.slice(0, 8).toUpperCase()}${String(index).padStart(4, '0')}`,
      player_id: player.id,
      provider: 'askmebet',
      amount_kip: '100000',
      credit_satang: '15625',
      rate_sell: '640',
      rate_effective_at: new Date(start),
      status: 'EXPIRED' as const,
      idempotency_key: `history-${index}`,
      expires_at: new Date(start + 3_600_000),
      created_at: new Date(start + Math.floor(index / 3) * 60_000),
    }));
    await t.db.insertInto('deposit_orders').values(rows).execute();
    return rows.map((row) => row.code);
  }

  it('pages newest first by keyset, each page starting after the last order of the one before', async () => {
    const player = await playerWithBank();
    await pastOrders(player, 25);
    const pages: { items: DepositOrder[]; next: string | null; total: number }[] = [];
    let after: string | null = null;
    do {
      const res = await get(player, `/api/v2/deposits?page=${pages.length + 1}&pageSize=10${after ? `&after=${after}` : ''}`);
      expect(res.statusCode).toBe(200);
      pages.push(res.json());
      after = pages[pages.length - 1].next;
    } while (after !== null);
    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 5]);
    expect(pages.every((page) => page.total === 25)).toBe(true);
    // The same orders in the same order as the pages by number, ties of one instant included.
    const byKeyset = pages.flatMap((page) => page.items.map((order) => order.code));
    const byNumber = [];
    for (const page of [1, 2, 3])
      byNumber.push(
        ...(await get(player, `/api/v2/deposits?page=${page}&pageSize=10`)).json().items.map((order: DepositOrder) => order.code),
      );
    expect(byKeyset).toEqual(byNumber);
    expect(new Set(byKeyset).size).toBe(25);
    const times = pages.flatMap((page) => page.items.map((order) => Date.parse(order.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers 404 for an after that is not one of the player's orders, and 400 for a malformed one", async () => {
    const player = await playerWithBank();
    const other = await playerWithBank();
    const [othersCode] = await pastOrders(other, 1);
    await pastOrders(player, 2);
    for (const after of ['NOSUCHORDER', othersCode]) {
      const res = await get(player, `/api/v2/deposits?page=2&pageSize=10&after=${after}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get(player, `/api/v2/deposits?pageSize=10&after=${'A'.repeat(26)}`)).statusCode).toBe(400);
    expect((await get(player, '/api/v2/deposits?pageSize=10&after=')).statusCode).toBe(400);
  });
});

describe('bad input changes nothing', () => {
  it('refuses amounts out of bounds or not whole kip, unknown providers and a missing key', async () => {
    const player = await playerWithBank();
    const cases: [object, string | null, number, string][] = [
      [{ provider: 'askmebet', amount: '9999' }, 'bad-input-k1', 400, 'DEPOSIT_AMOUNT_OUT_OF_RANGE'],
      [{ provider: 'askmebet', amount: '50000001' }, 'bad-input-k2', 400, 'DEPOSIT_AMOUNT_OUT_OF_RANGE'],
      [{ provider: 'askmebet', amount: '100000.50' }, 'bad-input-k3', 400, 'DEPOSIT_AMOUNT_INVALID'],
      [{ provider: 'askmebet', amount: '-100000' }, 'bad-input-k4', 400, 'DEPOSIT_AMOUNT_INVALID'],
      [{ provider: 'askmebet', amount: '1e6' }, 'bad-input-k5', 400, 'DEPOSIT_AMOUNT_INVALID'],
      [{ provider: 'askmebet', amount: '100,000' }, 'bad-input-k6', 400, 'DEPOSIT_AMOUNT_INVALID'],
      [{ provider: 'pokerstars', amount: '100000' }, 'bad-input-k7', 400, 'UNKNOWN_PROVIDER'],
      [{ provider: 'askmebet', amount: 100000 }, 'bad-input-k8', 400, 'DEPOSIT_AMOUNT_INVALID'],
      [{ provider: 'askmebet', amount: '100000', extra: true }, 'bad-input-k10', 400, 'VALIDATION_ERROR'],
      [{ provider: 'askmebet' }, 'bad-input-k9', 400, 'VALIDATION_ERROR'],
      [{ provider: 'askmebet', amount: '100000' }, null, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
    ];
    for (const [body, key, status, code] of cases) {
      const res = await create(player, body, key);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status, code });
    }
    expect((await get(player, '/api/v2/deposits')).json().total).toBe(0);
  });

  it('needs a bank account, with a Lao message', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const res = await create(player, { provider: 'askmebet', amount: '100000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('BANK_ACCOUNT_REQUIRED');
    expect(res.json().message).toMatch(/ບັນຊີທະນາຄານ/);
    expect((await get(player, '/api/v2/deposits')).json().total).toBe(0);
  });

  it("answers 404 for another player's order and leaves it alone", async () => {
    const owner = await playerWithBank();
    const stranger = await playerWithBank();
    const order = await openOrder(owner);
    for (const res of [
      await get(stranger, `/api/v2/deposits/laoqr/${order.code}`),
      await get(stranger, `/api/v2/deposits/${order.code}`),
      await post(stranger, `/api/v2/deposits/${order.code}/check`),
      await post(stranger, `/api/v2/deposits/${order.code}/cancel`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await orderRow(order.code)).status).toBe('OPEN');
    expect((await get(stranger, '/api/v2/deposits')).json().total).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/deposits' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses forged, altered and stale webhooks', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player);
    const event = paymentEvent(order.code, '100000');
    const forged = await deliver(event, { secret: 'someone-elses-secret-123' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('INVALID_WEBHOOK');
    const stale = await deliver(event, { at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.statusCode).toBe(401);
    const raw = JSON.stringify(event);
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/webhooks/laoqr',
      headers: { 'content-type': 'application/json', ...signWebhook(raw, SECRET) },
      payload: raw.replace('"100000"', '"900000"'),
    });
    expect(altered.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v2/webhooks/laoqr',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await orderRow(order.code)).status).toBe('OPEN');
    expect(
      await t.db.selectFrom('laoqr_webhook_events').select('event_id').where('event_id', '=', event.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('payments that must count once, or be kept', () => {
  it('credits once for a duplicate delivery and for 20 concurrent deliveries', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player, '128000');
    const qr = await qrOf(player, order.code);
    await payAtBank(qr.payload, { twice: true });
    expect(await providerCredit(player)).toBe('200.00');

    const other = await playerWithBank();
    const second = await openOrder(other, '64000');
    const event = paymentEvent(second.code, '64000');
    const answers = await racing(t, () => Promise.all(Array.from({ length: 20 }, () => deliver(event))));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((res) => res.json().outcome === 'paid')).toHaveLength(1);
    // The same payment under other event ids (a gateway resending) is still one payment.
    const resent = await racing(t, () =>
      Promise.all(Array.from({ length: 5 }, (_, i) => deliver({ ...event, id: `${event.id}-again-${i}` }))),
    );
    expect(resent.map((res) => res.json().outcome)).toEqual(Array(5).fill('duplicate'));
    expect((await orderRow(second.code)).status).toBe('SUCCESS');
    expect(await providerCredit(other)).toBe('100.00');
    const deposits = await t.db
      .selectFrom('ledger_transfers')
      .select('kind')
      .where(sql<boolean>`refs->>'deposit' = ${second.code}`)
      .execute();
    expect(deposits.map((row) => row.kind).sort()).toEqual(['DEPOSIT_CREDIT', 'DEPOSIT_PAYMENT']);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('lets exactly one of a cancel and a payment racing for the order win', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await playerWithBank();
      const order = await openOrder(player, '64000');
      const [cancel, paid] = await racing(t, () =>
        Promise.all([post(player, `/api/v2/deposits/${order.code}/cancel`), deliver(paymentEvent(order.code, '64000'))]),
      );
      const status = (await orderRow(order.code)).status;
      if (cancel.statusCode === 200) {
        expect(status).toBe('CANCELED');
        expect(paid.json().outcome).toBe('unmatched');
        expect(await unmatched(order.code)).toHaveLength(1);
        expect(await providerCredit(player)).toBe('0.00');
      } else {
        expect(cancel.json().code).toBe('DEPOSIT_NOT_OPEN');
        expect(paid.json().outcome).toBe('paid');
        expect(status).toBe('SUCCESS');
        expect(await unmatched(order.code)).toHaveLength(0);
        expect(await providerCredit(player)).toBe('100.00');
      }
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('keeps a payment made after expiry, a wrong amount and an unknown bill, with their cash in the ledger', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player);
    const qr = await qrOf(player, order.code);
    await t.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', order.code)
      .execute();
    expect((await get(player, '/api/v2/deposits/open')).json().items).toEqual([]);
    const unallocatedBefore = await balanceOf(t.db, agencyId, { kind: 'unallocated_payments', currency: 'LAK' });
    await payAtBank(qr.payload);
    expect((await orderRow(order.code)).status).toBe('EXPIRED');
    expect(await unmatched(order.code)).toMatchObject([{ reason: 'ORDER_EXPIRED', amount_kip: '100000' }]);
    expect(await providerCredit(player)).toBe('0.00');

    const wrong = await openOrder(player, '64000');
    await payAtBank((await qrOf(player, wrong.code)).payload, { amount: '60000' });
    expect((await orderRow(wrong.code)).status).toBe('FAILED');
    expect(await unmatched(wrong.code)).toMatchObject([{ reason: 'AMOUNT_MISMATCH', amount_kip: '60000' }]);

    const unknown = await deliver(paymentEvent('DNOSUCHBILL', '25000'));
    expect(unknown.json()).toEqual({ received: true, outcome: 'unmatched' });
    expect(await unmatched('DNOSUCHBILL')).toMatchObject([{ reason: 'UNKNOWN_BILL', deposit_order_id: null }]);
    expect(await balanceOf(t.db, agencyId, { kind: 'unallocated_payments', currency: 'LAK' })).toBe(
      unallocatedBefore - 100_000n - 60_000n - 25_000n,
    );
    expect(await owed(player)).toBe(0n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('leaves the order PAID with the credit owed while the provider is down, and the reconciler credits it', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player, '640000');
    const down = await t.app.inject({ method: 'POST', url: '/sandbox/providers/askmebet/faults', payload: { mode: 'error' } });
    expect(down.statusCode).toBe(204);
    await payAtBank((await qrOf(player, order.code)).payload);
    expect((await orderRow(order.code)).status).toBe('PAID');
    const check = await post(player, `/api/v2/deposits/${order.code}/check`);
    expect(check.json().order.status).toBe('PAID');
    // Money paid is either at the provider or owed to the player: here, owed (or held in transit).
    const transit = await balanceOf(t.db, agencyId, { kind: 'provider_transit', playerId: player.id, provider: 'askmebet' });
    expect((await owed(player)) + transit).toBe(1000_00n);

    await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
    const report = await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    expect(report).toMatchObject({ depositsChecked: 1, depositsCredited: 1 });
    expect((await orderRow(order.code)).status).toBe('SUCCESS');
    expect(await providerCredit(player)).toBe('1000.00');
    expect(await owed(player)).toBe(0n);
    const again = await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    expect(again.depositsChecked).toBe(0);
    expect(await providerCredit(player)).toBe('1000.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('payments that arrive together', () => {
  /** The grouped statement that marks a transaction's orders PAID, with how many it marked. */
  const paidTogether = (sent: Array<{ text: string; values: unknown[] }>) =>
    sent.filter(({ text }) => /UPDATE deposit_orders\s+SET status = 'PAID'/.test(text)).map(({ values }) => (values[0] as string[]).length);

  it('applies concurrent webhooks in shared transactions, each payment as it would be alone', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => playerWithBank()));
    const orders = await Promise.all(players.map((player) => openOrder(player, '64000')));
    const expired = await openOrder(await playerWithBank(), '64000');
    await t.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('code', '=', expired.code)
      .execute();
    const wrongAmount = await openOrder(await playerWithBank(), '64000');
    const events = orders.map((order) => paymentEvent(order.code, '64000'));
    const deliveries = [
      ...events,
      // A replay of the first, and the second's payment resent under another event id.
      events[0],
      { ...events[1], id: `${events[1].id}-resent` },
      paymentEvent(expired.code, '64000'),
      paymentEvent(wrongAmount.code, '60000'),
      paymentEvent('DNOSUCHBILL2', '25000'),
    ];
    let answers: Array<{ statusCode: number; outcome: string }> = [];
    const sent = await recordStatements(async () => {
      const responses = await Promise.all(deliveries.map((event) => deliver(event)));
      answers = responses.map((res) => ({ statusCode: res.statusCode, outcome: res.json().outcome }));
    });
    expect(answers.map(({ statusCode }) => statusCode)).toEqual(Array(deliveries.length).fill(200));
    expect(answers.map(({ outcome }) => outcome)).toEqual([
      ...Array(10).fill('paid'),
      'duplicate',
      'duplicate',
      'unmatched',
      'unmatched',
      'unmatched',
    ]);
    // Ten orders paid in fewer transactions than ten: at least one carried several.
    const groups = paidTogether(sent);
    expect(groups.reduce((sum, size) => sum + size, 0)).toBe(10);
    expect(Math.max(...groups)).toBeGreaterThan(1);
    // And their ten credits posted in fewer statements than ten, each order's SUCCESS within one.
    const postings = sent.filter(({ text }) => /WITH transfer AS \(update "ledger_transfers" set "status"/.test(text));
    expect(postings.length).toBeLessThan(10);

    for (const [index, order] of orders.entries()) {
      expect(await orderRow(order.code)).toMatchObject({ status: 'SUCCESS', paid_amount_kip: '64000' });
      expect(await providerCredit(players[index])).toBe('100.00');
      expect(await owed(players[index])).toBe(0n);
    }
    expect((await orderRow(expired.code)).status).toBe('EXPIRED');
    expect(await unmatched(expired.code)).toMatchObject([{ reason: 'ORDER_EXPIRED' }]);
    expect((await orderRow(wrongAmount.code)).status).toBe('FAILED');
    expect(await unmatched(wrongAmount.code)).toMatchObject([{ reason: 'AMOUNT_MISMATCH', amount_kip: '60000' }]);
    expect(await unmatched('DNOSUCHBILL2')).toMatchObject([{ reason: 'UNKNOWN_BILL' }]);
    const payments = await t.db
      .selectFrom('ledger_transfers')
      .select(sql<string>`refs->>'deposit'`.as('deposit'))
      .where('agency_id', '=', agencyId)
      .where('kind', '=', 'DEPOSIT_PAYMENT')
      .where(
        sql<string>`refs->>'deposit'`,
        'in',
        orders.map(({ code }) => code),
      )
      .execute();
    expect(payments.map(({ deposit }) => deposit).sort()).toEqual(orders.map(({ code }) => code).sort());
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("applies a bill's second payment and a transaction's second event after the first, as they would be alone", async () => {
    const player = await playerWithBank();
    const order = await openOrder(player, '64000');
    const payment = (transactionId: string, eventId: string) => ({
      eventId,
      billNumber: order.code,
      amountKip: 64_000n,
      transactionId,
      paidAt: new Date(),
    });
    let results: Awaited<ReturnType<typeof applyPayments>> = [];
    const sent = await recordStatements(async () => {
      results = await applyPayments(t.db, agencyId, [
        payment(`TXA${order.code}`, `evt-a-${order.code}`),
        payment(`TXB${order.code}`, `evt-b-${order.code}`),
        payment(`TXA${order.code}`, `evt-a-again-${order.code}`),
      ]);
    });
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.outcome : result.reason))).toEqual([
      'paid',
      'unmatched',
      'duplicate',
    ]);
    // Each was applied after the one before it committed, none by a transaction that failed.
    expect(sent.filter(({ text }) => /^rollback/i.test(text.trim()))).toEqual([]);
    expect(sent.filter(({ text }) => /^commit/i.test(text.trim()))).toHaveLength(3);
    expect(await orderRow(order.code)).toMatchObject({ status: 'PAID', transaction_id: `TXA${order.code}` });
    expect(await unmatched(order.code)).toMatchObject([{ reason: 'ORDER_CLOSED', transaction_id: `TXB${order.code}` }]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("keeps one credit's failure its own: a provider call of a group timing out leaves that order PAID for the reconciler", async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => playerWithBank()));
    const orders = await Promise.all(players.map((player) => openOrder(player, '64000')));
    const fault = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/faults',
      // One call that does nothing and answers after the site gave up: not tried again, its outcome unknown.
      payload: { mode: 'hang', calls: 1, delayMs: 2000, operations: ['transfer'] },
    });
    expect(fault.statusCode).toBe(204);
    const sent = await recordStatements(async () => {
      const answers = await Promise.all(orders.map((order) => deliver(paymentEvent(order.code, '64000'))));
      expect(answers.map((res) => res.json().outcome)).toEqual(Array(5).fill('paid'));
    });
    expect(Math.max(...paidTogether(sent))).toBeGreaterThan(1);
    const statuses = await Promise.all(orders.map(async (order) => (await orderRow(order.code)).status));
    expect(statuses.filter((status) => status === 'SUCCESS')).toHaveLength(4);
    const left = statuses.indexOf('PAID');
    expect(left).toBeGreaterThanOrEqual(0);
    expect(await providerCredit(players[left])).toBe('0.00');

    // The provider never got that call: the reconciler voids it, and its next round credits the order anew.
    const first = await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    expect(first.voided).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orders[left].code)).toMatchObject({ status: 'PAID', credit_attempt: 2 });
    const second = await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    expect(second.depositsCredited).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orders[left].code)).status).toBe('SUCCESS');
    for (const player of players) expect(await providerCredit(player)).toBe('100.00');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("keeps one payment's failure its own: its neighbours are paid, it changes nothing and is paid when delivered again", async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => playerWithBank()));
    const orders = await Promise.all(players.map((player) => openOrder(player, '64000')));
    const failing = orders[2].code;
    // A fault of this one order's row, as a broken row or a constraint would be.
    await sql`CREATE FUNCTION fail_one_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.code = ${sql.lit(failing)} AND NEW.status = 'PAID' THEN RAISE EXCEPTION 'this order cannot be paid now'; END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER fail_one_payment BEFORE UPDATE ON deposit_orders FOR EACH ROW EXECUTE FUNCTION fail_one_payment()`.execute(
      t.db,
    );
    const events = orders.map((order) => paymentEvent(order.code, '64000'));
    let answers: Array<{ statusCode: number; outcome?: string }>;
    let groups: number[];
    try {
      const sent = await recordStatements(async () => {
        const responses = await Promise.all(events.map((event) => deliver(event)));
        answers = responses.map((res) => ({ statusCode: res.statusCode, outcome: res.json().outcome }));
      });
      groups = paidTogether(sent);
    } finally {
      await sql`DROP TRIGGER fail_one_payment ON deposit_orders`.execute(t.db);
      await sql`DROP FUNCTION fail_one_payment()`.execute(t.db);
    }
    expect(answers!.map(({ statusCode }) => statusCode)).toEqual([200, 200, 500, 200, 200]);
    // The failing payment was in a transaction of several, which was tried again one by one.
    expect(Math.max(...groups!)).toBeGreaterThan(1);
    for (const [index, order] of orders.entries()) {
      if (order.code === failing) continue;
      expect((await orderRow(order.code)).status).toBe('SUCCESS');
      expect(await providerCredit(players[index])).toBe('100.00');
    }
    expect(await orderRow(failing)).toMatchObject({ status: 'OPEN', transaction_id: null });
    expect(await owed(players[2])).toBe(0n);
    expect(await t.db.selectFrom('laoqr_webhook_events').select('event_id').where('event_id', '=', events[2].id).execute()).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);

    const again = await deliver(events[2]);
    expect(again.json()).toEqual({ received: true, outcome: 'paid' });
    expect((await orderRow(failing)).status).toBe('SUCCESS');
    expect(await providerCredit(players[2])).toBe('100.00');
  });
});

describe('reads never write', () => {
  it('reads an order past its expiry as EXPIRED without writing it; the reconciler writes it', async () => {
    const player = await playerWithBank();
    const order = await openOrder(player);
    await t.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', order.code)
      .execute();
    const before = await orderRow(order.code);

    expect((await get(player, '/api/v2/deposits')).json().items).toEqual([
      expect.objectContaining({ code: order.code, status: 'EXPIRED' }),
    ]);
    expect((await get(player, '/api/v2/deposits/open')).json().items).toEqual([]);
    expect((await qrOf(player, order.code)).status).toBe('EXPIRED');
    expect((await get(player, `/api/v2/deposits/${order.code}`)).json().order.status).toBe('EXPIRED');
    expect(await orderRow(order.code)).toEqual(before);
    expect(before).toMatchObject({ status: 'OPEN', closed_at: null });

    const report = await reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 });
    expect(report.depositsExpired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.code)).toMatchObject({ status: 'EXPIRED', closed_at: expect.any(Date) });
    expect((await get(player, '/api/v2/deposits')).json().items).toEqual([
      expect.objectContaining({ code: order.code, status: 'EXPIRED' }),
    ]);
  });

  it("creates a new order over the player's own expired one", async () => {
    const player = await playerWithBank();
    const stale = await openOrder(player);
    await t.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', stale.code)
      .execute();
    const fresh = await openOrder(player, '64000');
    expect((await orderRow(stale.code)).status).toBe('EXPIRED');
    expect((await get(player, '/api/v2/deposits/open')).json().items).toEqual([
      expect.objectContaining({ code: fresh.code, status: 'OPEN' }),
    ]);
  });
});

describe('the order comes with its QR', () => {
  it('gives the order and its LaoQR payload, also on a replay', async () => {
    const player = await playerWithBank();
    const deps = { db: t.db, config: t.config, providers: t.app.providers, clock: t.app.clock };
    const who = { agencyId, playerId: player.id };
    const input = { provider: 'gclub', amount: '20000', idempotencyKey: 'qr-in-the-answer' };
    const created = await createDeposit(deps, who, input);
    expect(created.replayed).toBe(false);
    expect(created.qr).toEqual(await qrOf(player, created.order.code));
    expect(parseLaoQr(created.qr.payload).billNumber).toBe(created.order.code);
    const replay = await createDeposit(deps, who, input);
    expect(replay).toEqual({ ...created, replayed: true });
  });

  it('answers POST /deposits with the order and its QR, the same on a replay', async () => {
    const player = await playerWithBank();
    const first = await create(player, { provider: 'askmebet', amount: '100000' }, 'answer-with-the-qr');
    expect(first.statusCode).toBe(201);
    const { order, qr } = first.json();
    expect(qr).toEqual(await qrOf(player, order.code));
    expect(parseLaoQr(qr.payload).billNumber).toBe(order.code);
    const replay = await create(player, { provider: 'askmebet', amount: '100000' }, 'answer-with-the-qr');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ order, qr });
  });
});

describe('one Idempotency-Key rule', () => {
  it('refuses keys outside 8 to 100 visible ASCII characters and changes nothing; takes 8 and 100', async () => {
    const player = await playerWithBank();
    for (const key of ['seven-7', 'k'.repeat(101), 'has space', 'clé-secrète', '']) {
      const res = await create(player, { provider: 'askmebet', amount: '100000' }, key);
      expect({ key, status: res.statusCode, code: res.json().code }).toEqual({ key, status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
    }
    expect((await get(player, '/api/v2/deposits')).json().total).toBe(0);

    const eight = await create(player, { provider: 'askmebet', amount: '100000' }, 'eight-88');
    expect(eight.statusCode).toBe(201);
    await post(player, `/api/v2/deposits/${eight.json().order.code}/cancel`);
    const hundred = await create(player, { provider: 'askmebet', amount: '100000' }, 'h'.repeat(100));
    expect(hundred.statusCode).toBe(201);
    expect((await get(player, '/api/v2/deposits')).json().total).toBe(2);
  });
});
