import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, controllableClock, createTestAgency, racing, type TestApp } from '../support/app';
import { createTestPlayerWithBank, sentWhilePlayerLocked, type TestPlayer } from '../support/players';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import type { DepositLimitsChange, DepositLimitsView } from '../../contract/depositLimits';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = controllableClock();
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  agencyId = (await createTestAgency(t, 'limits', ['localhost'])).id;
  await setRate(t.db, agencyId, 'THB', '600', '640', 'test');
  await setReceivingAccount(t.db, agencyId, DEMO_RECEIVING_ACCOUNT);
});
afterAll(() => t.close());

const player = () => createTestPlayerWithBank(t.db, agencyId);

const readLimits = (who: TestPlayer) =>
  t.app.inject({ method: 'GET', url: '/api/v2/players/deposit-limits', headers: { cookie: who.cookie } });

const putLimits = (who: TestPlayer, payload: DepositLimitsChange | object) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/players/deposit-limits', headers: { cookie: who.cookie }, payload });

async function setLimits(who: TestPlayer, change: DepositLimitsChange): Promise<DepositLimitsView> {
  const res = await putLimits(who, change);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function view(who: TestPlayer): Promise<DepositLimitsView> {
  const res = await readLimits(who);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const limitOf = (limits: DepositLimitsView, period: 'day' | 'week' | 'month') => limits.limits.find((entry) => entry.period === period)!;

let keySerial = 0;
const order = (who: TestPlayer, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/deposits',
    headers: { cookie: who.cookie, 'idempotency-key': `limit-key-${++keySerial}` },
    payload: { provider: 'askmebet', amount },
  });

/** An order the player has paid and been credited: what the bank and the provider would leave. */
async function paidDeposit(who: TestPlayer, amount: string): Promise<void> {
  const res = await order(who, amount);
  expect(res.statusCode).toBe(201);
  await t.db
    .updateTable('deposit_orders')
    .set({ status: 'SUCCESS', paid_at: clock.now() })
    .where('code', '=', res.json().order.code)
    .execute();
}

/** Moves the clock forward to `at`. */
function moveTo(at: Date): void {
  expect(at.getTime()).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(at.getTime() - clock.now().getTime());
}

/** The next Vientiane wall-clock time (UTC+7) after the clock that `pick` chooses from a Vientiane date. */
function nextVientiane(pick: (local: Date) => Date): Date {
  const local = new Date(clock.now().getTime() + 7 * HOUR + DAY);
  return new Date(pick(local).getTime() - 7 * HOUR);
}

describe('deposit limits', () => {
  it('are none at first, with the agency maximum as the daily limit once it has one', async () => {
    const who = await player();
    expect(await view(who)).toEqual({
      limits: ['day', 'week', 'month'].map((period) => ({
        period,
        limit: null,
        pending: null,
        effectiveLimit: null,
        used: '0',
        remaining: null,
      })),
      agencyMaximum: null,
      tightest: null,
    });
  });

  it('set where there were none and lowered apply at once, each change in the audit log', async () => {
    const who = await player();
    let limits = await setLimits(who, { day: '500000', week: '2000000' });
    expect(limitOf(limits, 'day')).toMatchObject({ limit: '500000', pending: null, effectiveLimit: '500000', remaining: '500000' });
    expect(limitOf(limits, 'week')).toMatchObject({ limit: '2000000', pending: null });
    expect(limitOf(limits, 'month')).toMatchObject({ limit: null, pending: null });
    limits = await setLimits(who, { day: '300000' });
    expect(limitOf(limits, 'day')).toMatchObject({ limit: '300000', pending: null });
    expect(limits.tightest).toEqual({ period: 'day', limit: '300000', remaining: '300000' });

    const audit = await t.db
      .selectFrom('operator_audit_log')
      .select(['actor', 'action', 'target', 'details', 'operator_id'])
      .where('agency_id', '=', agencyId)
      .where('target', '=', who.username)
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      {
        actor: `player:${who.username}`,
        action: 'SET_DEPOSIT_LIMITS',
        target: who.username,
        operator_id: null,
        details: { day: 'asked 500000: 500000', week: 'asked 2000000: 2000000' },
      },
      {
        actor: `player:${who.username}`,
        action: 'SET_DEPOSIT_LIMITS',
        target: who.username,
        operator_id: null,
        details: { day: 'asked 300000: 300000' },
      },
    ]);
  });

  it('raised applies only 24 hours later; a second raise starts the 24 hours again; a lower one replaces it at once', async () => {
    const who = await player();
    await setLimits(who, { day: '200000' });
    const asked = clock.now();
    let limits = await setLimits(who, { day: '400000' });
    expect(limitOf(limits, 'day')).toMatchObject({
      limit: '200000',
      effectiveLimit: '200000',
      pending: { limit: '400000', effectiveAt: new Date(asked.getTime() + DAY).toISOString() },
    });
    clock.advance(23 * HOUR);
    await paidDeposit(who, '150000');
    expect((await order(who, '100000')).json()).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED' });

    // A second raise before the first applied: scheduled again from now, never applied early.
    const again = clock.now();
    limits = await setLimits(who, { day: '600000' });
    expect(limitOf(limits, 'day').pending).toEqual({ limit: '600000', effectiveAt: new Date(again.getTime() + DAY).toISOString() });
    clock.advance(2 * HOUR);
    expect(limitOf(await view(who), 'day')).toMatchObject({ limit: '200000', pending: { limit: '600000' } });

    limits = await setLimits(who, { day: '100000' });
    expect(limitOf(limits, 'day')).toMatchObject({ limit: '100000', pending: null });
  });

  it('raised: the new limit is in force once its 24 hours have passed', async () => {
    const who = await player();
    await setLimits(who, { week: '300000' });
    await setLimits(who, { week: '900000' });
    clock.advance(DAY - 1000);
    expect(limitOf(await view(who), 'week')).toMatchObject({ limit: '300000', pending: { limit: '900000' } });
    clock.advance(1000);
    expect(limitOf(await view(who), 'week')).toMatchObject({ limit: '900000', pending: null, effectiveLimit: '900000' });
    expect((await order(who, '800000')).statusCode).toBe(201);
  });

  it('removed: shown as pending for 24 hours, then gone', async () => {
    const who = await player();
    await setLimits(who, { month: '1000000' });
    const limits = await setLimits(who, { month: null });
    expect(limitOf(limits, 'month')).toMatchObject({ limit: '1000000', pending: { limit: null } });
    await paidDeposit(who, '900000');
    expect((await order(who, '200000')).json()).toMatchObject({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      params: { period: 'month', limit: '1000000', remaining: '100000' },
    });
    clock.advance(DAY);
    expect(limitOf(await view(who), 'month')).toMatchObject({ limit: null, pending: null, effectiveLimit: null, remaining: null });
    expect((await order(who, '200000')).statusCode).toBe(201);
  });

  it('count open orders and paid deposits, not expired or cancelled ones', async () => {
    const who = await player();
    await setLimits(who, { day: '500000' });
    await paidDeposit(who, '100000');
    const open = await order(who, '150000');
    expect(open.statusCode).toBe(201);
    expect(limitOf(await view(who), 'day')).toMatchObject({ used: '250000', remaining: '250000' });

    await t.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', open.json().order.code)
      .execute();
    expect(limitOf(await view(who), 'day')).toMatchObject({ used: '100000', remaining: '400000' });
    const cancelled = await order(who, '400000');
    expect(cancelled.statusCode).toBe(201);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v2/deposits/${cancelled.json().order.code}/cancel`,
      headers: { cookie: who.cookie },
    });
    expect(cancel.statusCode).toBe(200);
    expect(limitOf(await view(who), 'day')).toMatchObject({ used: '100000', remaining: '400000' });
  });

  it('refuse an order over the tightest limit with the period, the limit and what is left', async () => {
    const who = await player();
    await setLimits(who, { day: '200000', week: '1000000' });
    await paidDeposit(who, '150000');
    const refused = await order(who, '100000');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message: expect.any(String),
      params: { period: 'day', limit: '200000', remaining: '50000' },
    });
    expect(await t.db.selectFrom('deposit_orders').select('id').where('player_id', '=', who.id).execute()).toHaveLength(1);
    expect((await order(who, '50000')).statusCode).toBe(201);
  });

  it('let exactly one of several orders at once pass a limit', async () => {
    const who = await player();
    await setLimits(who, { day: '300000' });
    const answers = await racing(t, () => Promise.all(Array.from({ length: 4 }, () => order(who, '200000'))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    // The ones refused waited their turn and saw the open order: the limit refused them, not the one-open-order rule.
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', params: { period: 'day', remaining: '100000' } });
    }
  });

  it("concurrent deposits cannot beat the player's deposit limit", async () => {
    const who = await player();
    await setLimits(who, { day: '300000' });
    await paidDeposit(who, '100000');
    // Two rounds of eight orders at once, each round's orders all waiting for the player's turn.
    for (const [amount, remaining] of [
      ['150000', '50000'],
      ['50000', '0'],
    ]) {
      const answers = await racing(t, () => sentWhilePlayerLocked(t.db, who.id, () => Array.from({ length: 8 }, () => order(who, amount))));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json()).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', params: { period: 'day', limit: '300000', remaining } });
      }
      // The round's order is paid before the next round, so only the limit can refuse the next one.
      const placed = answers.find((answer) => answer.statusCode === 201)!.json().order.code;
      await t.db.updateTable('deposit_orders').set({ status: 'SUCCESS', paid_at: clock.now() }).where('code', '=', placed).execute();
    }
    expect(await t.db.selectFrom('deposit_orders').select('code').where('player_id', '=', who.id).execute()).toHaveLength(3);
    expect(limitOf(await view(who), 'day')).toMatchObject({ used: '300000', remaining: '0' });
  });

  it('follow the Vientiane week, Monday to Sunday', async () => {
    moveTo(
      nextVientiane((local) => {
        const sunday = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + ((7 - local.getUTCDay()) % 7), 23, 0);
        return new Date(sunday);
      }),
    );
    const who = await player();
    await setLimits(who, { week: '300000' });
    await paidDeposit(who, '200000');
    clock.advance(50 * 60 * 1000);
    expect((await order(who, '200000')).json()).toMatchObject({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      params: { period: 'week', remaining: '100000' },
    });
    // 00:10 on Monday in Vientiane (17:10 UTC on Sunday): a new week.
    clock.advance(20 * 60 * 1000);
    expect(new Date(clock.now().getTime() + 7 * HOUR).getUTCDay()).toBe(1);
    expect(limitOf(await view(who), 'week')).toMatchObject({ used: '0', remaining: '300000' });
    expect((await order(who, '200000')).statusCode).toBe(201);
  });

  it('follow the Vientiane month', async () => {
    moveTo(nextVientiane((local) => new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1, 0, 0) - HOUR)));
    const who = await player();
    await setLimits(who, { month: '500000' });
    await paidDeposit(who, '450000');
    expect((await order(who, '100000')).json()).toMatchObject({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      params: { period: 'month', remaining: '50000' },
    });
    clock.advance(HOUR + 60 * 1000);
    expect(new Date(clock.now().getTime() + 7 * HOUR).getUTCDate()).toBe(1);
    expect(limitOf(await view(who), 'month')).toMatchObject({ used: '0', remaining: '500000' });
    expect((await order(who, '100000')).statusCode).toBe(201);
  });

  it('refuse bad values with 400 and change nothing', async () => {
    const who = await player();
    await setLimits(who, { day: '100000' });
    for (const payload of [
      { day: '0' },
      { day: '-5' },
      { day: '1.5' },
      { day: '1e6' },
      { day: 'lots' },
      { day: '1234567890123456' },
      { day: 5000 },
      { day: '' },
      { day: true },
    ]) {
      const res = await putLimits(who, { ...payload, week: '1000' });
      expect([payload, res.statusCode, res.json().code]).toEqual([payload, 400, 'DEPOSIT_LIMIT_INVALID']);
    }
    for (const payload of [{}, { year: '1000' }]) {
      const res = await putLimits(who, payload);
      expect([payload, res.statusCode, res.json().code]).toEqual([payload, 400, 'VALIDATION_ERROR']);
    }
    const limits = await view(who);
    expect(limits.limits.map((entry) => entry.limit)).toEqual(['100000', null, null]);
  });

  it('are only the logged-in player’s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/players/deposit-limits' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v2/players/deposit-limits', payload: { day: '1000' } })).statusCode).toBe(401);
  });

  describe('with an agency maximum', () => {
    beforeAll(async () => {
      await t.db.insertInto('agency_responsible_play_settings').values({ agency_id: agencyId, deposit_limit_max_kip: '1000000' }).execute();
    });
    afterAll(async () => {
      await t.db.deleteFrom('agency_responsible_play_settings').where('agency_id', '=', agencyId).execute();
    });

    it('is the daily limit of a player who set none', async () => {
      const who = await player();
      const limits = await view(who);
      expect(limits.agencyMaximum).toBe('1000000');
      expect(limitOf(limits, 'day')).toMatchObject({ limit: null, effectiveLimit: '1000000', remaining: '1000000' });
      expect(limitOf(limits, 'week')).toMatchObject({ limit: null, effectiveLimit: null });
      await paidDeposit(who, '900000');
      expect((await order(who, '200000')).json()).toMatchObject({
        code: 'DEPOSIT_LIMIT_EXCEEDED',
        params: { period: 'day', limit: '1000000', remaining: '100000' },
      });
    });

    it('caps every limit', async () => {
      const who = await player();
      const res = await putLimits(who, { week: '1000001' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('DEPOSIT_LIMIT_INVALID');
      expect(limitOf(await setLimits(who, { week: '1000000' }), 'week').limit).toBe('1000000');
    });
  });
});
