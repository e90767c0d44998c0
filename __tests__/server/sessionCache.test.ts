import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/database';
import { findSession, SESSION_COOKIE } from '../../server/domain/players';
import { buildTestApp, createTestAgency, heardBy, type TestApp } from '../support/app';
import { loggedInOperator } from '../support/operators';
import { createTestPlayer, createTestPlayerWithBank } from '../support/players';

/**
 * Each process caches its session checks; every change of what they hold, made through the API
 * here, in another process or by hand in the database, drops the player's entries.
 */
const A = 'alpha.example';
let t: TestApp;
/** A second API process: its own app and pool on the same database. */
let other: { app: FastifyInstance; db: Database };
let agencyId: string;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = createDatabase(t.url, 4);
  other = { app: await buildApp({ db, config: t.config }), db };
  await other.app.ready();
  agencyId = (await createTestAgency(t, 'alpha', [A])).id;
  owner = await loggedInOperator(t, agencyId, { username: 'anna', host: A });
});
afterAll(async () => {
  await other.app.close();
  await other.db.destroy();
  await t.close();
});

const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { host: A, cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
const info = (cookie: string, app = t.app) => call(app, 'GET', '/players/info', cookie);
const displayNameOf = async (cookie: string, app = t.app) =>
  (await info(cookie, app)).json<{ player: { displayName: string } }>().player.displayName;
const accountNumbersOf = async (cookie: string, app = t.app) =>
  (await info(cookie, app)).json<{ bankAccounts: { accountNumber: string }[] }>().bankAccounts.map((account) => account.accountNumber);
const login = async (app: FastifyInstance, username: string, password: string) => {
  const res = await call(app, 'POST', '/players/login', '', { username, password });
  expect(res.statusCode).toBe(200);
  return `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
};
/** Asks both processes twice: the second answer of each comes from its cache. */
async function cachedEverywhere(cookie: string) {
  for (const app of [t.app, other.app, t.app, other.app]) expect((await info(cookie, app)).statusCode).toBe(200);
}
/**
 * What the other process answers once the announcement reached it: PostgreSQL delivers a NOTIFY to
 * each listening connection on its own, so this asks every 5 ms for at most 500 ms (or `withinMs`).
 */
async function otherAnswers(
  ask: () => Promise<LightMyRequestResponse>,
  expected: (res: LightMyRequestResponse) => boolean,
  withinMs = 500,
) {
  const started = Date.now();
  for (;;) {
    const res = await ask();
    if (expected(res) || Date.now() - started > withinMs) return res;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the session cache', () => {
  it('drops a session on logout, in this process at once and in the other', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    expect((await call(t.app, 'POST', '/players/logout', player.cookie)).statusCode).toBe(200);
    expect((await info(player.cookie)).statusCode).toBe(401);
    expect(
      (
        await otherAnswers(
          () => info(player.cookie, other.app),
          (res) => res.statusCode === 401,
        )
      ).statusCode,
    ).toBe(401);
  });

  it("drops a player's sessions when an operator suspends the player, in both processes", async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    const res = await call(t.app, 'POST', `/admin/players/${player.id}/suspend`, owner, { reason: 'Chargeback reported' });
    expect(res.statusCode).toBe(200);
    expect((await info(player.cookie)).json().code).toBe('UNAUTHORIZED');
    expect(
      (
        await otherAnswers(
          () => info(player.cookie, other.app),
          (r) => r.statusCode === 401,
        )
      ).json().code,
    ).toBe('UNAUTHORIZED');
  });

  it("drops a player's sessions when an operator resets the password; the new session must change it", async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    const reset = await call(t.app, 'POST', `/admin/players/${player.id}/reset-password`, owner, { reason: 'Forgot password' });
    expect(reset.statusCode).toBe(200);
    expect((await info(player.cookie)).statusCode).toBe(401);
    expect(
      (
        await otherAnswers(
          () => info(player.cookie, other.app),
          (r) => r.statusCode === 401,
        )
      ).statusCode,
    ).toBe(401);

    const fresh = await login(other.app, player.username, reset.json<{ temporaryPassword: string }>().temporaryPassword);
    expect((await info(fresh, other.app)).json().credential.mustChangePassword).toBe(true);
    expect((await call(other.app, 'GET', '/players/bank-accounts', fresh)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it("drops the player's other sessions on their own password change, and this one shows the change", async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const second = await login(other.app, player.username, player.password);
    await cachedEverywhere(player.cookie);
    await cachedEverywhere(second);
    const body = { currentPassword: player.password, newPassword: 'brand-new-pass', confirmNewPassword: 'brand-new-pass' };
    expect((await call(t.app, 'POST', '/players/security/password/change', player.cookie, body)).statusCode).toBe(200);
    expect((await info(player.cookie)).json().credential.passwordChangedAt).not.toBeNull();
    expect((await info(second)).statusCode).toBe(401);
    expect(
      (
        await otherAnswers(
          () => info(second, other.app),
          (r) => r.statusCode === 401,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('shows an operator’s change of the bank account at once, in both processes', async () => {
    const player = await createTestPlayerWithBank(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    const accountNumber = '010130008888800001';
    const change = { bank: 'bcel', accountNumber, accountName: 'SOMPHONE KEOMANY', reason: 'Player changed bank' };
    expect((await call(t.app, 'PUT', `/admin/players/${player.id}/bank-account`, owner, change)).statusCode).toBe(200);
    expect(await accountNumbersOf(player.cookie)).toEqual([accountNumber]);
    const seen = await otherAnswers(
      () => info(player.cookie, other.app),
      (res) => res.json().bankAccounts[0]?.accountNumber === accountNumber,
    );
    expect(seen.json().bankAccounts).toMatchObject([{ accountNumber }]);
  });

  it('shows the bank account a player adds at once', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    expect(await accountNumbersOf(player.cookie)).toEqual([]);
    const account = { bank: 'bcel', accountNumber: '010130008888800002', accountName: 'SOMPHONE KEOMANY', currency: 'LAK', owner: true };
    expect((await call(t.app, 'POST', '/players/bank-accounts', player.cookie, account)).statusCode).toBe(201);
    expect(await accountNumbersOf(player.cookie)).toEqual([account.accountNumber]);
  });

  it('drops what a change made by hand in the database touches, in every process', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    await sql`UPDATE players SET display_name = 'Khamla' WHERE id = ${player.id}`.execute(t.db);
    await heardBy(t.app, t.db);
    await heardBy(other.app, t.db);
    expect(await displayNameOf(player.cookie)).toBe('Khamla');
    expect(await displayNameOf(player.cookie, other.app)).toBe('Khamla');
  });

  it('forgets everything when the listening connection is lost, so a change it missed is seen after it reconnects', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await cachedEverywhere(player.cookie);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %'`.execute(t.db);
    await sql`UPDATE players SET display_name = 'Noy' WHERE id = ${player.id}`.execute(t.db);
    const seen = await otherAnswers(
      () => info(player.cookie, other.app),
      (res) => res.json().player.displayName === 'Noy',
      3000,
    );
    expect(seen.json().player.displayName).toBe('Noy');

    // Listening again (made again after a quarter second), it hears the next change.
    for (const started = Date.now(); !other.app.changes.listening && Date.now() - started < 3000;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(other.app.changes.listening).toBe(true);
    await cachedEverywhere(player.cookie);
    await sql`UPDATE players SET display_name = 'Noy P.' WHERE id = ${player.id}`.execute(t.db);
    await heardBy(other.app, t.db);
    expect(await displayNameOf(player.cookie, other.app)).toBe('Noy P.');
  });

  it('keeps an answer no longer than until its session would slide, well before it expires', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const token = player.cookie.slice(`${SESSION_COOKIE}=`.length);
    const slid = await findSession(t.db, token, agencyId, 24);
    expect(slid!.reusableForMs).toBeGreaterThan(55_000);
    expect(slid!.reusableForMs).toBeLessThanOrEqual(60_000);

    // Slid 30 s ago: the next slide, and so the end of the cached answer, is 30 s away.
    await sql`UPDATE player_sessions SET expires_at = now() + interval '24 hours' - interval '30 seconds'
      WHERE player_id = ${player.id}`.execute(t.db);
    const later = await findSession(t.db, token, agencyId, 24);
    expect(later!.reusableForMs).toBeGreaterThan(25_000);
    expect(later!.reusableForMs).toBeLessThanOrEqual(30_000);
  });
});

