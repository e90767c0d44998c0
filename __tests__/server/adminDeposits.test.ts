import { sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { balanceOf } from '../../server/domain/ledger';
import { reconcilePendingTransfers } from '../../server/domain/reconciler';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import { convertAt, formatAmount } from '../../contract/money';

/**
 * The operators' deposit review through the API: search and detail, unmatched payments credited to a
 * player at the rate of their time or refunded through the sandbox gateway, deposits stuck PAID
 * retried or refunded; every action keyed, audited and moving money once.
 */

const SECRET = 'admin-deposits-webhook-secret';
const OTHER = 'other-desk.example';
let t: TestApp;
let agencyId: string;
let otherId: string;
let origin: string;
let owner: string;
let staff: string;
let otherOwner: string;

beforeAll(async () => {
  t = await buildTestApp({ laoqrWebhookSecret: SECRET, providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 3000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  agencyId = (await createTestAgency(t, 'desk', ['localhost', '127.0.0.1'])).id;
  otherId = (await createTestAgency(t, 'otherdesk', [OTHER])).id;
  for (const id of [agencyId, otherId]) {
    await setRate(t.db, id, 'THB', '600', '640', 'test');
    await setReceivingAccount(t.db, id, DEMO_RECEIVING_ACCOUNT);
  }
  owner = await loggedInOperator(t, agencyId, { username: 'desk-owner' });
  staff = await loggedInOperator(t, agencyId, { username: 'desk-staff', password: 'staff-password-1', role: 'staff' });
  otherOwner = await loggedInOperator(t, otherId, { username: 'other-owner', host: OTHER });
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  expect(await ledgerViolations(t.db)).toEqual([]);
});
afterAll(() => t.close());

let serial = 0;
const nextKey = () => `desk-key-${(serial += 1)}-${Date.now()}`;

function admin(
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; key?: string | null; payload?: object; host?: string } = {},
) {
  const { cookie = owner, key = nextKey(), payload, host = 'localhost' } = options;
  return t.app.inject({
    method,
    url: `/api/v2/admin${url}`,
    headers: {
      host,
      ...(cookie ? { cookie } : {}),
      ...(method === 'POST' && key !== null ? { 'idempotency-key': key } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
}

async function openOrder(player: TestPlayer, amount = '100000'): Promise<{ code: string; payload: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: player.cookie, 'idempotency-key': nextKey() },
    payload: { provider: 'askmebet', amount },
  });
  expect(res.statusCode).toBe(201);
  return { code: res.json().order.code, payload: res.json().qr.payload };
}

/** Pays through the sandbox bank over HTTP, so its webhook comes back to this server. */
async function payAtBank(payload: string, amount?: string) {
  const response = await fetch(`${origin}/sandbox/bank/api/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payload, ...(amount ? { amount } : {}) }),
  });
  expect(response.status).toBe(201);
}

/** A signed webhook delivery of a payment of the bill at paidAt. */
async function deliver(billNumber: string, amount: string, paidAt = new Date()) {
  const transactionId = `TXD${Math.random().toString(36).slice(2)}`;
  const event: PaymentPaidEventBody = {
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: paidAt.toISOString() },
  };
  const raw = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, SECRET) },
    payload: raw,
  });
  expect(res.statusCode).toBe(200);
  return transactionId;
}

async function unmatchedId(transactionId: string): Promise<string> {
  const row = await t.db
    .selectFrom('deposit_unmatched_payments')
    .select('id')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A payment of the wrong amount for a new player's order, through the sandbox bank; its unmatched id. */
async function wrongAmountPayment(kip = '123456'): Promise<{ player: TestPlayer; code: string; id: string; transactionId: string }> {
  const player = await createTestPlayerWithBank(t.db, agencyId);
  const order = await openOrder(player);
  await payAtBank(order.payload, kip);
  const row = await t.db
    .selectFrom('deposit_unmatched_payments')
    .select(['id', 'transaction_id'])
    .where('bill_number', '=', order.code)
    .executeTakeFirstOrThrow();
  return { player, code: order.code, id: row.id, transactionId: row.transaction_id };
}

const unallocated = () => balanceOf(t.db, agencyId, { kind: 'unallocated_payments', currency: 'LAK' });
const creditAt = async (player: TestPlayer) =>
  (await t.app.inject({ url: '/api/v2/players/credits/askmebet', headers: { cookie: player.cookie } })).json().credit.amount;
const auditOf = (action: string) =>
  t.db.selectFrom('operator_audit_log').selectAll().where('agency_id', '=', agencyId).where('action', '=', action).execute();

/** A deposit stuck PAID: the provider was down when it was paid, a while ago, as the review finds it. */
async function stuckDeposit(): Promise<{ player: TestPlayer; code: string; transactionId: string }> {
  const player = await createTestPlayerWithBank(t.db, agencyId);
  const order = await openOrder(player, '64000');
  const down = await t.app.inject({
    method: 'POST',
    url: '/sandbox/providers/askmebet/faults',
    payload: { mode: 'error', operations: ['createMember', 'transfer'] },
  });
  expect(down.statusCode).toBe(204);
  await payAtBank(order.payload);
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
  const paid = await t.db
    .updateTable('deposit_orders')
    .set({ paid_at: sql<Date>`now() - interval '10 minutes'` })
    .where('code', '=', order.code)
    .returning('transaction_id')
    .executeTakeFirstOrThrow();
  expect((await admin('GET', `/deposits/${order.code}`)).json().deposit).toMatchObject({ status: 'PAID', stuck: true });
  return { player, code: order.code, transactionId: paid.transaction_id! };
}

describe('searching deposits', () => {
  it('filters by code, player, status and Vientiane day, and opens a deposit with its QR, events and transfers', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId, 'KHAMLA');
    const order = await openOrder(player);
    await payAtBank(order.payload);

    const byCode = await admin('GET', `/deposits?code=${order.code.slice(3, 12).toLowerCase()}`);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().items.map((d: { code: string }) => d.code)).toEqual([order.code]);
    const byPlayer = (await admin('GET', `/deposits?player=${player.username}`)).json();
    expect(byPlayer).toMatchObject({ total: 1, items: [{ code: order.code, player: player.username, status: 'SUCCESS', stuck: false }] });
    expect((await admin('GET', `/deposits?player=${player.username}&status=OPEN`)).json().total).toBe(0);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
    expect((await admin('GET', `/deposits?player=${player.username}&from=${today}&to=${today}`)).json().total).toBe(1);
    expect((await admin('GET', `/deposits?player=${player.username}&to=2020-01-01`)).json().total).toBe(0);
    expect((await admin('GET', '/deposits?from=yesterday')).statusCode).toBe(400);
    expect((await admin('GET', '/deposits?to=2026-02-30')).json().code).toBe('VALIDATION_ERROR');

    const detail = await admin('GET', `/deposits/${order.code}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.qrPayload).toBe(order.payload);
    expect(body.webhookEvents).toHaveLength(1);
    expect(body.webhookEvents[0]).toMatchObject({ amount: '100000' });
    expect(body.transfers.map((tr: { kind: string }) => tr.kind)).toEqual(['DEPOSIT_PAYMENT', 'DEPOSIT_CREDIT']);
    expect(body.transfers[0].entries).toContainEqual({ account: 'agency_cash', currency: 'LAK', amount: '100000' });
  });

  it('answers 404 for another agency, 401 without a session, and serves staff', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const order = await openOrder(player);
    expect((await admin('GET', `/deposits/${order.code}`, { cookie: otherOwner, host: OTHER })).statusCode).toBe(404);
    expect((await admin('GET', `/deposits?code=${order.code}`, { cookie: otherOwner, host: OTHER })).json().total).toBe(0);
    expect((await admin('GET', '/deposits', { cookie: '' })).statusCode).toBe(401);
    expect((await admin('GET', `/deposits/${order.code}`, { cookie: staff })).statusCode).toBe(200);
  });
});

