import { sql } from 'kysely';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { addTestBankAccount, createTestPlayer } from '../support/players';
import { recordStatements } from '../../bench/statements';
import { endSession, SESSION_COOKIE } from '../../server/domain/players';

/**
 * The session check of every player route: one prepared statement, then cached, never a stale
 * answer. Writes made here straight to the database are heard as another process's would be, so
 * each waits for t.heard() (sessionCache.test.ts has the changes made through the API).
 */
let t: TestApp;
let agencyId: string;

beforeAll(async () => {
  t = await buildTestApp();
  agencyId = (await createTestAgency(t, 'alpha', ['alpha.example'])).id;
  await createTestAgency(t, 'bravo', ['bravo.example']);
});
afterAll(() => t.close());

const info = (cookie: string, host = 'alpha.example') => t.app.inject({ url: '/api/v2/players/info', headers: { host, cookie } });

describe('GET /api/v2/players/info', () => {
  it('reads session, player and bank accounts in one named prepared statement, then none while cached', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    await addTestBankAccount(t.db, agencyId, player.id);
    await info((await createTestPlayer(t.db, agencyId)).cookie); // warms the agency cache: only the session check is left

    const check = () =>
      recordStatements(async () => {
        const res = await info(player.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          player: { id: player.id, username: player.username },
          credential: { mustChangePassword: false, passwordChangedAt: null },
          bankAccounts: [{ bank: 'bcel', currency: 'LAK', accountName: 'SOMPHONE KEOMANY' }],
        });
      });
    const first = await check();
    expect(first).toHaveLength(1);
    expect(first[0].name).toMatch(/^p[0-9a-f]{24}$/);
    expect(await check()).toEqual([]);
  });

  it('answers what separate reads of the player and the bank accounts would', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const before = (await info(player.cookie)).json();
    expect(before.bankAccounts).toEqual([]);
    await addTestBankAccount(t.db, agencyId, player.id);
    await t.heard();
    const [account] = await t.db.selectFrom('bank_accounts').selectAll().where('player_id', '=', player.id).execute();
    const row = await t.db.selectFrom('players').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow();
    expect((await info(player.cookie)).json()).toEqual({
      player: { id: player.id, username: player.username, displayName: row.display_name, createdAt: row.created_at.toISOString() },
      credential: { passwordChangedAt: null, mustChangePassword: false },
      bankAccounts: [
        {
          id: account.id,
          bank: account.bank,
          accountNumber: account.account_number,
          accountName: account.account_name,
          currency: account.currency,
          createdAt: account.created_at.toISOString(),
        },
      ],
    });
  });

  it('refuses a session once its revocation is heard, though it was cached and its check prepared before', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    for (let i = 0; i < 5; i++) expect((await info(player.cookie)).statusCode).toBe(200);
    await endSession(t.db, player.cookie.slice(`${SESSION_COOKIE}=`.length), agencyId);
    await t.heard();
    expect((await info(player.cookie)).json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const suspended = await createTestPlayer(t.db, agencyId);
    expect((await info(suspended.cookie)).statusCode).toBe(200);
    // A suspension that raced past the revocation of its sessions still ends them.
    await sql`UPDATE players SET suspended_at = now() WHERE id = ${suspended.id}`.execute(t.db);
    await t.heard();
    expect((await info(suspended.cookie)).statusCode).toBe(401);
  });

  it("refuses an expired session and another agency's session", async () => {
    const player = await createTestPlayer(t.db, agencyId);
    expect((await info(player.cookie, 'bravo.example')).statusCode).toBe(401);
    expect((await info(player.cookie)).statusCode).toBe(200);
    await sql`UPDATE player_sessions SET expires_at = now() - interval '1 second' WHERE player_id = ${player.id}`.execute(t.db);
    await t.heard();
    expect((await info(player.cookie)).statusCode).toBe(401);
  });

  it('slides the expiry within the same statement, at most once a minute', async () => {
    const player = await createTestPlayer(t.db, agencyId);
    const expiry = async () =>
      (await t.db.selectFrom('player_sessions').select('expires_at').where('player_id', '=', player.id).executeTakeFirstOrThrow())
        .expires_at;
    const created = await expiry();
    expect((await info(player.cookie)).statusCode).toBe(200);
    const slid = await expiry();
    expect(slid.getTime()).toBeGreaterThan(created.getTime());
    expect((await info(player.cookie)).statusCode).toBe(200);
    expect((await expiry()).getTime()).toBe(slid.getTime());
  });
});
