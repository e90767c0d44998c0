import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/database';
import { setRate } from '../../server/domain/agencies';
import { setReceivingAccount } from '../../server/domain/deposits';
import { DEMO_RECEIVING_ACCOUNT } from '../../server/seed';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { createTestPlayerWithBank, fundTestCredit } from '../support/players';
import type { AgencySettings } from '../../contract/adminSettings';

const A = 'alpha.example';
const WWW = 'www.alpha.example';
const B = 'bravo.example';
const REASON = 'new domain for the Lao market';
let t: TestApp;
/** A second API process: its own app and pool on the same database. */
let other: { app: FastifyInstance; db: Database };
let alphaId: string;
let bravoId: string;
let owner: string;
let staff: string;
let bravoOwner: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = createDatabase(t.url, 4);
  other = { app: await buildApp({ db, config: t.config }), db };
  await other.app.ready();
  alphaId = (await createTestAgency(t, 'alpha', [A, WWW])).id;
  bravoId = (await createTestAgency(t, 'bravo', [B])).id;
  await setReceivingAccount(t.db, alphaId, DEMO_RECEIVING_ACCOUNT);
  await setRate(t.db, alphaId, 'THB', '600', '640', 'test');
  owner = await loggedInOperator(t, alphaId, { username: 'anna', host: A });
  staff = await loggedInOperator(t, alphaId, { username: 'sam', password: 'staff-password-1', role: 'staff', host: A });
  bravoOwner = await loggedInOperator(t, bravoId, { username: 'bob', host: B });
});
afterAll(async () => {
  await other.app.close();
  await other.db.destroy();
  await t.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: unknown, host = A) =>
  t.app.inject({
    method,
    url,
    headers: { host, cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
const settingsOf = async () => (await call('GET', '/api/v2/admin/settings/agency', owner)).json<AgencySettings>();
const addHost = (host: unknown, cookie = owner, via = A) =>
  call('POST', '/api/v2/admin/settings/agency/hosts', cookie, { host, reason: REASON }, via);
const removeHost = (host: string, cookie = owner, via = A, reason: string = REASON) =>
  call('DELETE', `/api/v2/admin/settings/agency/hosts/${encodeURIComponent(host)}`, cookie, { reason }, via);
const setWithdrawals = (withdrawals: Record<string, unknown>, cookie = owner) =>
  call('PUT', '/api/v2/admin/settings/agency', cookie, { reason: 'summer limits', withdrawals });
const auditsOf = (action: string) =>
  t.db
    .selectFrom('operator_audit_log')
    .select(['actor', 'target', 'reason', 'details'])
    .where('agency_id', '=', alphaId)
    .where('action', '=', action)
    .orderBy('created_at')
    .execute();
const hostsInDb = async (agencyId = alphaId) =>
  (await t.db.selectFrom('agency_domains').select('host').where('agency_id', '=', agencyId).orderBy('host').execute()).map((r) => r.host);
const agencyAt = (app: FastifyInstance, host: string) => app.inject({ method: 'GET', url: '/api/v2/agency', headers: { host } });
/**
 * What the other process answers once the announcement reached it: PostgreSQL delivers a NOTIFY to
 * each listening connection on its own, so this asks every 5 ms, and the answer must come within
 * 500 ms, far inside the cache's 30 s expiry. Returns what it answered and after how long.
 */
async function otherAnswers(host: string, expected: (res: Awaited<ReturnType<typeof agencyAt>>) => boolean) {
  const started = Date.now();
  for (;;) {
    const res = await agencyAt(other.app, host);
    if (expected(res) || Date.now() - started > 500) return { res, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('hosts served', () => {
  it('adds a host with the reason and one audit entry; the site answers on it', async () => {
    const res = await addHost('xn--42c6bxa.example');
    expect(res.statusCode).toBe(200);
    expect(res.json<AgencySettings>().hosts).toEqual([A, WWW, 'xn--42c6bxa.example']);
    expect((await agencyAt(t.app, 'xn--42c6bxa.example')).json().agency.id).toBe(alphaId);
    expect((await auditsOf('ADD_AGENCY_HOST')).slice(-1)[0]).toMatchObject({
      actor: 'anna',
      target: 'xn--42c6bxa.example',
      reason: REASON,
    });
  });

  it.each([
    'Alpha2.example',
    'https://alpha2.example',
    'alpha2.example:8080',
    'alpha2.example/play',
    '-alpha.example',
    'alpha..example',
    '',
  ])('refuses %p with 400 and changes nothing', async (host) => {
    const before = await hostsInDb();
    const res = await addHost(host);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await hostsInDb()).toEqual(before);
  });

  it('refuses a host another agency serves with 409 HOST_IN_USE', async () => {
    const res = await addHost(B);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('HOST_IN_USE');
    expect(await hostsInDb(bravoId)).toEqual([B]);
  });

  it('refuses to remove the host the owner is using with 409 HOST_CURRENT', async () => {
    const res = await removeHost(A);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('HOST_CURRENT');
    expect(await hostsInDb()).toContain(A);
  });

  it('refuses to remove the last host with 409 LAST_HOST', async () => {
    const res = await removeHost(B, bravoOwner, B);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_HOST');
    expect(await hostsInDb(bravoId)).toEqual([B]);
  });

  it('answers 404 for a host of another agency and changes nothing', async () => {
    const res = await removeHost(B);
    expect(res.statusCode).toBe(404);
    expect(await hostsInDb(bravoId)).toEqual([B]);
  });

  it('refuses staff with 403 and a change without a reason with 400', async () => {
    expect((await addHost('staff.example', staff)).statusCode).toBe(403);
    expect((await removeHost(WWW, staff)).statusCode).toBe(403);
    expect((await removeHost(WWW, owner, A, '')).statusCode).toBe(400);
    expect(await hostsInDb()).toContain(WWW);
  });

  it('removes a host: every API process stops answering on it at once', async () => {
    // both processes have the host's agency cached
    expect((await agencyAt(t.app, WWW)).statusCode).toBe(200);
    expect((await agencyAt(other.app, WWW)).statusCode).toBe(200);
    const res = await removeHost(WWW);
    expect(res.statusCode).toBe(200);
    expect(res.json<AgencySettings>().hosts).not.toContain(WWW);
    const { res: answer, ms } = await otherAnswers(WWW, (r) => r.statusCode === 404);
    expect(answer.statusCode).toBe(404);
    expect(ms).toBeLessThan(500);
    expect((await agencyAt(t.app, WWW)).statusCode).toBe(404);
    expect((await auditsOf('REMOVE_AGENCY_HOST')).slice(-1)[0]).toMatchObject({ target: WWW, reason: REASON });
  });
});

describe('one agency cache across processes', () => {
  it('the other process answers a new name at once', async () => {
    expect((await agencyAt(other.app, A)).json().agency.name).toBe('alpha');
    const res = await call('PUT', '/api/v2/admin/settings/agency', owner, { name: 'Alpha Lucky', reason: 'rebranding' });
    expect(res.statusCode).toBe(200);
    const { res: answer, ms } = await otherAnswers(A, (r) => r.json().agency.name === 'Alpha Lucky');
    expect(answer.json().agency.name).toBe('Alpha Lucky');
    expect(ms).toBeLessThan(500);
  });

  it('announces every settings change of the console on agency_changed, and none of a refused one', async () => {
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    const heard: string[] = [];
    client.on('notification', (message) => heard.push(`${message.channel}:${message.payload}`));
    await client.query('LISTEN agency_changed');
    const changes: [Method, string, unknown][] = [
      ['PUT', '/api/v2/admin/settings/withdrawal-review', { fourEyesThb: '20000', reason: 'big payouts' }],
      ['PUT', '/api/v2/admin/operators/settings', { staffTotpRequired: false, reason: 'audit advice' }],
      ['PUT', '/api/v2/admin/receiving-account', { merchantCity: 'PAKSE', reason: 'moved' }],
      ['PUT', '/api/v2/admin/settings/agency', { site: { signUpMinutes: 2, gameCount: 900 }, reason: 'new games' }],
    ];
    for (const [method, url, body] of changes) {
      const res = await call(method, url, owner, body);
      expect([url, res.statusCode < 300]).toEqual([url, true]);
    }
    expect((await setWithdrawals({ minThb: '0', maxThb: '10', dailyLimit: 1, autoApproveThb: '0' })).statusCode).toBe(400);
    await client.query('SELECT 1');
    await client.end();
    expect(heard).toEqual(changes.map(() => `agency_changed:${alphaId}`));
  });

  it('listens again after losing its connection, and forgets every cached agency then', async () => {
    expect((await agencyAt(other.app, A)).json().agency.name).toBe('Alpha Lucky');
    // written behind the API's back: nothing is announced, so the cache still answers the old name
    await t.db.updateTable('agencies').set({ name: 'Alpha Quiet' }).where('id', '=', alphaId).execute();
    expect((await agencyAt(other.app, A)).json().agency.name).toBe('Alpha Lucky');
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN agency_changed%'`.execute(t.db);
    // both processes lost their listener; each forgets its cache once it listens again
    const names = async () => [(await agencyAt(t.app, A)).json().agency.name, (await agencyAt(other.app, A)).json().agency.name];
    const deadline = Date.now() + 10_000;
    while ((await names()).some((name) => name !== 'Alpha Quiet') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await names()).toEqual(['Alpha Quiet', 'Alpha Quiet']);
    const res = await call('PUT', '/api/v2/admin/settings/agency', owner, { name: 'Alpha Lucky', reason: 'rebranding back' });
    expect(res.statusCode).toBe(200);
    const { res: answer, ms } = await otherAnswers(A, (r) => r.json().agency.name === 'Alpha Lucky');
    expect(answer.json().agency.name).toBe('Alpha Lucky');
    expect(ms).toBeLessThan(500);
  });

  it('closes its listening connection when the app closes', async () => {
    const listening = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN agency_changed%'`.execute(t.db)
        ).rows[0].n,
      );
    const third = createDatabase(t.url, 1);
    const app = await buildApp({ db: third, config: t.config });
    await app.ready();
    const before = await listening();
    await app.close();
    await third.destroy();
    expect(await listening()).toBe(before - 1);
  });
});

describe('withdrawal rules per agency', () => {
  const player = () => createTestPlayerWithBank(t.db, alphaId);
  const withdraw = (cookie: string, amount: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/withdrawals',
      headers: { host: A, cookie, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify({ provider: 'askmebet', amount }),
    });
  const deps = () => ({ db: t.db, providers: t.app.providers });

  it('sets the agency’s rules with one audit entry; the player’s limits show them', async () => {
    const res = await setWithdrawals({ minThb: '50', maxThb: '2000', dailyLimit: 10, autoApproveThb: '150.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AgencySettings>().withdrawals).toEqual({
      minThb: '50.00',
      maxThb: '2000.00',
      dailyLimit: 10,
      autoApproveThb: '150.50',
    });
    expect((await auditsOf('SET_AGENCY_SETTINGS')).slice(-1)[0]).toMatchObject({
      actor: 'anna',
      reason: 'summer limits',
      details: {
        'withdrawals.minThb': '50.00',
        'withdrawals.maxThb': '2000.00',
        'withdrawals.dailyLimit': '10',
        'withdrawals.autoApproveThb': '150.50',
      },
    });
    const someone = await player();
    const limits = await t.app.inject({ url: '/api/v2/withdrawals/limits', headers: { host: A, cookie: someone.cookie } });
    expect(limits.json()).toEqual({ minAmount: '50.00', maxAmount: '2000.00', dailyLimit: 10, usedToday: 0 });
    // another agency keeps the environment's rules
    expect((await call('GET', '/api/v2/admin/settings/agency', bravoOwner, undefined, B)).json<AgencySettings>().withdrawals.maxThb).toBe(
      '100000.00',
    );
  });

  it.each([
    ['a minimum of 0', { minThb: '0' }, 'withdrawals.minThb'],
    ['a minimum above the maximum', { minThb: '2500' }, 'withdrawals.maxThb'],
    ['an amount that is not THB', { maxThb: '2000.005' }, 'withdrawals.maxThb'],
    ['no withdrawal a day', { dailyLimit: 0 }, 'withdrawals.dailyLimit'],
    ['1001 withdrawals a day', { dailyLimit: 1001 }, 'withdrawals.dailyLimit'],
    ['half a withdrawal a day', { dailyLimit: 1.5 }, ''],
    ['an auto-approve amount above the maximum', { autoApproveThb: '2000.01' }, 'withdrawals.autoApproveThb'],
    ['a negative auto-approve amount', { autoApproveThb: '-1' }, 'withdrawals.autoApproveThb'],
  ])('refuses %s with 400 and changes nothing', async (_name, field, problem) => {
    const before = (await settingsOf()).withdrawals;
    const res = await setWithdrawals({ ...before, ...field });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(problem);
    expect((await settingsOf()).withdrawals).toEqual(before);
  });

  it('refuses staff with 403', async () => {
    const res = await setWithdrawals({ minThb: '1', maxThb: '10', dailyLimit: 1, autoApproveThb: '1' }, staff);
    expect(res.statusCode).toBe(403);
    expect((await settingsOf()).withdrawals.maxThb).toBe('2000.00');
  });

  it('refuses a withdrawal over the agency’s new maximum with WITHDRAW_ABOVE_MAXIMUM, and moves nothing', async () => {
    const someone = await player();
    await fundTestCredit(deps(), alphaId, someone.id, 3000_00n);
    const res = await withdraw(someone.cookie, '2000.01', 'over-max-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WITHDRAW_ABOVE_MAXIMUM');
    expect(await t.db.selectFrom('withdrawals').select('code').where('player_id', '=', someone.id).execute()).toEqual([]);
  });

  it('pays out at once up to the agency’s auto-approve amount and leaves a larger one to an operator', async () => {
    const someone = await player();
    await fundTestCredit(deps(), alphaId, someone.id, 1000_00n);
    const small = await withdraw(someone.cookie, '150.50', 'auto-approve-1');
    expect(small.statusCode).toBe(201);
    expect(small.json().withdrawal.status).toBe('SUCCESS');
    const large = await withdraw(someone.cookie, '150.51', 'auto-approve-2');
    expect(large.statusCode).toBe(201);
    expect(large.json().withdrawal.status).toBe('OPEN');
  });
});
