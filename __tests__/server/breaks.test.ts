import { sql } from 'kysely';
import { buildTestApp, controllableClock, createTestAgency, racing, type ControllableClock, type TestApp } from '../support/app';
import { createTestPlayer, createTestPlayerWithBank, fundTestCredit, type TestPlayer } from '../support/players';
import { createTestPromotion, fundTestBonusPool } from '../support/promotions';
import { ledgerViolations } from '../support/ledgerInvariant';
import { loggedInOperator } from '../support/operators';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import type { WalletDeps } from '../../server/domain/providerWallets';
import { signWebhook } from '../../server/adapters/payment';
import type { Promotion } from '../../contract/promotions';

const HOST = 'break.example';
const WEBHOOK_SECRET = 'break-test-webhook-secret-42';
const OTHER_HOST = 'elsewhere.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let clock: ControllableClock;
let deps: WalletDeps;
let agencyId: string;
let otherAgencyId: string;
let promotion: Promotion;

beforeAll(async () => {
  // 10:00 in Vientiane on 31 August: the months of a self-exclusion end on a shorter month's last day.
  clock = controllableClock(new Date('2026-08-31T03:00:00Z'));
  t = await buildTestApp({ providerTimeoutMs: 1500, laoqrGatewayTimeoutMs: 2000, laoqrWebhookSecret: WEBHOOK_SECRET }, { clock });
  // The sandbox providers and bank are called over HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.db, providers: t.app.providers };
  agencyId = (await createTestAgency(t, 'break', [HOST])).id;
  otherAgencyId = (await createTestAgency(t, 'elsewhere', [OTHER_HOST])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
  await fundTestBonusPool(t.db, agencyId);
  promotion = await createTestPromotion(t.db, agencyId, { startsAt: new Date('2020-01-01T00:00:00Z') });
});
afterAll(() => t.close());

let keySerial = 0;
const newKey = () => `exclusion-key-${(keySerial += 1)}`;

function send(player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object, key?: string, host = HOST) {
  return t.app.inject({
    method,
    url,
    headers: { host, cookie: player.cookie, ...(key && { 'idempotency-key': key }) },
    ...(payload && { payload }),
  });
}

const take = (player: TestPlayer, kind: string, duration: string, key: string | null = newKey(), host = HOST) =>
  send(player, 'POST', '/api/v2/players/exclusions', { kind, duration }, key ?? undefined, host);

async function running(player: TestPlayer, host = HOST) {
  const res = await send(player, 'GET', '/api/v2/players/exclusion', undefined, undefined, host);
  expect(res.statusCode).toBe(200);
  return res.json().exclusion;
}

const exclusionRows = (player: TestPlayer) =>
  t.db
    .selectFrom('player_breaks')
    .select(['kind', 'duration', 'ends_at'])
    .where('player_id', '=', player.id)
    .orderBy('created_at')
    .execute();

const audits = (player: TestPlayer) =>
  t.db
    .selectFrom('operator_audit_log')
    .select(['actor', 'operator_id', 'action', 'target', 'details'])
    .where('agency_id', '=', agencyId)
    .where('target', '=', player.username)
    .orderBy('id')
    .execute();

/** What a refused start of play must leave as it was: the player's orders and usages, and the ledger. */
async function playCounts(player: TestPlayer) {
  const count = async (table: 'deposit_orders' | 'promotion_usages') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('player_id', '=', player.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const transfers = await t.db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { deposits: await count('deposit_orders'), usages: await count('promotion_usages'), transfers: Number(transfers.n) };
}

/** Every route that starts play, each as a player would call it. */
const startsOfPlay = (player: TestPlayer) => ({
  deposit: () => send(player, 'POST', '/api/v2/deposits', { provider: 'askmebet', amount: '64000' }, newKey()),
  promotion: () => send(player, 'POST', '/api/v2/promotions/use', { promotionId: promotion.id, providerId: 'askmebet' }),
  gameLaunch: () => send(player, 'POST', '/api/v2/games/askmebet/launch', { gameCode: 'amb-golden-naga-fortune' }),
});

describe('taking a break', () => {
  it.each([
    ['TIME_OUT', 'HOURS_24', '2026-09-01T03:00:00.000Z'],
    ['TIME_OUT', 'DAYS_7', '2026-09-07T03:00:00.000Z'],
    ['TIME_OUT', 'DAYS_30', '2026-09-30T03:00:00.000Z'],
    // 31 August + 6 months is the last day of February, at the same Vientiane hour.
    ['SELF_EXCLUSION', 'MONTHS_6', '2027-02-28T03:00:00.000Z'],
    ['SELF_EXCLUSION', 'YEAR_1', '2027-08-31T03:00:00.000Z'],
    ['SELF_EXCLUSION', 'FOR_GOOD', null],
  ])('a %s of %s ends at %s', async (kind, duration, endsAt) => {
    const player = await createTestPlayer(t.db, agencyId);
    expect(await running(player)).toBeNull();
    const res = await take(player, kind, duration);
    expect(res.statusCode).toBe(201);
    const startsAt = clock.now().toISOString();
    expect(res.json().exclusion).toEqual({ kind, startsAt, endsAt });
    expect(await running(player)).toEqual({ kind, startsAt, endsAt });
    expect(await audits(player)).toEqual([
      {
        actor: `player:${player.username}`,
        operator_id: null,
        action: kind === 'TIME_OUT' ? 'TAKE_TIME_OUT' : 'TAKE_SELF_EXCLUSION',
        target: player.username,
        details: { player: player.username, duration, until: endsAt ?? 'for good' },
      },
    ]);
  });

  it('records one break for a double tap with the same key, and refuses the key for another break', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const first = await take(player, 'TIME_OUT', 'DAYS_7', 'double-tap-key');
    const again = await take(player, 'TIME_OUT', 'DAYS_7', 'double-tap-key');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const other = await take(player, 'SELF_EXCLUSION', 'FOR_GOOD', 'double-tap-key');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await exclusionRows(player)).toHaveLength(1);
    expect(await audits(player)).toHaveLength(1);
  });

  it('refuses a missing key, a duration of the other kind and an unknown kind, writing nothing', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const noKey = await take(player, 'TIME_OUT', 'HOURS_24', null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    const mixed = await take(player, 'TIME_OUT', 'FOR_GOOD');
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await take(player, 'HOLIDAY', 'HOURS_24')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await exclusionRows(player)).toEqual([]);
    expect(await audits(player)).toEqual([]);
  });

  it('needs a logged-in player', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/exclusions',
      headers: { host: HOST, 'idempotency-key': newKey() },
      payload: { kind: 'TIME_OUT', duration: 'HOURS_24' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a break is never shortened', () => {
  it('takes a longer time-out during a time-out, and refuses one ending at the same time or sooner', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    expect((await take(player, 'TIME_OUT', 'DAYS_7')).statusCode).toBe(201);
    for (const duration of ['HOURS_24', 'DAYS_7']) {
      const res = await take(player, 'TIME_OUT', duration);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EXCLUSION_CANNOT_SHORTEN' });
    }
    expect(await exclusionRows(player)).toHaveLength(1);
    expect((await take(player, 'TIME_OUT', 'DAYS_30')).statusCode).toBe(201);
    expect(await running(player)).toMatchObject({ kind: 'TIME_OUT', endsAt: new Date(clock.now().getTime() + 30 * DAY).toISOString() });
    expect(await audits(player)).toHaveLength(2);
  });

  it('refuses any time-out during a self-exclusion, and takes a self-exclusion during a time-out', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    expect((await take(player, 'TIME_OUT', 'DAYS_30')).statusCode).toBe(201);
    expect((await take(player, 'SELF_EXCLUSION', 'MONTHS_6')).statusCode).toBe(201);
    const res = await take(player, 'TIME_OUT', 'DAYS_30');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EXCLUSION_CANNOT_SHORTEN' });
    expect(await running(player)).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: '2027-02-28T03:00:00.000Z' });
    expect((await exclusionRows(player)).map((row) => row.kind)).toEqual(['TIME_OUT', 'SELF_EXCLUSION']);
  });

  it('has no route that ends or shortens a break', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await take(player, 'TIME_OUT', 'HOURS_24');
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      for (const url of ['/api/v2/players/exclusion', '/api/v2/players/exclusions']) {
        const res = await t.app.inject({ method, url, headers: { host: HOST, cookie: player.cookie } });
        expect(res.statusCode).toBe(404);
      }
    }
    expect(await running(player)).toMatchObject({ kind: 'TIME_OUT' });
  });
});

