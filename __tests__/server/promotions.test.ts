import { randomUUID } from 'node:crypto';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { sql } from 'kysely';
import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { createTestPlayer, createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { createTestPromotion, fundTestBonusPool } from '../support/promotions';
import { loadConfig } from '../../server/config';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import { setReceivingAccount } from '../../server/domain/deposits';
import { setRate } from '../../server/domain/agencies';
import { balanceOf, postTransfer, type AccountRef } from '../../server/domain/ledger';
import { ensureMember } from '../../server/domain/providerWallets';
import { reconcilePendingTransfers } from '../../server/domain/reconciler';
import { payOut, rejectWithdrawal, requestWithdrawal, type WithdrawalDeps } from '../../server/domain/withdrawals';
import { rigSpins, spin } from '../../server/sandbox/providers/books';
import type { Promotion, PromotionUsage } from '../../contract/promotions';
import type { Provider } from '../../contract/providers';

const SECRET = 'promotion-test-webhook-secret-7';
const OTHER_HOST = 'other-agency.example';
let t: TestApp;
let deps: WithdrawalDeps;
let agencyId: string;
let otherAgencyId: string;

beforeAll(async () => {
  const defaults = loadConfig({});
  // Withdrawals from 1 THB, none paid out automatically: each test decides what happens to one.
  t = await buildTestApp({
    laoqrWebhookSecret: SECRET,
    providerTimeoutMs: 1500,
    withdrawals: { ...defaults.withdrawals, minSatang: 1_00n, autoApproveSatang: 0n, dailyLimit: 50 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.db, providers: t.app.providers, gateway: t.app.laoqrGateway, defaults: t.config.withdrawals };
  agencyId = (await createTestAgency(t, 'promotions', ['localhost', '127.0.0.1'])).id;
  otherAgencyId = (await createTestAgency(t, 'other', [OTHER_HOST])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  await fundTestBonusPool(t.db, agencyId, 10_000_00n);
});
afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
});
afterAll(() => t.close());

const POOL: AccountRef = { kind: 'bonus_pool', currency: 'THB' };
const pool = () => balanceOf(t.db, agencyId, POOL);

const playerWithBank = (agency = agencyId) => createTestPlayerWithBank(t.db, agency);

const post = (player: TestPlayer, url: string, payload?: object, host = 'localhost') =>
  t.app.inject({ method: 'POST', url, headers: { host, cookie: player.cookie }, ...(payload === undefined ? {} : { payload }) });
const get = (player: TestPlayer, url: string, host = 'localhost') =>
  t.app.inject({ method: 'GET', url, headers: { host, cookie: player.cookie } });

const use = (player: TestPlayer, promotionId: string, providerId: string = 'askmebet') =>
  post(player, '/api/v2/promotions/use', { promotionId, providerId });

async function using(player: TestPlayer): Promise<PromotionUsage | null> {
  const res = await get(player, '/api/v2/players/promotions/using');
  expect(res.statusCode).toBe(200);
  return res.json().usage;
}

async function taken(player: TestPlayer, promotion: Promotion, provider: Provider = 'askmebet'): Promise<PromotionUsage> {
  const res = await use(player, promotion.id, provider);
  expect(res.statusCode).toBe(200);
  expect(res.json().usage).toMatchObject({ status: 'ACTIVE', promotionId: promotion.id, provider });
  return res.json().usage;
}

let keySerial = 0;
function createDeposit(player: TestPlayer, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: player.cookie, 'idempotency-key': `promo-key-${++keySerial}` },
    payload: body,
  });
}

function deliver(billNumber: string, amount: string, transactionId = `TX${randomUUID()}`) {
  const event: PaymentPaidEventBody = {
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber, amount, currency: 'LAK', transactionId, paidAt: new Date().toISOString() },
  };
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { 'content-type': 'application/json', ...signWebhook(raw, SECRET, new Date()) },
    payload: raw,
  });
}

