import { buildTestApp, createTestAgency, racing, type TestApp } from '../support/app';
import { createTestPlayer, fundTestCredit, type TestPlayer } from '../support/players';
import { ensureMember } from '../../server/domain/providerWallets';
import { PROVIDERS, type Provider } from '../../contract/providers';
import { loadConfig } from '../../server/config';

let t: TestApp;
let agencyId: string;
let player: TestPlayer;
const HOST = 'credits.example';

beforeAll(async () => {
  t = await buildTestApp({ providerTimeoutMs: 2000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  agencyId = (await createTestAgency(t, 'credits', [HOST])).id;
  await createTestAgency(t, 'other', ['other.example']);
  player = await createTestPlayer(t.db, agencyId);
});
afterEach(async () => {
  for (const provider of PROVIDERS) await t.app.inject({ method: 'DELETE', url: `/sandbox/providers/${provider}/faults` });
});
afterAll(() => t.close());

const get = (url: string, cookie = player.cookie, host = HOST) => t.app.inject({ url, headers: { host, cookie } });
const post = (url: string, payload: unknown, cookie = player.cookie) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: HOST, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const credit = (who: TestPlayer, provider: Provider, amount: bigint) =>
  fundTestCredit({ db: t.db, providers: t.app.providers }, agencyId, who.id, amount, provider);

describe('GET /api/v2/players/credits/{provider}', () => {
  it('answers 0.00 THB at every provider for a new player, read live from the provider', async () => {
    for (const provider of PROVIDERS) {
      const res = await get(`/api/v2/players/credits/${provider}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ credit: { amount: '0.00', currency: 'THB' } });
    }
  });

  it('shows credit moved to the provider and what the player won there', async () => {
    const who = await createTestPlayer(t.db, agencyId);
    await credit(who, 'betflix', 1234_50n);
    expect((await get('/api/v2/players/credits/betflix', who.cookie)).json()).toEqual({ credit: { amount: '1234.50', currency: 'THB' } });
    const member = await ensureMember({ db: t.db, providers: t.app.providers }, { agencyId, playerId: who.id, provider: 'betflix' });
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/providers/betflix/transfers',
      payload: { ref: `gift-${who.id}`, member, direction: 'IN', amount: '0.50' },
    });
    expect((await get('/api/v2/players/credits/betflix', who.cookie)).json().credit.amount).toBe('1235.00');
  });

  it('answers 404 UNKNOWN_PROVIDER for an unknown provider', async () => {
    for (const name of ['pgsoft', 'ASKMEBET', 'gclub-live', '%27%3B--']) {
      const res = await get(`/api/v2/players/credits/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
    }
  });

  it('needs a session of this agency', async () => {
    expect((await get('/api/v2/players/credits/askmebet', '')).statusCode).toBe(401);
    expect((await get('/api/v2/players/credits/askmebet', player.cookie, 'other.example')).statusCode).toBe(401);
  });

  it('answers 503 PROVIDER_UNAVAILABLE while the provider is down, and recovers', async () => {
    await t.app.inject({ method: 'POST', url: '/sandbox/providers/gclub/faults', payload: { mode: 'error', share: 1 } });
    const down = await get('/api/v2/players/credits/gclub');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    await t.app.inject({ method: 'DELETE', url: '/sandbox/providers/gclub/faults' });
    expect((await get('/api/v2/players/credits/gclub')).statusCode).toBe(200);
  });
});

describe('GET /api/v2/games/{provider}', () => {
  it('lists askmebet by category tab, Slot by default', async () => {
    const slot = (await get('/api/v2/games/askmebet')).json();
    expect(slot).toMatchObject({ provider: 'askmebet', tab: 'Slot', lobby: false });
    expect(slot.tabs).toEqual(expect.arrayContaining(['Slot', 'Fishing', 'Table']));
    expect(slot.games.length).toBeGreaterThan(3);
    expect(slot.games.every((game: { category: string }) => game.category === 'Slot')).toBe(true);
    const fishing = (await get('/api/v2/games/askmebet?tab=Fishing')).json();
    expect(fishing.tab).toBe('Fishing');
    expect(fishing.games.map((g: { code: string }) => g.code)).not.toEqual(slot.games.map((g: { code: string }) => g.code));
  });

  it('lists betflix by list file (pp.txt by default), alphabet as one list, and gclub as a lobby', async () => {
    const betflix = (await get('/api/v2/games/betflix')).json();
    expect(betflix).toMatchObject({ tab: 'pp.txt', tabs: expect.arrayContaining(['pp.txt', 'pg.txt', 'jili.txt']) });
    expect((await get('/api/v2/games/betflix?tab=jili.txt')).json().tab).toBe('jili.txt');
    const alphabet = (await get('/api/v2/games/alphabet')).json();
    expect(alphabet).toMatchObject({ tab: null, tabs: [], lobby: false });
    expect(alphabet.games.length).toBeGreaterThan(3);
    for (const provider of ['gclub', 'gclub_live']) expect((await get(`/api/v2/games/${provider}`)).json()).toMatchObject({ lobby: true });
  });

  it('refuses an unknown tab or provider with a code', async () => {
    const tab = await get('/api/v2/games/askmebet?tab=Poker');
    expect(tab.statusCode).toBe(404);
    expect(tab.json()).toMatchObject({ code: 'UNKNOWN_GAME_TAB' });
    expect((await get('/api/v2/games/nobody')).json()).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
    expect((await get(`/api/v2/games/askmebet?tab=${'x'.repeat(51)}`)).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/v2/games/{provider}/launch and the sandbox game page', () => {
  it('answers NO_CREDIT when the player has no credit at that provider', async () => {
    const res = await post('/api/v2/games/askmebet/launch', { gameCode: 'amb-golden-naga-fortune' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_CREDIT' });
  });

  it('refuses bad bodies, unknown games and unknown providers', async () => {
    const who = await createTestPlayer(t.db, agencyId);
    await credit(who, 'askmebet', 10_00n);
    expect((await post('/api/v2/games/askmebet/launch', { gameCode: 'no-such-game' }, who.cookie)).json()).toMatchObject({
      code: 'UNKNOWN_GAME',
    });
    expect((await post('/api/v2/games/askmebet/launch', { gameCode: 'amb-lucky-lotus', extra: 1 }, who.cookie)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect((await post('/api/v2/games/askmebet/launch', { gameCode: { code: 'amb-lucky-lotus' } }, who.cookie)).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect((await post('/api/v2/games/nobody/launch', {}, who.cookie)).json()).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
  });

  it('opens a playable slot page whose bets really change the provider wallet and count as turnover', async () => {
    const who = await createTestPlayer(t.db, agencyId);
    await credit(who, 'askmebet', 100_00n);
    const launch = await post('/api/v2/games/askmebet/launch', { gameCode: 'amb-lucky-lotus', language: 'lo' }, who.cookie);
    expect(launch.statusCode).toBe(200);
    const { url } = launch.json();
    expect(url).toMatch(/^\/sandbox\/providers\/askmebet\/play\/[\w-]+$/);

    const page = await t.app.inject(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Lucky Lotus');
    expect(page.body).toContain('100.00');
    expect(page.body).toContain('<script src="/sandbox/providers/assets/slot.js" defer></script>');
    // Under the site's CSP (script-src 'self') only script files run: the page has no inline script.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/sandbox/providers/assets/slot.js" defer>']);
    const script = await t.app.inject('/sandbox/providers/assets/slot.js');
    expect(script.headers['content-type']).toContain('text/javascript');

    const member = await ensureMember({ db: t.db, providers: t.app.providers }, { agencyId, playerId: who.id, provider: 'askmebet' });
    await t.app.inject({
      method: 'PUT',
      url: `/sandbox/providers/askmebet/members/${member}/rigged-spins`,
      payload: {
        reels: [
          ['STAR', 'STAR', 'STAR'],
          ['SEVEN', 'CLUB', 'HEART'],
        ],
      },
    });
    const win = await t.app.inject({
      method: 'POST',
      url: `${url}/spins`,
      payload: { stake: '10.00', game: 'ignored-for-a-launched-game' },
    });
    expect(win.json()).toEqual({
      reels: ['STAR', 'STAR', 'STAR'],
      stake: '10.00',
      payout: '300.00',
      balance: '390.00',
      display: { payout: '300,00', balance: '390,00' },
    });
    const loss = await t.app.inject({ method: 'POST', url: `${url}/spins`, payload: { stake: '50.00', game: 'x' } });
    expect(loss.json()).toMatchObject({ payout: '0.00', balance: '340.00' });
    expect((await get('/api/v2/players/credits/askmebet', who.cookie)).json().credit.amount).toBe('340.00');
    expect(await t.app.providers.turnover('askmebet', member)).toEqual({ turnover: 60_00n, bets: 2 });

    for (const stake of ['7.00', '-10.00', '1e3'])
      expect((await t.app.inject({ method: 'POST', url: `${url}/spins`, payload: { stake, game: 'x' } })).statusCode).toBe(400);
    const losing = Array.from({ length: 5 }, () => ['SEVEN', 'CLUB', 'HEART']);
    await t.app.inject({ method: 'PUT', url: `/sandbox/providers/askmebet/members/${member}/rigged-spins`, payload: { reels: losing } });
    const spins = await racing(t, () =>
      Promise.all(
        Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: `${url}/spins`, payload: { stake: '100.00', game: 'x' } })),
      ),
    );
    expect(spins.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(spins.filter((res) => res.statusCode === 409).map((res) => res.json().code)).toEqual([
      'INSUFFICIENT_BALANCE',
      'INSUFFICIENT_BALANCE',
    ]);
    expect((await get('/api/v2/players/credits/askmebet', who.cookie)).json().credit.amount).toBe('40.00');
  });

  it('opens the lobby for gclub, and refuses an unknown game session', async () => {
    const who = await createTestPlayer(t.db, agencyId);
    await credit(who, 'gclub', 5_00n);
    const { url } = (await post('/api/v2/games/gclub/launch', {}, who.cookie)).json();
    const lobby = await t.app.inject(url);
    expect(lobby.body).toContain('Baccarat A1');
    const table = await t.app.inject(`${url}?game=gc-baccarat-a1`);
    expect(table.body).toContain('data-game="gc-baccarat-a1"');
    const expired = await t.app.inject('/sandbox/providers/gclub/play/not-a-token');
    expect(expired.statusCode).toBe(404);
    expect((await t.app.inject('/sandbox/providers/nobody/games')).json()).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
  });
});

describe('provider configuration', () => {
  it('uses PROVIDER_URL_<NAME> instead of the sandbox, which is then not served for that provider', async () => {
    // Nothing listens on port 1: the configured provider refuses at once, while the sandbox still
    // answers the others within the usual timeout however busy the machine is.
    const config = loadConfig({ PROVIDER_URL_ASKMEBET: 'http://127.0.0.1:1/askmebet/' });
    expect(config.providerUrls).toEqual({ askmebet: 'http://127.0.0.1:1/askmebet' });
    const other = await buildTestApp({ providerUrls: config.providerUrls });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const agency = await createTestAgency(other, 'configured', ['configured.example']);
      const who = await createTestPlayer(other.db, agency.id);
      const askmebet = await other.app.inject({
        url: '/api/v2/players/credits/askmebet',
        headers: { host: 'configured.example', cookie: who.cookie },
      });
      expect(askmebet.statusCode).toBe(503);
      expect(askmebet.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
      const betflix = await other.app.inject({
        url: '/api/v2/players/credits/betflix',
        headers: { host: 'configured.example', cookie: who.cookie },
      });
      expect(betflix.json()).toEqual({ credit: { amount: '0.00', currency: 'THB' } });
      expect((await other.app.inject('/sandbox/providers/askmebet/games')).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('refuses a provider URL that is not http(s) at start-up', () => {
    expect(() => loadConfig({ PROVIDER_URL_GCLUB_LIVE: 'ftp://example.com' })).toThrow(/PROVIDER_URL_GCLUB_LIVE/);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '5' })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });

  it('keeps the sandbox out of the API document and still serves it', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v2/players/credits/{provider}', '/api/v2/games/{provider}', '/api/v2/games/{provider}/launch']),
    );
    expect(paths.some((path) => path.startsWith('/sandbox'))).toBe(false);
  });
});