describe('unmatched payments', () => {
  it('credits a chosen player at the rate in force when it was paid, once, moving it out of unallocated_payments', async () => {
    const payer = await createTestPlayerWithBank(t.db, agencyId);
    const order = await openOrder(payer);
    const paidAt = new Date();
    const transactionId = await deliver(order.code, '123456', paidAt);
    const id = await unmatchedId(transactionId);
    await setRate(t.db, agencyId, 'THB', '700', '800', 'test');
    try {
      const listed = (await admin('GET', '/deposits/unmatched')).json().items.find((p: { id: string }) => p.id === id);
      const expected = formatAmount(convertAt('DEPOSIT', 123456n, { buy: '640', sell: '640' }, 'THB'), 'THB');
      expect(listed).toMatchObject({ rate: '640', credit: expected, amount: '123456', status: 'UNRESOLVED' });

      const target = await createTestPlayerWithBank(t.db, agencyId);
      const before = await unallocated();
      const key = nextKey();
      const body = { playerId: target.id, provider: 'askmebet', reason: 'paid the wrong amount, confirmed by phone' };
      const res = await admin('POST', `/deposits/unmatched/${id}/credit`, { key, payload: body });
      expect(res.statusCode).toBe(200);
      expect(res.json().payment).toMatchObject({ status: 'RESOLVED', resolution: 'CREDITED', resolvedBy: 'desk-owner' });
      expect(await unallocated()).toBe(before + 123456n);
      expect(await creditAt(target)).toBe(expected);

      const deposit = (await admin('GET', `/deposits/${res.json().payment.creditedDeposit}`)).json();
      expect(deposit.deposit).toMatchObject({ status: 'SUCCESS', rate: '640', credit: expected, player: target.username });
      expect(deposit.fromUnmatchedPayment).toBe(id);
      expect(deposit.webhookEvents).toEqual([expect.objectContaining({ transactionId, amount: '123456' })]);
      expect(deposit.transfers.map((tr: { kind: string }) => tr.kind)).toEqual([
        'UNMATCHED_PAYMENT',
        'UNMATCHED_PAYMENT_CREDIT',
        'DEPOSIT_CREDIT',
      ]);

      const replay = await admin('POST', `/deposits/unmatched/${id}/credit`, { key, payload: body });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(res.json());
      const again = await admin('POST', `/deposits/unmatched/${id}/credit`, { payload: body });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PAYMENT_ALREADY_RESOLVED');
      const refundAfter = await admin('POST', `/deposits/unmatched/${id}/refund`, { payload: { reason: 'changed my mind' } });
      expect(refundAfter.json().code).toBe('PAYMENT_ALREADY_RESOLVED');
      expect(await unallocated()).toBe(before + 123456n);
      expect(await creditAt(target)).toBe(expected);
      const audit = await auditOf('CREDIT_UNMATCHED_PAYMENT');
      expect(audit.filter((row) => row.target === transactionId)).toHaveLength(1);
      expect(audit.find((row) => row.target === transactionId)?.reason).toBe(body.reason);
    } finally {
      await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
    }
  });

  it('refunds the payer through the sandbox gateway, by the payment reference, once', async () => {
    const { id, transactionId } = await wrongAmountPayment('150000');
    const before = await unallocated();
    const key = nextKey();
    const res = await admin('POST', `/deposits/unmatched/${id}/refund`, { key, payload: { reason: 'payer asked for it back' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      payment: { status: 'RESOLVED', resolution: 'REFUNDED' },
      refund: { ref: `refund-${transactionId}`, amount: '150000', status: 'PAID' },
    });
    expect(await unallocated()).toBe(before + 150000n);
    const atBank = await t.db.selectFrom('sandbox_bank_refunds').selectAll().where('ref', '=', `refund-${transactionId}`).execute();
    expect(atBank).toHaveLength(1);
    expect(atBank[0].amount_kip).toBe('150000');

    const replay = await admin('POST', `/deposits/unmatched/${id}/refund`, { key, payload: { reason: 'payer asked for it back' } });
    expect(replay.json()).toEqual(res.json());
    const conflict = await admin('POST', `/deposits/unmatched/${id}/refund`, { key, payload: { reason: 'another reason' } });
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await unallocated()).toBe(before + 150000n);
    expect(await t.db.selectFrom('sandbox_bank_refunds').selectAll().where('ref', '=', `refund-${transactionId}`).execute()).toHaveLength(
      1,
    );
  });

  it('refuses bad input and changes nothing', async () => {
    const { id } = await wrongAmountPayment('99000');
    const target = await createTestPlayerWithBank(t.db, agencyId);
    const foreign = await createTestPlayerWithBank(t.db, otherId);
    const before = await unallocated();
    const cases: Array<[object, string | null, number, string]> = [
      [{ playerId: target.id, provider: 'nowhere', reason: 'valid reason' }, nextKey(), 400, 'UNKNOWN_PROVIDER'],
      [{ playerId: foreign.id, provider: 'askmebet', reason: 'valid reason' }, nextKey(), 404, 'NOT_FOUND'],
      [{ playerId: target.id, provider: 'askmebet' }, nextKey(), 400, 'VALIDATION_ERROR'],
      [{ playerId: target.id, provider: 'askmebet', reason: 'valid reason' }, null, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
    ];
    for (const [payload, key, status, code] of cases) {
      const res = await admin('POST', `/deposits/unmatched/${id}/credit`, { key, payload });
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    const otherAgency = await admin('POST', `/deposits/unmatched/${id}/refund`, {
      cookie: otherOwner,
      host: OTHER,
      payload: { reason: 'not mine' },
    });
    expect(otherAgency.statusCode).toBe(404);
    expect((await admin('POST', `/deposits/unmatched/${id}/refund`, { payload: { reason: 'x' } })).statusCode).toBe(400);
    expect(await unallocated()).toBe(before);
    expect((await admin('GET', '/deposits/unmatched')).json().items.find((p: { id: string }) => p.id === id)).toMatchObject({
      status: 'UNRESOLVED',
    });
    expect(await creditAt(target)).toBe('0.00');
  });
});

describe('deposits stuck PAID', () => {
  it('retries the credit, once for a key, audited', async () => {
    const { player, code } = await stuckDeposit();
    const key = nextKey();
    const res = await admin('POST', `/deposits/${code}/retry-credit`, { key, payload: { reason: 'provider is back' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ code, status: 'SUCCESS', stuck: false });
    expect(await creditAt(player)).toBe('100.00');
    const replay = await admin('POST', `/deposits/${code}/retry-credit`, { key, payload: { reason: 'provider is back' } });
    expect(replay.json()).toEqual(res.json());
    expect((await admin('POST', `/deposits/${code}/retry-credit`, { payload: { reason: 'again please' } })).json().code).toBe(
      'DEPOSIT_NOT_STUCK',
    );
    expect(await creditAt(player)).toBe('100.00');
    expect((await auditOf('RETRY_DEPOSIT_CREDIT')).filter((row) => row.target === code)).toHaveLength(1);
  });

  it('refunds the payer through the gateway and reverses what was owed to the player', async () => {
    const { player, code } = await stuckDeposit();
    const owed = () => balanceOf(t.db, agencyId, { kind: 'owed_to_player', playerId: player.id, currency: 'THB' });
    expect(await owed()).toBe(100_00n);
    const res = await admin('POST', `/deposits/${code}/refund`, { payload: { reason: 'player wants the money back' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'FAILED', failureCode: 'REFUNDED' });
    expect(await owed()).toBe(0n);
    const detail = (await admin('GET', `/deposits/${code}`)).json();
    expect(detail.refund).toMatchObject({ status: 'PAID', amount: '64000' });
    expect(detail.transfers.map((tr: { kind: string }) => tr.kind)).toContain('PAYMENT_REFUND');
    expect((await admin('POST', `/deposits/${code}/refund`, { payload: { reason: 'twice' } })).json().code).toBe('DEPOSIT_NOT_STUCK');
    expect((await admin('POST', `/deposits/${code}/retry-credit`, { payload: { reason: 'after refund' } })).json().code).toBe(
      'DEPOSIT_NOT_STUCK',
    );
    expect(await creditAt(player)).toBe('0.00');
  });

  it('refuses a deposit of another agency (404) and one that is not PAID (409)', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const order = await openOrder(player);
    expect(
      (await admin('POST', `/deposits/${order.code}/refund`, { cookie: otherOwner, host: OTHER, payload: { reason: 'not ours' } }))
        .statusCode,
    ).toBe(404);
    expect((await admin('POST', `/deposits/${order.code}/retry-credit`, { payload: { reason: 'still open' } })).json().code).toBe(
      'DEPOSIT_NOT_STUCK',
    );
  });
});

describe('races in the deposit review, on real PostgreSQL', () => {
  const ROUNDS = 10;
  // Ten rounds of a race, each through the provider and the bank, outlast one test's usual cap on a busy machine.
  const RACE_TIMEOUT_MS = ROUNDS * 10_000;

  const refundsAtBank = (transactionId: string) =>
    t.db.selectFrom('sandbox_bank_refunds').selectAll().where('ref', '=', `refund-${transactionId}`).execute();

  /** Exactly one of the credit and the refund happened, at the provider and at the bank alike, and the order says which. */
  async function exactlyOneOutcome({ player, code, transactionId }: { player: TestPlayer; code: string; transactionId: string }) {
    const deposit = (await admin('GET', `/deposits/${code}`)).json().deposit;
    const refunds = await refundsAtBank(transactionId);
    const credit = await creditAt(player);
    if (deposit.status === 'SUCCESS') {
      expect(refunds).toHaveLength(0);
      expect(credit).toBe('100.00');
    } else {
      expect(deposit).toMatchObject({ status: 'FAILED', failureCode: 'REFUNDED' });
      expect(refunds).toHaveLength(1);
      expect(credit).toBe('0.00');
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
    return deposit.status as string;
  }

  it(
    'a stuck PAID deposit retried by one operator and refunded by another at once: exactly one takes effect, the other gets 409',
    async () => {
      const second = await loggedInOperator(t, agencyId, { username: 'desk-second-owner' });
      for (let round = 0; round < ROUNDS; round += 1) {
        const stuck = await stuckDeposit();
        const [retry, refund] = await racing(t, () =>
          Promise.all([
            admin('POST', `/deposits/${stuck.code}/retry-credit`, { payload: { reason: 'provider is back' } }),
            admin('POST', `/deposits/${stuck.code}/refund`, { cookie: second, payload: { reason: 'player asked for the money' } }),
          ]),
        );
        expect([retry.statusCode, refund.statusCode].sort()).toEqual([200, 409]);
        const loser = retry.statusCode === 409 ? retry : refund;
        expect(loser.json().code).toBe('DEPOSIT_NOT_STUCK');
        const status = await exactlyOneOutcome(stuck);
        expect(status).toBe(retry.statusCode === 200 ? 'SUCCESS' : 'FAILED');
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'a stuck PAID deposit refunded while the reconciler credits it: one of the two, never both',
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const stuck = await stuckDeposit();
        const [refund] = await racing(t, () =>
          Promise.all([
            admin('POST', `/deposits/${stuck.code}/refund`, { payload: { reason: 'player asked for the money' } }),
            reconcilePendingTransfers({ db: t.db, providers: t.app.providers }, { olderThanMs: 0 }),
          ]),
        );
        const status = await exactlyOneOutcome(stuck);
        if (refund.statusCode === 200) expect(status).toBe('FAILED');
        else {
          expect(refund.json().code).toBe('DEPOSIT_NOT_STUCK');
          expect(status).toBe('SUCCESS');
        }
      }
    },
    RACE_TIMEOUT_MS,
  );

  // On the server tests' pool of one connection: a credit whose transaction took a second one would wait for ever.
  it('8 parallel credits of different unmatched payments all answer 200, each crediting its player once', async () => {
    const payments = await Promise.all(Array.from({ length: 8 }, () => wrongAmountPayment()));
    const targets = await Promise.all(payments.map(() => createTestPlayerWithBank(t.db, agencyId)));
    const answers = await Promise.all(
      payments.map(({ id }, index) =>
        admin('POST', `/deposits/unmatched/${id}/credit`, {
          payload: { playerId: targets[index].id, provider: 'askmebet', reason: 'confirmed by phone' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    const expected = formatAmount(convertAt('DEPOSIT', 123456n, { buy: '640', sell: '640' }, 'THB'), 'THB');
    for (const target of targets) expect(await creditAt(target)).toBe(expected);
  });
});