/** Orders and pays a deposit through the webhook; returns the order code. */
async function depositPaid(player: TestPlayer, amount = '64000', provider: Provider = 'askmebet', extra: object = {}): Promise<string> {
  const res = await createDeposit(player, { provider, amount, ...extra });
  expect(res.statusCode).toBe(201);
  const code: string = res.json().order.code;
  expect((await deliver(code, amount)).statusCode).toBe(200);
  return code;
}

/** Takes the promotion and pays its deposit: the usage is USED with the bonus at the provider. */
async function usedPromotion(player: TestPlayer, promotion: Promotion, provider: Provider = 'askmebet'): Promise<PromotionUsage> {
  await taken(player, promotion, provider);
  await depositPaid(player, promotion.depositAmount, provider);
  const usage = await using(player);
  expect(usage?.status).toBe('USED');
  return usage!;
}

async function creditOf(player: TestPlayer, provider: Provider = 'askmebet'): Promise<string> {
  const res = await get(player, `/api/v2/players/credits/${provider}`);
  expect(res.statusCode).toBe(200);
  return res.json().credit.amount;
}

const giveCredit = (player: TestPlayer, satang: bigint, provider: Provider = 'askmebet') =>
  fundTestCredit(deps, agencyId, player.id, satang, provider);

async function memberOf(player: TestPlayer, provider: Provider = 'askmebet') {
  return ensureMember(deps, { agencyId, playerId: player.id, provider });
}

/** The player's wallet at the sandbox provider becomes this (as wins and losses would make it). */
async function setSandboxCredit(player: TestPlayer, satang: bigint, provider: Provider = 'askmebet') {
  const member = await memberOf(player, provider);
  await t.db
    .updateTable('sandbox_provider_wallets')
    .set({ balance: satang })
    .where('provider', '=', provider)
    .where('member', '=', member)
    .execute();
}

/** Bets `stake` satang at the sandbox slot on losing reels, so the stake is turnover and the credit falls by it. */
async function bet(player: TestPlayer, stake: bigint, provider: Provider = 'askmebet') {
  const member = await memberOf(player, provider);
  await rigSpins(t.db, provider, member, [['SEVEN', 'STAR', 'HEART']]);
  const result = await spin(t.db, { provider, member, gameCode: 'champa-slot', language: 'lo' }, 'champa-slot', stake);
  expect(result.payout).toBe(0n);
}

async function usageRow(usageId: string) {
  return t.db.selectFrom('promotion_usages').selectAll().where('id', '=', usageId).executeTakeFirstOrThrow();
}

