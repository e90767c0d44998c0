import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

let t: TestApp;
let alpha: { id: string };
let player: TestPlayer;

beforeAll(async () => {
  t = await buildTestApp();
  alpha = await createTestAgency(t, 'alpha', ['alpha.example']);
  await createTestAgency(t, 'bravo', ['bravo.example']);
  player = await createTestPlayer(t.db, alpha.id, 'somchai');
  await t.db.updateTable('players').set({ display_name: 'Somchai V.' }).where('id', '=', player.id).execute();
});
afterAll(() => t.close());

const info = (host: string) => t.app.inject({ url: '/api/v2/agency/info', headers: { host } }).then((res) => res.json().agency.site);

describe("the header's numbers in GET /api/v2/agency/info", () => {
  it("serves the agency's own sign-up minutes and game count, and the defaults to an agency without its own", async () => {
    await t.db.insertInto('agency_site_settings').values({ agency_id: alpha.id, signup_minutes: 3, game_count: 1500 }).execute();
    expect(await info('alpha.example')).toEqual({ signUpMinutes: 3, gameCount: 1500 });
    expect(await info('bravo.example')).toEqual({ signUpMinutes: 1, gameCount: 1000 });
  });

  it('refuses numbers no header could show', async () => {
    const bad = t.db
      .insertInto('agency_site_settings')
      .values({ agency_id: alpha.id, signup_minutes: 0, game_count: 10 })
      .onConflict((oc) => oc.column('agency_id').doUpdateSet({ signup_minutes: 0 }))
      .execute();
    await expect(bad).rejects.toThrow(/check constraint/);
    expect(await info('alpha.example')).toEqual({ signUpMinutes: 3, gameCount: 1500 });
  });
});

describe('GET /api/v2/players/info', () => {
  it("answers the logged-in player's display name", async () => {
    const res = await t.app.inject({ url: '/api/v2/players/info', headers: { host: 'alpha.example', cookie: player.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ player: { id: player.id, username: 'somchai', displayName: 'Somchai V.' }, bankAccounts: [] });
  });

  it('answers 401 UNAUTHORIZED without a session, and for a session of another agency', async () => {
    const none = await t.app.inject({ url: '/api/v2/players/info', headers: { host: 'alpha.example' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const elsewhere = await t.app.inject({ url: '/api/v2/players/info', headers: { host: 'bravo.example', cookie: player.cookie } });
    expect(elsewhere.statusCode).toBe(401);
  });
});
