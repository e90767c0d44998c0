import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { racingOn } from '../support/db';
import { testDevice } from '../support/device';
import { loggedInOperator } from '../support/operators';
import { createTestPlayer, createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { ledgerViolations } from '../support/ledgerInvariant';
import { recordStatements } from '../../bench/statements';
import { loadConfig } from '../../server/config';
import { signWebhook, type PaymentPaidEventBody } from '../../server/adapters/payment';
import { setReceivingAccount } from '../../server/domain/deposits';
import { setRate } from '../../server/domain/agencies';
import { ensureMember } from '../../server/domain/providerWallets';
import { rigSpins, spin } from '../../server/sandbox/providers/books';
import { FAILED_DEPOSITS_PER_DAY, type RiskFlag, type RiskFlagPage } from '../../contract/riskFlags';
import { MISCOUNTED_DEPOSIT_FAILURE_DAY, MISCOUNTED_DEVICE } from '../../server/db/riskCounts';

const A = 'alpha.example';
const B = 'bravo.example';
const SECRET = 'risk-flags-test-webhook-secret-1';
let t: TestApp;
let alphaId: string;
let bravoId: string;
let owner: string;
let staff: string;
let bravoOwner: string;

beforeAll(async () => {
  const defaults = loadConfig({});
  t = await buildTestApp({
    laoqrWebhookSecret: SECRET,
    withdrawals: { ...defaults.withdrawals, minSatang: 1_00n, autoApproveSatang: 0n, dailyLimit: 50 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alphaId = (await createTestAgency(t, 'alpha', [A])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  for (const id of [alphaId, bravoId]) {
    await setRate(t.db, id, 'THB', '600', '640', 'test');
    await setReceivingAccount(t.db, id, DEMO_RECEIVING_ACCOUNT);
  }
  owner = await loggedInOperator(t, alphaId, { username: 'anna', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'sam', password: 'staff-password-1', role: 'staff', host: A });
  bravoOwner = await loggedInOperator(t, bravoId, { username: 'bora', host: B });
});
afterAll(() => t.close());

let addressSerial = 0;
/** Each call from its own address, so the registrations stay under the per-address limit. */
const inject = (method: 'GET' | 'POST', url: string, host: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host, ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    remoteAddress: `10.0.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`,
  });

async function flags(query: string, cookie = staff, host = A): Promise<RiskFlag[]> {
  const res = await inject('GET', `/api/v2/admin/risk-flags?pageSize=100&${query}`, host, { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<RiskFlagPage>().items;
}
const flagFor = async (id: string) => (await flags('')).find((flag) => flag.id === id);
const review = (id: string, note: string, cookie = staff, host = A) =>
  inject('POST', '/api/v2/admin/risk-flags/review', host, { cookie }, { id, note });
const audits = (target: string) =>
  t.db.selectFrom('operator_audit_log').selectAll().where('action', '=', 'REVIEW_RISK_FLAG').where('target', '=', target).execute();

const visitorId = () => randomUUID().replace(/-/g, '');

/** Registers a player through the API from a device; returns the player's id and session cookie. */
async function register(username: string, device: string, host = A): Promise<{ id: string; cookie: string }> {
  const res = await inject(
    'POST',
    '/api/v2/players/register',
    host,
    { 'x-fingerprint': device },
    {
      username,
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      displayName: username,
      ageConfirmed: true,
      fingerprint: testDevice(device),
    },
  );
  expect(res.statusCode).toBe(201);
  return { id: res.json().player.id, cookie: String(res.headers['set-cookie']).split(';')[0] };
}
/** The site's report of the logged-in player's device. */
async function reportDevice(cookie: string, device: string, host = A) {
  const res = await inject('POST', '/api/v2/fingerprint', host, { cookie }, { fingerprint: testDevice(device) });
  expect(res.statusCode).toBe(200);
}
const addAccount = (cookie: string, accountNumber: string, host = A) =>
  inject(
    'POST',
    '/api/v2/players/bank-accounts',
    host,
    { cookie },
    {
      bank: 'bcel',
      accountNumber,
      accountName: 'KHAMLA VONGSA',
      currency: 'LAK',
      owner: true,
    },
  );

function deliver(billNumber: string, amount: string) {
  const transactionId = `TX${randomUUID()}`;
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
    headers: { host: A, 'content-type': 'application/json', ...signWebhook(raw, SECRET, new Date()) },
    payload: raw,
  });
}
const createDeposit = (player: TestPlayer, amount: string) =>
  inject('POST', '/api/v2/deposits', A, { cookie: player.cookie, 'idempotency-key': randomUUID() }, { provider: 'askmebet', amount });
/** A deposit ordered and paid through the gateway's webhook: its credit goes to the player's askmebet wallet. */
async function depositPaid(player: TestPlayer, amount: string) {
  const res = await createDeposit(player, amount);
  expect(res.statusCode).toBe(201);
  expect((await deliver(res.json().order.code, amount)).statusCode).toBe(200);
}
/** Bets `stake` satang at the sandbox slot on losing reels. */
async function bet(player: TestPlayer, stake: bigint) {
  const member = await ensureMember(
    { db: t.db, providers: t.app.providers },
    { agencyId: alphaId, playerId: player.id, provider: 'askmebet' },
  );
  await rigSpins(t.db, 'askmebet', member, [['SEVEN', 'STAR', 'HEART']]);
  await spin(t.db, { provider: 'askmebet', member, gameCode: 'champa-slot', language: 'lo' }, 'champa-slot', stake);
}
const withdraw = (player: TestPlayer, amount: string) =>
  inject('POST', '/api/v2/withdrawals', A, { cookie: player.cookie, 'idempotency-key': randomUUID() }, { provider: 'askmebet', amount });

/** Rows left in `counts` once `table` is truncated (with what references it), in a transaction then rolled back. */
const rowsLeftAfterTruncating = (table: string, counts: string[]) =>
  t.db.connection().execute(async (connection) => {
    await sql`BEGIN`.execute(connection);
    await sql`TRUNCATE ${sql.table(table)} CASCADE`.execute(connection);
    let left = 0;
    for (const count of counts)
      left += (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(count)}`.execute(connection)).rows[0].n;
    await sql`ROLLBACK`.execute(connection);
    return left;
  });

describe('shared devices', () => {
  it('flags a device two players used, with both players and the fingerprint; reviewed with a note until a third player comes', async () => {
    const device = visitorId();
    const first = await register('noylao', device);
    const second = await register('khamla', visitorId());
    await reportDevice(second.cookie, device);
    const id = `SHARED_DEVICE:${device}`;
    const flag = await flagFor(id);
    expect(flag).toMatchObject({
      kind: 'SHARED_DEVICE',
      reviewed: false,
      review: null,
      players: [
        { id: first.id, username: 'noylao' },
        { id: second.id, username: 'khamla' },
      ],
      evidence: { kind: 'SHARED_DEVICE', fingerprint: device },
    });
    // The second player's own device is no flag: only one player used it.
    expect((await flags('kind=SHARED_DEVICE')).map((each) => each.id)).toEqual([id]);

    const reviewed = await review(id, 'brothers sharing one phone');
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toMatchObject({ id, reviewed: true, review: { by: 'sam', note: 'brothers sharing one phone', current: true } });
    expect(await audits(id)).toEqual([
      expect.objectContaining({
        actor: 'sam',
        agency_id: alphaId,
        reason: 'brothers sharing one phone',
        details: { kind: 'SHARED_DEVICE', players: 'noylao, khamla' },
      }),
    ]);
    expect((await flags('reviewed=false')).map((each) => each.id)).not.toContain(id);
    expect((await flags('reviewed=true')).map((each) => each.id)).toContain(id);

    // The same players seen again is no new evidence; a third player on the device is.
    await reportDevice(first.cookie, device);
    expect((await flagFor(id))?.reviewed).toBe(true);
    const third = await register('pingla', device);
    const reopened = await flagFor(id);
    expect(reopened).toMatchObject({ reviewed: false, review: { note: 'brothers sharing one phone', current: false } });
    expect(reopened?.players.map((player) => player.id)).toContain(third.id);
  });

  it('is the one the withdrawal review shows', async () => {
    const device = visitorId();
    const holder = await register('vanhla', device);
    await register('darala', device);
    await t.db
      .insertInto('bank_accounts')
      .values({
        agency_id: alphaId,
        player_id: holder.id,
        bank: 'bcel',
        account_number: '010130009990000001',
        account_name: 'VANH',
        currency: 'LAK',
      })
      .execute();
    const player = { id: holder.id, username: 'vanhla', password: 'secret-pass-1', cookie: holder.cookie };
    await depositPaid(player, '64000');
    const res = await withdraw(player, '50.00');
    expect(res.statusCode).toBe(201);
    const shown = await inject('GET', `/api/v2/admin/withdrawals/${res.json().withdrawal.code}/review`, A, { cookie: staff });
    expect(shown.json().flags).toContainEqual({ flag: 'SHARED_DEVICE', usernames: ['darala'] });
  });

  it("keeps each device's players exact through every change to the reports, whoever makes it", async () => {
    const device = visitorId();
    const [one, two] = [await createTestPlayer(t.db, alphaId), await createTestPlayer(t.db, alphaId)];
    const report = (playerId: string, visitor = device) => ({
      agency_id: alphaId,
      player_id: playerId,
      visitor_id: visitor,
      device: JSON.stringify(testDevice(visitor)),
      source: 'visit' as const,
    });
    const players = async () =>
      (await sql<{ players: number }>`SELECT players FROM devices WHERE agency_id = ${alphaId} AND visitor_id = ${device}`.execute(t.db))
        .rows[0]?.players ?? 0;
    const miscounted = async () => (await sql.raw(MISCOUNTED_DEVICE).execute(t.db)).rows;

    // One player's reports in one statement count that player once.
    await t.db
      .insertInto('player_fingerprints')
      .values([report(one.id), report(one.id)])
      .execute();
    expect(await players()).toBe(1);
    // Two reports of the second player at once, in two transactions: still counted once.
    await racingOn(t, (racers) => Promise.all([0, 1].map(() => racers.insertInto('player_fingerprints').values(report(two.id)).execute())));
    expect(await players()).toBe(2);
    // A correction moving one of the second player's reports elsewhere: the player is still on the device.
    await sql`UPDATE player_fingerprints SET visitor_id = ${visitorId()}
      WHERE id = (SELECT id FROM player_fingerprints WHERE player_id = ${two.id} LIMIT 1)`.execute(t.db);
    expect(await players()).toBe(2);
    await t.db.deleteFrom('player_fingerprints').where('player_id', '=', two.id).where('visitor_id', '=', device).execute();
    expect(await players()).toBe(1);
    expect(await miscounted()).toEqual([]);

    // Emptying the reports empties the counts; undone with the rest of its transaction.
    const leftAfterTruncate = await rowsLeftAfterTruncating('player_fingerprints', ['devices', 'device_players']);
    expect(leftAfterTruncate).toBe(0);
    expect(await players()).toBe(1);
  });
});

describe('bank account numbers in use', () => {
  it('keeps each refused try and flags the number with its holder and the tries; the refusal changes nothing else', async () => {
    const holder = await createTestPlayer(t.db, alphaId, 'somchai');
    const tried = await createTestPlayer(t.db, alphaId, 'bounmy');
    expect((await addAccount(holder.cookie, '010130001234000001')).statusCode).toBe(201);
    const refused = await addAccount(tried.cookie, '010130001234000001');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_IN_USED' });
    expect(await t.db.selectFrom('bank_accounts').select('id').where('player_id', '=', tried.id).execute()).toEqual([]);

    const id = 'BANK_ACCOUNT_IN_USE:bcel:010130001234000001';
    const flag = await flagFor(id);
    expect(flag).toMatchObject({
      players: [
        { id: holder.id, username: 'somchai' },
        { id: tried.id, username: 'bounmy' },
      ],
      evidence: {
        kind: 'BANK_ACCOUNT_IN_USE',
        bank: 'bcel',
        accountNumber: '010130001234000001',
        holder: { id: holder.id, username: 'somchai' },
        attempts: [{ player: { id: tried.id, username: 'bounmy' } }],
      },
    });
    expect((await review(id, 'typing mistake, called the player', owner)).statusCode).toBe(200);
    expect((await flagFor(id))?.reviewed).toBe(true);
    // Another try is new evidence.
    expect((await addAccount(tried.cookie, '010130001234000001')).statusCode).toBe(409);
    const again = await flagFor(id);
    expect(again?.reviewed).toBe(false);
    if (again?.evidence.kind !== 'BANK_ACCOUNT_IN_USE') throw new Error('not the bank flag');
    expect(again.evidence.attempts).toHaveLength(2);
    // Filtered by player: either of them finds it, someone else does not.
    expect((await flags('player=BOUNMY')).map((each) => each.id)).toEqual([id]);
    expect((await flags('player=somch&kind=BANK_ACCOUNT_IN_USE')).map((each) => each.id)).toEqual([id]);
    expect((await flags('player=nobody-here')).map((each) => each.id)).toEqual([]);
  });
});

describe('failed deposits in a day', () => {
  it(`flags a player with ${FAILED_DEPOSITS_PER_DAY} cancelled deposit orders in one Vientiane day, not with fewer`, async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    const id = async () =>
      `FAILED_DEPOSITS:${player.id}:${(await sql<{ day: string }>`select to_char(now() at time zone 'Asia/Vientiane', 'YYYY-MM-DD') as day`.execute(t.db)).rows[0].day}`;
    const cancelOne = async () => {
      const order = await createDeposit(player, '64000');
      expect(order.statusCode).toBe(201);
      const code = order.json().order.code;
      expect((await inject('POST', `/api/v2/deposits/${code}/cancel`, A, { cookie: player.cookie })).statusCode).toBe(200);
      return code as string;
    };
    const codes: string[] = [];
    for (let n = 1; n < FAILED_DEPOSITS_PER_DAY; n += 1) codes.push(await cancelOne());
    expect(await flagFor(await id())).toBeUndefined();
    codes.push(await cancelOne());
    const flag = await flagFor(await id());
    expect(flag).toMatchObject({ kind: 'FAILED_DEPOSITS', players: [{ id: player.id, username: player.username }] });
    if (flag?.evidence.kind !== 'FAILED_DEPOSITS') throw new Error('not the deposits flag');
    expect(flag.evidence.orders.map((order) => order.code)).toEqual(codes);
    expect(flag.evidence.orders[0]).toMatchObject({ status: 'CANCELED', amount: '64000' });
  });

  it("keeps each day's count of unsuccessful orders exact through every change to an order, whoever makes it", async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    const counts = async () =>
      (
        await sql<{ day: string; orders: number }>`SELECT day::text, orders FROM deposit_failure_days
          WHERE player_id = ${player.id} AND orders > 0 ORDER BY day`.execute(t.db)
      ).rows;
    const miscounted = async () => (await sql.raw(MISCOUNTED_DEPOSIT_FAILURE_DAY).execute(t.db)).rows;
    const order = async () => {
      const res = await createDeposit(player, '64000');
      expect(res.statusCode).toBe(201);
      return res.json().order.code as string;
    };
    const set = (code: string, change: string) => sql.raw(`UPDATE deposit_orders SET ${change} WHERE code = '${code}'`).execute(t.db);
    const today = (await sql<{ day: string }>`SELECT (now() AT TIME ZONE 'Asia/Vientiane')::date::text AS day`.execute(t.db)).rows[0].day;

    const first = await order();
    expect(await counts()).toEqual([]);
    await set(first, "status = 'EXPIRED', closed_at = now()");
    expect(await counts()).toEqual([{ day: today, orders: 1 }]);
    // Paid in time after it expired: no longer a failure.
    await set(first, "status = 'PAID', closed_at = null");
    expect(await counts()).toEqual([]);
    await set(first, "status = 'FAILED'");
    const second = await order();
    await set(second, "status = 'CANCELED'");
    expect(await counts()).toEqual([{ day: today, orders: 2 }]);
    // Moved to another Vientiane day (a support correction): counted on that day instead.
    await set(second, "created_at = '2026-01-01T20:00:00Z'");
    expect(await counts()).toEqual([
      { day: '2026-01-02', orders: 1 },
      { day: today, orders: 1 },
    ]);
    await set(second, "status = 'EXPIRED'");
    expect(await counts()).toEqual([
      { day: '2026-01-02', orders: 1 },
      { day: today, orders: 1 },
    ]);
    await t.db.deleteFrom('deposit_orders').where('code', '=', second).execute();
    expect(await counts()).toEqual([{ day: today, orders: 1 }]);
    expect(await miscounted()).toEqual([]);

    // Emptying the orders empties the counts; undone with the rest of its transaction.
    const leftAfterTruncate = await rowsLeftAfterTruncating('deposit_orders', ['deposit_failure_days']);
    expect(leftAfterTruncate).toBe(0);
    expect(await counts()).toEqual([{ day: today, orders: 1 }]);
  });
});

describe('withdrawals with less than 1x turnover', () => {
  it('flags a withdrawal whose deposits since the last one were not bet through, with the deposited credit and turnover', async () => {
    const player = await createTestPlayerWithBank(t.db, alphaId);
    await depositPaid(player, '64000');
    await bet(player, 40_00n);
    const first = await withdraw(player, '50.00');
    expect(first.statusCode).toBe(201);
    const code = first.json().withdrawal.code;
    expect(await flagFor(`PASS_THROUGH_WITHDRAWAL:${code}`)).toMatchObject({
      players: [{ id: player.id }],
      evidence: {
        kind: 'PASS_THROUGH_WITHDRAWAL',
        withdrawalCode: code,
        provider: 'askmebet',
        amount: '50.00',
        deposited: '100.00',
        turnover: '40.00',
      },
    });
    // After it, a deposit played through once is no flag.
    await depositPaid(player, '64000');
    await bet(player, 100_00n);
    const second = await withdraw(player, '5.00');
    expect(second.statusCode).toBe(201);
    expect(await flagFor(`PASS_THROUGH_WITHDRAWAL:${second.json().withdrawal.code}`)).toBeUndefined();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('self-excluded players coming back', () => {
  it('flags a self-excluded player when another account registers from their device afterwards', async () => {
    const device = visitorId();
    const excluded = await register('keola', device);
    const before = await register('keo-old', device);
    await t.db
      .insertInto('player_breaks')
      .values({ agency_id: alphaId, player_id: excluded.id, kind: 'SELF_EXCLUSION', starts_at: new Date(), ends_at: null })
      .execute();
    const id = `SELF_EXCLUDED_RETURN:${excluded.id}`;
    expect(await flagFor(id)).toBeUndefined();
    const back = await register('keo2', device);
    const flag = await flagFor(id);
    expect(flag).toMatchObject({
      players: [
        { id: excluded.id, username: 'keola' },
        { id: back.id, username: 'keo2' },
      ],
      evidence: { kind: 'SELF_EXCLUDED_RETURN', accounts: [{ id: back.id, username: 'keo2', fingerprint: device }] },
    });
    // The account made before the exclusion is not evidence of coming back.
    expect(flag?.players.map((player) => player.id)).not.toContain(before.id);
  });
});

describe('who sees and reviews what', () => {
  it('keeps agencies apart: another agency sees none of these flags, and its review of one is 404 with nothing written', async () => {
    const device = visitorId();
    await register('alpha1', device);
    await register('alpha2', device);
    const id = `SHARED_DEVICE:${device}`;
    expect(await flagFor(id)).toBeDefined();
    expect(await flags('', bravoOwner, B)).toEqual([]);
    const refused = await review(id, 'not mine to review', bravoOwner, B);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await audits(id)).toEqual([]);
    expect((await flagFor(id))?.reviewed).toBe(false);
  });

  it('refuses a review without a note, of an unknown flag, or without an operator, changing nothing', async () => {
    const device = visitorId();
    await register('note1', device);
    await register('note2', device);
    const id = `SHARED_DEVICE:${device}`;
    const noNote = await review(id, '  ');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await review('SHARED_DEVICE:nothing-like-it', 'looked at it')).statusCode).toBe(404);
    expect((await review('NO_SUCH_KIND:x', 'looked at it')).statusCode).toBe(404);
    expect((await inject('POST', '/api/v2/admin/risk-flags/review', A, {}, { id, note: 'who am I' })).statusCode).toBe(401);
    expect((await inject('GET', '/api/v2/admin/risk-flags', A, {})).statusCode).toBe(401);
    expect(await audits(id)).toEqual([]);
    expect((await t.db.selectFrom('risk_flag_reviews').select('id').where('subject', '=', device).execute()).length).toBe(0);
  });
});

describe('the queries', () => {
  it('use the indexes of the flags', async () => {
    // One connection, so the planner setting holds for every EXPLAIN.
    await t.db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      const plan = async (query: string) =>
        (await sql.raw<{ 'QUERY PLAN': string }>(`explain ${query}`).execute(connection)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(
        await plan(`select * from withdrawals where agency_id = '${alphaId}' and turnover_before_satang < deposited_before_satang`),
      ).toContain('withdrawals_pass_through_idx');
      expect(
        await plan(`select * from deposit_orders where agency_id = '${alphaId}' and status in ('FAILED', 'CANCELED', 'EXPIRED')`),
      ).toContain('deposit_orders_unsuccessful_idx');
      expect(
        await plan(`select * from deposit_failure_days where agency_id = '${alphaId}' and orders >= ${FAILED_DEPOSITS_PER_DAY}`),
      ).toContain('deposit_failure_days_orders_idx');
      expect(await plan(`select * from bank_account_refusals where agency_id = '${alphaId}'`)).toContain(
        'bank_account_refusals_number_idx',
      );
      expect(await plan(`select * from player_breaks where agency_id = '${alphaId}' and kind = 'SELF_EXCLUSION'`)).toContain(
        'player_breaks_self_idx',
      );
      expect(await plan(`select visitor_id from devices where agency_id = '${alphaId}' and players > 1`)).toContain('devices_players_idx');
      await sql`reset enable_seqscan`.execute(connection);
    });
  });

  it("read each failure day's orders by player and time, not all of the player's failed orders for each day", async () => {
    // An agency of its own where a thousand players made 20 deposits and failed one, and one player
    // failed six a day for 40 days: the shape that made the planner read that player's 240 failed
    // orders once for each of the days.
    const C = 'charlie.example';
    const charlieId = (await createTestAgency(t, 'charlie', [C])).id;
    const charlieOwner = await loggedInOperator(t, charlieId, { username: 'cleo', host: C });
    await sql`
      INSERT INTO players (agency_id, username, password_hash, display_name)
      SELECT ${charlieId}, 'failing' || n, 'not-a-login', 'Failing ' || n FROM generate_series(1, 1000) n`.execute(t.db);
    await sql`
      INSERT INTO deposit_orders (agency_id, code, player_id, provider, amount_kip, credit_satang, rate_sell, rate_effective_at,
                                  status, idempotency_key, expires_at, created_at)
      SELECT ${charlieId}, 'FD' || substr(players.username, 8) || 'N' || n, players.id, 'askmebet', 100000, 15625, '640', now(),
             CASE WHEN n <= 20 THEN 'SUCCESS' ELSE 'CANCELED' END, 'failing-' || n, created, created
      FROM players
      CROSS JOIN LATERAL generate_series(1, CASE WHEN players.username = 'failing1' THEN 260 ELSE 21 END) n
      CROSS JOIN LATERAL (SELECT now() - interval '2 days' - (n / 6) * interval '1 day' AS created) at
      WHERE players.agency_id = ${charlieId}`.execute(t.db);
    await sql`ANALYZE players, deposit_orders, deposit_failure_days`.execute(t.db);
    const sent = await recordStatements(async () => {
      const flagged = await flags('kind=FAILED_DEPOSITS', charlieOwner, C);
      expect(flagged.length).toBeGreaterThanOrEqual(39);
    });
    const statement = sent.find(({ text }) => /from "deposit_failure_days"/.test(text));
    if (!statement) throw new Error('the failed deposits flag sent no statement reading deposit_failure_days');
    const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.text}`, statement.values));
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Cond: \([^\n]*\(created_at >= [^\n]*\(created_at < /);
    expect(plan).not.toMatch(/Filter: [^\n]*created_at/);
  });

  it('read the players of pass-through withdrawals by key, with no join the planner could turn into reading every player', async () => {
    const sent = await recordStatements(() => flags('kind=PASS_THROUGH_WITHDRAWAL', owner));
    const statement = sent.find(({ text }) => /from "withdrawals"/.test(text));
    if (!statement) throw new Error('the pass-through withdrawals flag sent no statement reading withdrawals');
    await t.db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${statement.text}`, statement.values),
      );
      await sql`reset enable_seqscan`.execute(connection);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('withdrawals_pass_through_idx');
      expect(plan).toMatch(/SubPlan[\s\S]*Index Scan using players_pkey on players/);
      expect(plan).not.toMatch(/Join|Nested Loop/);
    });
  });
});