describe('the promotions list and one promotion', () => {
  it('lists only the live promotions of the agency and shows any of its own by id', async () => {
    const player = await playerWithBank();
    const live = await createTestPromotion(t.db, agencyId, { sortOrder: -10 });
    const off = await createTestPromotion(t.db, agencyId, { status: 'INACTIVE' });
    const over = await createTestPromotion(t.db, agencyId, {
      startsAt: new Date(Date.now() - 7_200_000),
      endsAt: new Date(Date.now() - 3_600_000),
    });
    const later = await createTestPromotion(t.db, agencyId, { startsAt: new Date(Date.now() + 3_600_000) });
    const elsewhere = await createTestPromotion(t.db, otherAgencyId);

    const list = await get(player, '/api/v2/promotions');
    expect(list.statusCode).toBe(200);
    const ids = list.json().promotions.map((promotion: Promotion) => promotion.id);
    expect(ids[0]).toBe(live.id);
    for (const hidden of [off, over, later, elsewhere]) expect(ids).not.toContain(hidden.id);
    expect(list.json().promotions[0]).toEqual(live);
    expect(live).toMatchObject({
      bonus: { kind: 'PERCENT', percent: 100, cap: '1000.00' },
      depositAmount: '64000',
      minBalance: '50.00',
      creditThreshold: '10.00',
    });

    expect((await get(player, `/api/v2/promotions/${off.id}`)).json().promotion).toEqual(off);
    for (const id of [elsewhere.id, randomUUID(), 'not-a-uuid']) {
      const res = await get(player, `/api/v2/promotions/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // A visitor sees the same live list (the lobby's teasers and the footer), by the agency of the host.
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v2/promotions', headers: { host: 'localhost' } });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().promotions).toEqual(list.json().promotions);
  });
});

describe('taking a promotion', () => {
  it('refuses by each rule in order, with its code, and takes nothing', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { providers: ['askmebet', 'betflix'] });
    const player = await playerWithBank();
    const expectRefused = async (res: Awaited<ReturnType<typeof use>>, status: number, code: string) => {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    };

    await expectRefused(await use(player, promotion.id, 'nope'), 400, 'UNKNOWN_PROVIDER');
    await expectRefused(await use(player, randomUUID()), 404, 'NOT_FOUND');
    await expectRefused(await use(player, 'not-a-uuid'), 404, 'NOT_FOUND');
    await expectRefused(await use(player, (await createTestPromotion(t.db, otherAgencyId)).id), 404, 'NOT_FOUND');

    const blocked = await playerWithBank();
    await t.db.updateTable('players').set({ blocked: true }).where('id', '=', blocked.id).execute();
    await expectRefused(await use(blocked, promotion.id), 403, 'PLAYER_BLOCKED');

    await expectRefused(await use(await createTestPlayer(t.db, agencyId), promotion.id), 409, 'BANK_ACCOUNT_REQUIRED');

    for (const closed of [
      await createTestPromotion(t.db, agencyId, { status: 'INACTIVE' }),
      await createTestPromotion(t.db, agencyId, { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 1000) }),
      await createTestPromotion(t.db, agencyId, { startsAt: new Date(Date.now() + 3_600_000) }),
    ]) {
      await expectRefused(await use(player, closed.id), 409, 'PROMOTION_INACTIVE');
    }
    await expectRefused(await use(player, promotion.id, 'gclub'), 422, 'PROMOTION_PROVIDER_NOT_ALLOWED');

    const first = await createTestPromotion(t.db, agencyId, { firstOrderOnly: true });
    const depositor = await playerWithBank();
    await depositPaid(depositor, '64000');
    await expectRefused(await use(depositor, first.id), 409, 'PROMOTION_ONLY_FOR_FIRST_ORDER');

    const ordering = await playerWithBank();
    expect((await createDeposit(ordering, { provider: 'askmebet', amount: '64000' })).statusCode).toBe(201);
    await expectRefused(await use(ordering, promotion.id), 409, 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN');

    const rich = await playerWithBank();
    await giveCredit(rich, 10_00n);
    await expectRefused(await use(rich, promotion.id), 409, 'PROMOTION_CREDIT_USED');
    await giveCredit(rich, 5_00n, 'betflix');
    // The threshold is about the provider taken: 5 THB at betflix is below it.
    await taken(rich, promotion, 'betflix');

    expect(
      await t.db
        .selectFrom('promotion_usages')
        .select('id')
        .where('player_id', 'in', [player.id, blocked.id, depositor.id, ordering.id])
        .execute(),
    ).toEqual([]);

    await taken(player, promotion);
    await expectRefused(await use(player, promotion.id), 409, 'PROMOTION_USAGE');
    await expectRefused(await use(player, first.id), 409, 'PROMOTION_USAGE');
  });

  it('refuses a promotion the player already had the bonus of, even after cancelling it', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    expect((await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId })).statusCode).toBe(200);
    const again = await use(player, promotion.id);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 409, code: 'PROMOTION_ALREADY_USED' });

    // Cancelled before any deposit: no bonus was had, so it may be taken again.
    await setSandboxCredit(player, 0n);
    const other = await createTestPromotion(t.db, agencyId);
    const first = await taken(player, other);
    expect((await post(player, '/api/v2/promotions/usages/cancel', { usageId: first.usageId })).json().usage.status).toBe('CANCELED');
    await taken(player, other);
  });

  it('gives exactly one usage to two use calls racing each other', async () => {
    const [a, b] = [await createTestPromotion(t.db, agencyId), await createTestPromotion(t.db, agencyId)];
    const player = await playerWithBank();
    const results = await racing(t, () => Promise.all([use(player, a.id), use(player, b.id), use(player, a.id)]));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('PROMOTION_USAGE');
    expect(await t.db.selectFrom('promotion_usages').select('id').where('player_id', '=', player.id).execute()).toHaveLength(1);
  });
});

describe('a deposit with a promotion', () => {
  it('must be for the provider and the set amount, with the credit below the threshold', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const refused = async (body: object, status: number, code: string) => {
      const res = await createDeposit(player, body);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    };
    await refused({ provider: 'askmebet', amount: '64000', promotionId: promotion.id }, 409, 'PROMOTION_INACTIVE');
    const usage = await taken(player, promotion);
    await refused({ provider: 'betflix', amount: '64000' }, 409, 'PROMOTION_USAGE');
    await refused({ provider: 'askmebet', amount: '64001' }, 409, 'PROMOTION_DEPOSIT_AMOUNT');
    await refused(
      { provider: 'askmebet', amount: '64000', promotionId: (await createTestPromotion(t.db, agencyId)).id },
      409,
      'PROMOTION_USAGE',
    );
    await giveCredit(player, 10_00n);
    await refused({ provider: 'askmebet', amount: '64000' }, 409, 'PROMOTION_CREDIT_USED');
    await setSandboxCredit(player, 9_99n);
    expect(await t.db.selectFrom('deposit_orders').select('id').where('player_id', '=', player.id).execute()).toEqual([]);

    const res = await createDeposit(player, { provider: 'askmebet', amount: '64000', promotionId: promotion.id });
    expect(res.statusCode).toBe(201);
    expect((await using(player))?.depositCode).toBe(res.json().order.code);
    // A cancelled order leaves the promotion taken, for the next deposit.
    expect((await post(player, `/api/v2/deposits/${res.json().order.code}/cancel`)).statusCode).toBe(200);
    expect(await using(player)).toMatchObject({ usageId: usage.usageId, status: 'ACTIVE', depositCode: null });
  });

  it('credits the deposit and its bonus once: from the bonus pool to the provider, shown in the history', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { turnoverMultiple: 3 });
    const player = await playerWithBank();
    await taken(player, promotion);
    const poolBefore = await pool();
    const res = await createDeposit(player, { provider: 'askmebet', amount: '64000' });
    const code = res.json().order.code;
    const transactionId = `TX${randomUUID()}`;
    expect((await deliver(code, '64000', transactionId)).statusCode).toBe(200);
    expect((await deliver(code, '64000', transactionId)).statusCode).toBe(200);
    expect((await deliver(code, '64000')).statusCode).toBe(200);

    expect(await creditOf(player)).toBe('200.00');
    expect(await pool()).toBe(poolBefore - 100_00n);
    expect(await balanceOf(t.db, agencyId, { kind: 'player_credit', playerId: player.id, provider: 'askmebet' })).toBe(200_00n);
    expect(await balanceOf(t.db, agencyId, { kind: 'owed_to_player', playerId: player.id, currency: 'THB' })).toBe(0n);
    const bonusTransfers = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'PROMOTION_BONUS')
      .where(sql<boolean>`refs->>'deposit' = ${code}`)
      .execute();
    expect(bonusTransfers).toHaveLength(1);

    const history = await get(player, '/api/v2/deposits');
    expect(history.json().items[0]).toMatchObject({
      code,
      status: 'SUCCESS',
      credit: '100.00',
      promoCredit: '100.00',
      creditedTotal: '200.00',
    });
    expect(await using(player)).toMatchObject({
      status: 'USED',
      depositCode: code,
      depositCredit: '100.00',
      bonus: '100.00',
      creditReceived: '200.00',
      turnoverRequired: '600.00',
      turnover: '0.00',
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('credits the bonus exactly once through the reconciler when the provider was down at payment', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { bonus: { kind: 'FIXED', amountSatang: 50_00n } });
    const player = await playerWithBank();
    await taken(player, promotion);
    const code = (await createDeposit(player, { provider: 'askmebet', amount: '64000' })).json().order.code;
    const poolBefore = await pool();
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/providers/askmebet/faults', payload: { mode: 'error' } })).statusCode).toBe(
      204,
    );
    await deliver(code, '64000');
    expect(
      await t.db.selectFrom('deposit_orders').select(['status', 'promo_credit_satang']).where('code', '=', code).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'PAID', promo_credit_satang: '5000' });
    await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
    await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(await creditOf(player)).toBe('150.00');
    expect(await pool()).toBe(poolBefore - 50_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('credits the deposit without the bonus when the bonus pool cannot cover it, and ends the usage', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    await taken(player, promotion);
    const code = (await createDeposit(player, { provider: 'askmebet', amount: '64000' })).json().order.code;
    const held = await pool();
    const move = (amount: bigint, key: string) =>
      t.db.transaction().execute((trx) =>
        postTransfer(trx, {
          agencyId,
          key,
          kind: 'TEST_POOL',
          entries: [
            { account: POOL, amount },
            { account: { kind: 'capital', currency: 'THB' }, amount: -amount },
          ],
        }),
      );
    await move(-(held - 99_99n), `drain-${code}`);
    try {
      await deliver(code, '64000');
      expect(await creditOf(player)).toBe('100.00');
      expect(await pool()).toBe(99_99n);
      expect(await using(player)).toBeNull();
      const history = await get(player, '/api/v2/promotions/usages');
      expect(history.json().items[0]).toMatchObject({ status: 'INACTIVE', endReason: 'PROMOTION_ENDED', bonus: null });
      expect((await get(player, '/api/v2/deposits')).json().items[0]).toMatchObject({ code, status: 'SUCCESS', promoCredit: null });
    } finally {
      await move(held - 99_99n, `refill-${code}`);
    }
  });

  it('with a promotion in use: refused at another provider or above the threshold, and below it the usage ends', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    const elsewhere = await createDeposit(player, { provider: 'betflix', amount: '64000' });
    expect({ status: elsewhere.statusCode, code: elsewhere.json().code }).toEqual({ status: 409, code: 'PROMOTION_USAGE' });
    const same = await createDeposit(player, { provider: 'askmebet', amount: '100000' });
    expect({ status: same.statusCode, code: same.json().code }).toEqual({ status: 409, code: 'PROMOTION_CREDIT_USED' });
    expect((await usageRow(usage.usageId)).status).toBe('USED');

    await bet(player, 195_00n);
    expect(await creditOf(player)).toBe('5.00');
    const next = await createDeposit(player, { provider: 'askmebet', amount: '100000' });
    expect(next.statusCode).toBe(201);
    expect(await usageRow(usage.usageId)).toMatchObject({ status: 'SUCCESS', end_reason: 'CREDIT_BELOW_THRESHOLD' });
    expect(await using(player)).toBeNull();
  });
});

describe('recheck', () => {
  it('ends a usage whose turnover is met (bets after the bonus only), and keeps the turnover so far otherwise', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { turnoverMultiple: 2 });
    const player = await playerWithBank();
    await giveCredit(player, 5_00n);
    await bet(player, 5_00n);
    await usedPromotion(player, promotion);
    await setSandboxCredit(player, 1000_00n);
    await bet(player, 150_00n);
    const partly = await post(player, '/api/v2/promotions/usages/recheck');
    expect(partly.statusCode).toBe(200);
    expect(partly.json().usage).toMatchObject({ status: 'USED', turnover: '150.00', turnoverRequired: '400.00' });
    await bet(player, 250_00n);
    const met = await post(player, '/api/v2/promotions/usages/recheck');
    expect(met.json().usage).toMatchObject({ status: 'SUCCESS', endReason: 'TURNOVER_MET', turnover: '400.00' });
    expect(await using(player)).toBeNull();
    expect((await post(player, '/api/v2/promotions/usages/recheck')).json()).toEqual({ usage: null });
  });

  it('ends a usage whose credit fell below the threshold', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    await usedPromotion(player, promotion);
    await bet(player, 190_01n);
    const res = await post(player, '/api/v2/promotions/usages/recheck');
    expect(res.json().usage).toMatchObject({ status: 'SUCCESS', endReason: 'CREDIT_BELOW_THRESHOLD', turnover: '190.01' });
  });

  it('answers 503 and changes nothing while the provider does not answer', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    await bet(player, 195_00n);
    const before = await usageRow(usage.usageId);
    await t.app.inject({ method: 'POST', url: '/sandbox/providers/askmebet/faults', payload: { mode: 'error' } });
    const res = await post(player, '/api/v2/promotions/usages/recheck');
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 503, code: 'PROVIDER_UNAVAILABLE' });
    expect(await usageRow(usage.usageId)).toEqual(before);
  });

  it('ends a taken promotion that was switched off, unless its deposit is open', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    await taken(player, promotion);
    const code = (await createDeposit(player, { provider: 'askmebet', amount: '64000' })).json().order.code;
    await t.db.updateTable('promotions').set({ status: 'INACTIVE' }).where('id', '=', promotion.id).execute();
    expect((await post(player, '/api/v2/promotions/usages/recheck')).json().usage.status).toBe('ACTIVE');
    await post(player, `/api/v2/deposits/${code}/cancel`);
    expect((await post(player, '/api/v2/promotions/usages/recheck')).json().usage).toMatchObject({
      status: 'INACTIVE',
      endReason: 'PROMOTION_ENDED',
    });
  });
});

describe('cancel', () => {
  it('cancels a taken promotion unless its deposit order is open; a second cancel is refused', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const usage = await taken(player, promotion);
    const code = (await createDeposit(player, { provider: 'askmebet', amount: '64000' })).json().order.code;
    const open = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect({ status: open.statusCode, code: open.json().code }).toEqual({ status: 409, code: 'OPEN_ORDER' });
    await post(player, `/api/v2/deposits/${code}/cancel`);
    const cancelled = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect(cancelled.json().usage).toMatchObject({ status: 'CANCELED', endReason: 'CANCELED' });
    const twice = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect({ status: twice.statusCode, code: twice.json().code }).toEqual({ status: 409, code: 'PROMOTION_USAGE_NOT_CANCELABLE' });
  });

  it('takes the bonus back from the provider into the pool once, and no more on a second cancel', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    const poolBefore = await pool();
    const res = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toMatchObject({ status: 'CANCELED', endReason: 'CANCELED', bonus: '100.00' });
    expect(await creditOf(player)).toBe('100.00');
    expect(await pool()).toBe(poolBefore + 100_00n);
    const twice = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect(twice.json().code).toBe('PROMOTION_USAGE_NOT_CANCELABLE');
    expect(await creditOf(player)).toBe('100.00');
    expect(await pool()).toBe(poolBefore + 100_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("refuses to cancel while its deposit is not at the provider yet, taking nothing of the player's own credit", async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { bonus: { kind: 'FIXED', amountSatang: 50_00n } });
    const player = await playerWithBank();
    const usage = await taken(player, promotion);
    const code = (await createDeposit(player, { provider: 'askmebet', amount: '64000' })).json().order.code;
    const down = await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/askmebet/faults',
      payload: { mode: 'error', operations: ['transfer'] },
    });
    expect(down.statusCode).toBe(204);
    await deliver(code, '64000');
    await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/askmebet/faults' });
    const poolBefore = await pool();
    const res = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROMOTION_DEPOSIT_CREDITING');
    expect((await usageRow(usage.usageId)).status).toBe('USED');
    expect(await creditOf(player)).toBe('0.00');
    expect(await pool()).toBe(poolBefore);
    // Once the credit and its bonus are there (the lost attempt voided, the next one sent), the cancel takes the bonus back.
    await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(await creditOf(player)).toBe('150.00');
    const later = await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    expect(later.json().usage).toMatchObject({ status: 'CANCELED' });
    expect(await pool()).toBe(poolBefore + 50_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('takes back only what is left when the credit fell below the bonus', async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    await bet(player, 170_00n);
    const poolBefore = await pool();
    expect((await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId })).json().usage.status).toBe('CANCELED');
    expect(await creditOf(player)).toBe('0.00');
    expect(await pool()).toBe(poolBefore + 30_00n);
  });

  it("answers 404 for another player's usage or an unknown one, and leaves it alone", async () => {
    const promotion = await createTestPromotion(t.db, agencyId);
    const owner = await playerWithBank();
    const usage = await taken(owner, promotion);
    const stranger = await playerWithBank();
    for (const usageId of [usage.usageId, randomUUID(), 'nonsense']) {
      const res = await post(stranger, '/api/v2/promotions/usages/cancel', { usageId });
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
    expect((await get(stranger, '/api/v2/promotions/usages')).json()).toEqual({ items: [], page: 1, pageSize: 10, total: 0 });
    expect((await using(owner))?.status).toBe('ACTIVE');
  });
});

describe('usage history', () => {
  it('pages newest first and filters by status', async () => {
    const player = await playerWithBank();
    const promotions = [
      await createTestPromotion(t.db, agencyId),
      await createTestPromotion(t.db, agencyId),
      await createTestPromotion(t.db, agencyId),
    ];
    for (const promotion of promotions) {
      const usage = await taken(player, promotion);
      await post(player, '/api/v2/promotions/usages/cancel', { usageId: usage.usageId });
    }
    await taken(player, promotions[0]);
    const page = await get(player, '/api/v2/promotions/usages?page=1&pageSize=2');
    expect(page.json()).toMatchObject({ page: 1, pageSize: 2, total: 4 });
    expect(page.json().items.map((usage: PromotionUsage) => usage.status)).toEqual(['ACTIVE', 'CANCELED']);
    const cancelled = await get(player, '/api/v2/promotions/usages?status=CANCELED&pageSize=10');
    expect(cancelled.json().items.map((usage: PromotionUsage) => usage.promotionId)).toEqual([
      promotions[2].id,
      promotions[1].id,
      promotions[0].id,
    ]);
    for (const query of ['status=DONE', 'pageSize=101', 'page=0'])
      expect((await get(player, `/api/v2/promotions/usages?${query}`)).json().code).toBe('VALIDATION_ERROR');
  });
});

describe('a withdrawal with a promotion in use', () => {
  let keyCounter = 0;
  const withdraw = (player: TestPlayer, amount: string, provider: Provider = 'askmebet') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { cookie: player.cookie, 'idempotency-key': `promo-withdraw-${(keyCounter += 1)}-${player.id}` },
      payload: { provider, amount },
    });

  it('refuses by each rule with its code and moves nothing', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { minBalanceSatang: 150_00n });
    const player = await playerWithBank();
    await usedPromotion(player, promotion);
    const refused = async (amount: string, code: string) => {
      const res = await withdraw(player, amount);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 409, code });
    };
    await setSandboxCredit(player, 100_00n);
    await refused('100.00', 'PROMOTION_CREDIT_TOO_LOW');
    await setSandboxCredit(player, 149_99n);
    await refused('149.99', 'PROMOTION_MIN_BALANCE');
    await setSandboxCredit(player, 180_00n);
    await refused('100.00', 'PROMOTION_WITHDRAW_WHOLE_CREDIT');
    expect(await creditOf(player)).toBe('180.00');
    expect(await t.db.selectFrom('withdrawals').select('id').where('player_id', '=', player.id).execute()).toEqual([]);
    // Another provider's credit is not held by the promotion.
    await giveCredit(player, 20_00n, 'betflix');
    expect((await withdraw(player, '5.00', 'betflix')).statusCode).toBe(201);
  });

  it('pays at most the percent of the credit received; the excess is kept and goes to the bonus pool on payout', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { maxWithdrawPercent: 150, turnoverMultiple: 2 });
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    await setSandboxCredit(player, 1000_00n);
    await bet(player, 400_00n);
    await setSandboxCredit(player, 500_00n);
    const res = await withdraw(player, '500.00');
    expect(res.statusCode).toBe(201);
    // Turnover met: no bonus deducted; 150% of 200 THB received = 300 THB paid, 200 kept; 300 × 600 = 180,000 LAK.
    expect(res.json().withdrawal).toMatchObject({
      status: 'OPEN',
      amountWithdrawn: '500.00',
      creditReceived: '180000',
      promotionRetained: '200.00',
    });
    expect(await creditOf(player)).toBe('0.00');
    expect(await usageRow(usage.usageId)).toMatchObject({ status: 'SUCCESS', end_reason: 'WITHDRAWN' });

    const poolBefore = await pool();
    const clearing = () => balanceOf(t.db, agencyId, { kind: 'payout_clearing', currency: 'THB' });
    const clearingBefore = await clearing();
    const paid = await payOut(deps, agencyId, res.json().withdrawal.code, { operatorId: null, name: 'test' });
    expect(paid).toMatchObject({ status: 'SUCCESS', received_kip: '180000' });
    expect(await pool()).toBe(poolBefore + 200_00n);
    expect(await clearing()).toBe(clearingBefore - 500_00n);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('deducts the bonus when the turnover is not met', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { maxWithdrawPercent: 300 });
    const player = await playerWithBank();
    await usedPromotion(player, promotion);
    await bet(player, 50_00n);
    await setSandboxCredit(player, 250_00n);
    const res = await withdraw(player, '250.00');
    expect(res.statusCode).toBe(201);
    // 250 - 100 bonus = 150 THB paid (below the 600 THB cap), 100 kept; 150 × 600 = 90,000 LAK.
    expect(res.json().withdrawal).toMatchObject({ amountWithdrawn: '250.00', creditReceived: '90000', promotionRetained: '100.00' });
  });

  it('returns the whole credit once when the payout fails, and the promotion is in use again', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { maxWithdrawPercent: 100 });
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    await setSandboxCredit(player, 300_00n);
    const res = await withdraw(player, '300.00');
    expect(res.json().withdrawal).toMatchObject({ creditReceived: '120000', promotionRetained: '100.00' });
    const poolBefore = await pool();
    await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'payout', mode: 'decline' } });
    try {
      const failed = await payOut(deps, agencyId, res.json().withdrawal.code, { operatorId: null, name: 'test' });
      expect(failed).toMatchObject({ status: 'FAILED', credit_returned_satang: '30000' });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/sandbox/bank/api/faults', payload: { operation: 'payout', mode: 'none' } });
    }
    await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(await creditOf(player)).toBe('300.00');
    expect(await pool()).toBe(poolBefore);
    expect(await using(player)).toMatchObject({ usageId: usage.usageId, status: 'USED' });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('pays out at once when the amount paid, not the credit taken, is within the auto-approve limit', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { maxWithdrawPercent: 100 });
    const player = await playerWithBank();
    await usedPromotion(player, promotion);
    await setSandboxCredit(player, 300_00n);
    const autoApproving = { ...deps, defaults: { ...deps.defaults, autoApproveSatang: 200_00n } };
    // 300 THB taken, 200 paid (100% of the 200 received), 100 kept: 200 is within the 200 THB limit.
    const { withdrawal } = await requestWithdrawal(
      autoApproving,
      { agencyId, playerId: player.id },
      { provider: 'askmebet', amount: '300.00' },
      `auto-approve-${player.id}`,
    );
    expect(withdrawal).toMatchObject({
      status: 'SUCCESS',
      amountWithdrawn: '300.00',
      creditReceived: '120000',
      amountReceived: '120000',
      promotionRetained: '100.00',
    });
  });

  it('returns the whole credit once when rejected, and the promotion is in use again', async () => {
    const promotion = await createTestPromotion(t.db, agencyId, { maxWithdrawPercent: 100 });
    const player = await playerWithBank();
    const usage = await usedPromotion(player, promotion);
    await setSandboxCredit(player, 260_00n);
    const res = await withdraw(player, '260.00');
    expect(res.json().withdrawal).toMatchObject({ creditReceived: '96000', promotionRetained: '100.00' });
    const poolBefore = await pool();
    const rejected = await rejectWithdrawal(
      deps,
      agencyId,
      res.json().withdrawal.code,
      { operatorId: null, name: 'test' },
      'checking',
      randomUUID(),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', credit_returned_satang: '26000' });
    await rejectWithdrawal(deps, agencyId, res.json().withdrawal.code, { operatorId: null, name: 'test' }, 'again', randomUUID()).catch(
      () => undefined,
    );
    await reconcilePendingTransfers(deps, { olderThanMs: 0 });
    expect(await creditOf(player)).toBe('260.00');
    expect(await pool()).toBe(poolBefore);
    expect(await using(player)).toMatchObject({ usageId: usage.usageId, status: 'USED', endReason: null });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