describe('a session ended on one process', () => {
  const ROUNDS = 20;
  /** A change on the other process: a withdrawal, with a body that would do. */
  const withdraw = (cookie: string) => call(other.app, 'POST', '/withdrawals', cookie, { provider: 'askmebet', amount: '100' });
  const endings: Array<[string, (player: { id: string; cookie: string; username: string; password: string }) => Promise<string>]> = [
    [
      'a logout',
      async (player) => {
        expect((await call(t.app, 'POST', '/players/logout', player.cookie)).statusCode).toBe(200);
        return player.cookie;
      },
    ],
    [
      'an operator suspending the player',
      async (player) => {
        const res = await call(t.app, 'POST', `/admin/players/${player.id}/suspend`, owner, { reason: 'Chargeback reported' });
        expect(res.statusCode).toBe(200);
        return player.cookie;
      },
    ],
    [
      "the player's password change in another session",
      async (player) => {
        const second = await login(other.app, player.username, player.password);
        await info(second, other.app);
        const body = { currentPassword: player.password, newPassword: 'Mekong-river-2931', confirmNewPassword: 'Mekong-river-2931' };
        expect((await call(t.app, 'POST', '/players/security/password/change', player.cookie, body)).statusCode).toBe(200);
        return second;
      },
    ],
  ];

  it.each(endings)('stops every change on the other process as soon as %s has answered', async (_name, end) => {
    const answers: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const player = await createTestPlayer(t.db, agencyId);
      await cachedEverywhere(player.cookie);
      const ended = await end(player);
      answers.push((await withdraw(ended)).statusCode);
    }
    expect(answers).toEqual(Array.from({ length: ROUNDS }, () => 401));
  });
});