describe('during a break', () => {
  it('refuses a deposit, taking a promotion and a game launch with PLAYER_EXCLUDED, its kind and end, writing nothing', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit(deps, agencyId, player.id, 500_00n);
    expect((await take(player, 'TIME_OUT', 'HOURS_24')).statusCode).toBe(201);
    const until = new Date(clock.now().getTime() + DAY).toISOString();
    const before = await playCounts(player);
    expect(before.transfers).toBeGreaterThan(0);
    for (const [route, call] of Object.entries(startsOfPlay(player))) {
      const res = await call();
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
      expect(res.json()).toMatchObject({ code: 'PLAYER_EXCLUDED', params: { kind: 'TIME_OUT', until } });
    }
    expect(await playCounts(player)).toEqual(before);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('says "for good" (until null) during a self-exclusion for good', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await take(player, 'SELF_EXCLUSION', 'FOR_GOOD');
    const res = await startsOfPlay(player).gameLaunch();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAYER_EXCLUDED', params: { kind: 'SELF_EXCLUSION', until: null } });
  });

  it('keeps balances, history, the bank account, a real withdrawal, a password change and logout working', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit(deps, agencyId, player.id, 500_00n);
    await take(player, 'SELF_EXCLUSION', 'YEAR_1');
    expect((await send(player, 'GET', '/api/v2/players/credits/askmebet')).json().credit.amount).toBe('500.00');
    const withdrawal = await send(player, 'POST', '/api/v2/withdrawals', { provider: 'askmebet', amount: '200.00' }, newKey());
    expect(withdrawal.statusCode).toBe(201);
    expect(withdrawal.json().withdrawal).toMatchObject({ status: 'SUCCESS', amountWithdrawn: '200.00', creditReceived: '120000' });
    expect((await send(player, 'GET', '/api/v2/players/credits/askmebet')).json().credit.amount).toBe('300.00');
    expect((await send(player, 'GET', '/api/v2/withdrawals?page=1&pageSize=10')).json().total).toBe(1);
    expect((await send(player, 'GET', '/api/v2/deposits?page=1&pageSize=10')).statusCode).toBe(200);
    expect((await send(player, 'GET', '/api/v2/promotions/usages?page=1&pageSize=10')).statusCode).toBe(200);
    expect((await send(player, 'GET', '/api/v2/players/bank-accounts')).json().bankAccounts).toHaveLength(1);
    expect((await send(player, 'GET', '/api/v2/players/info')).statusCode).toBe(200);
    const password = await send(player, 'POST', '/api/v2/players/security/password/change', {
      currentPassword: player.password,
      newPassword: 'a-new-password-7',
      confirmNewPassword: 'a-new-password-7',
    });
    expect(password.json()).toEqual({ changed: true });
    expect((await send(player, 'POST', '/api/v2/players/logout')).json()).toEqual({ loggedOut: true });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('leaves another player of the agency, and a player of another agency, free to play', async () => {
    const onBreak = await createTestPlayerWithBank(t.db, agencyId);
    await take(onBreak, 'SELF_EXCLUSION', 'FOR_GOOD');
    const other = await createTestPlayerWithBank(t.db, agencyId);
    // below the promotion's credit threshold of 10 THB, so the promotion may be taken
    await fundTestCredit(deps, agencyId, other.id, 5_00n);
    expect(await running(other)).toBeNull();
    const calls = startsOfPlay(other);
    expect((await calls.gameLaunch()).statusCode).toBe(200);
    expect((await calls.promotion()).statusCode).toBe(200);
    expect((await calls.deposit()).statusCode).toBe(201);
    const elsewhere = await createTestPlayer(t.db, otherAgencyId);
    expect(await running(elsewhere, OTHER_HOST)).toBeNull();
  });
});

/** The gateway's signed notice that the order's bill was paid in full, now by the app's clock. */
function payByWebhook(code: string, amount: string) {
  const transactionId = `TX${code}`;
  const raw = JSON.stringify({
    id: `evt-${transactionId}`,
    type: 'payment.paid',
    createdAt: new Date().toISOString(),
    data: { billNumber: code, amount, currency: 'LAK', transactionId, paidAt: clock.now().toISOString() },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/webhooks/laoqr',
    headers: { host: HOST, 'content-type': 'application/json', ...signWebhook(raw, WEBHOOK_SECRET) },
    payload: raw,
  });
}

const orderRow = (code: string) =>
  t.db.selectFrom('deposit_orders').select(['status', 'failure_code']).where('code', '=', code).executeTakeFirstOrThrow();

/** What reached the provider and the ledger for a deposit: the sandbox's transfers by the order's ref, and the ledger's by the order. */
async function creditsOf(code: string) {
  const atProvider = await t.db.selectFrom('sandbox_provider_transfers').select('ref').where('ref', 'like', `${code}%`).execute();
  const inLedger = await t.db
    .selectFrom('ledger_transfers')
    .select('kind')
    .where(sql<boolean>`refs->>'deposit' = ${code}`)
    .execute();
  return { atProvider: atProvider.length, ledgerKinds: inLedger.map((row) => row.kind) };
}

describe('money in flight when a break starts', () => {
  it('answers a replay of a deposit made before the break with that order as it now is, making no new one', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const key = newKey();
    const body = { provider: 'askmebet', amount: '64000' };
    const opened = await send(player, 'POST', '/api/v2/deposits', body, key);
    expect(opened.statusCode).toBe(201);
    expect((await take(player, 'TIME_OUT', 'HOURS_24')).statusCode).toBe(201);
    const replay = await send(player, 'POST', '/api/v2/deposits', body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order).toMatchObject({ code: opened.json().order.code, status: 'CANCELED' });
    const fresh = await send(player, 'POST', '/api/v2/deposits', body, newKey());
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json().code).toBe('PLAYER_EXCLUDED');
    const orders = await t.db.selectFrom('deposit_orders').select('code').where('player_id', '=', player.id).execute();
    expect(orders).toEqual([{ code: opened.json().order.code }]);
  });

  it('an order opened before a self-exclusion and paid during it goes to deposit review', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    const opened = await startsOfPlay(player).deposit();
    expect(opened.statusCode).toBe(201);
    const { code } = opened.json().order;
    expect(await orderRow(code)).toEqual({ status: 'OPEN', failure_code: null });

    expect((await take(player, 'SELF_EXCLUSION', 'MONTHS_6')).statusCode).toBe(201);
    // Cancelled in the break's own transaction, and said why.
    expect(await orderRow(code)).toEqual({ status: 'CANCELED', failure_code: 'PLAYER_EXCLUDED' });

    clock.advance(60_000);
    const paid = await payByWebhook(code, '64000');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ received: true, outcome: 'unmatched' });
    expect(await orderRow(code)).toEqual({ status: 'CANCELED', failure_code: 'PLAYER_EXCLUDED' });
    const unmatched = await t.db
      .selectFrom('deposit_unmatched_payments')
      .select(['reason', 'status', 'amount_kip'])
      .where('bill_number', '=', code)
      .execute();
    expect(unmatched).toEqual([{ reason: 'PLAYER_ON_BREAK', status: 'UNRESOLVED', amount_kip: '64000' }]);
    // The cash is the agency's to settle in the deposit review; nothing is owed to or sent for the player.
    expect(await creditsOf(code)).toEqual({ atProvider: 0, ledgerKinds: [] });
    const owed = await t.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'owed_to_player')
      .where('player_id', '=', player.id)
      .execute();
    expect(owed.every((row) => BigInt(row.balance) === 0n)).toBe(true);
    expect(await ledgerViolations(t.db)).toEqual([]);

    // The deposit review shows it with its reason.
    const operatorCookie = await loggedInOperator(t, agencyId, { host: HOST, username: 'desk' });
    const review = await t.app.inject({ url: '/api/v2/admin/deposits/unmatched', headers: { host: HOST, cookie: operatorCookie } });
    expect(review.json().items.filter((item: { billNumber: string }) => item.billNumber === code)).toEqual([
      expect.objectContaining({ reason: 'PLAYER_ON_BREAK', amount: '64000', status: 'UNRESOLVED', resolution: null }),
    ]);

    // The same notice for a player on no break is credited as ever.
    const free = await createTestPlayerWithBank(t.db, agencyId);
    const freeOrder = (await startsOfPlay(free).deposit()).json().order.code;
    expect((await payByWebhook(freeOrder, '64000')).json()).toEqual({ received: true, outcome: 'paid' });
    expect(await orderRow(freeOrder)).toMatchObject({ status: 'SUCCESS' });
    expect((await creditsOf(freeOrder)).atProvider).toBe(1);
  });

  it('a deposit sent at the same moment as the exclusion is cancelled by it or refused', async () => {
    for (let round = 0; round < 10; round += 1) {
      const player = await createTestPlayerWithBank(t.db, agencyId);
      const [deposit, exclusion] = await racing(t, () =>
        Promise.all([startsOfPlay(player).deposit(), take(player, 'SELF_EXCLUSION', 'FOR_GOOD')]),
      );
      expect(exclusion.statusCode).toBe(201);
      const orders = await t.db
        .selectFrom('deposit_orders')
        .select(['code', 'status', 'created_at'])
        .where('player_id', '=', player.id)
        .execute();
      if (deposit.statusCode === 201) {
        // Made before the break began, and cancelled by it.
        expect(orders).toEqual([{ code: deposit.json().order.code, status: 'CANCELED', created_at: expect.any(Date) }]);
        expect(orders[0].created_at.getTime()).toBeLessThanOrEqual(new Date(exclusion.json().exclusion.startsAt).getTime());
      } else {
        expect({ round, status: deposit.statusCode, code: deposit.json().code }).toEqual({ round, status: 403, code: 'PLAYER_EXCLUDED' });
        expect(orders).toEqual([]);
      }
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('time passing', () => {
  it('ends a 24-hour time-out after 24 hours, and never a self-exclusion for good', async () => {
    const timedOut = await createTestPlayerWithBank(t.db, agencyId);
    const forGood = await createTestPlayerWithBank(t.db, agencyId);
    await fundTestCredit(deps, agencyId, timedOut.id, 10_00n);
    await fundTestCredit(deps, agencyId, forGood.id, 10_00n);
    await take(timedOut, 'TIME_OUT', 'HOURS_24');
    await take(forGood, 'SELF_EXCLUSION', 'FOR_GOOD');
    clock.advance(DAY - 1000);
    expect((await startsOfPlay(timedOut).gameLaunch()).statusCode).toBe(403);
    clock.advance(1000);
    expect(await running(timedOut)).toBeNull();
    expect((await startsOfPlay(timedOut).gameLaunch()).statusCode).toBe(200);
    // the row stays: a break is history, never removed
    expect(await exclusionRows(timedOut)).toHaveLength(1);

    clock.advance(50 * 365 * DAY);
    expect(await running(forGood)).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: null });
    expect((await startsOfPlay(forGood).gameLaunch()).json()).toMatchObject({ code: 'PLAYER_EXCLUDED' });
  });
});

describe('the console', () => {
  it("shows the running break on the player's profile, read-only, and only to the player's agency", async () => {
    const operatorCookie = await loggedInOperator(t, agencyId, { host: HOST });
    const player = await createTestPlayer(t.db, agencyId);
    const profile = () => t.app.inject({ url: `/api/v2/admin/players/${player.id}`, headers: { host: HOST, cookie: operatorCookie } });
    expect((await profile()).json().exclusion).toBeNull();
    await take(player, 'SELF_EXCLUSION', 'MONTHS_6');
    const startsAt = clock.now();
    expect((await profile()).json().exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', startsAt: startsAt.toISOString() });
    const otherOperator = await loggedInOperator(t, otherAgencyId, { host: OTHER_HOST });
    const foreign = await t.app.inject({ url: `/api/v2/admin/players/${player.id}`, headers: { host: OTHER_HOST, cookie: otherOperator } });
    expect(foreign.statusCode).toBe(404);
    for (const method of ['DELETE', 'POST', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v2/admin/players/${player.id}/exclusion`,
        headers: { host: HOST, cookie: operatorCookie },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
