import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildTestApp, createTestAgency, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { loggedInOperator } from '../support/operators';
import { projectRoot } from '../../server/config';
import { createPromotion, setPromotionStatus } from '../../server/domain/promotions';
import { DEMO_PROMOTIONS } from '../../server/seedPromotions';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../../contract/pageRender';
import lo from '../../public/locales/lo/home.json';
import loShell from '../../public/locales/lo/shell.json';
import cnShell from '../../public/locales/cn/shell.json';
import vnShell from '../../public/locales/vn/shell.json';
import loAuth from '../../public/locales/lo/auth.json';

// The pages of the players' site rendered by the server from the real build (dist/server/render.js).

const A = 'alpha.example';
const B = 'bravo.example';
let t: TestApp;
let alphaId: string;
let player: TestPlayer;
let owner: string;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts', '--if-stale'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building dist/ failed');
  t = await buildTestApp({ distDir: path.join(projectRoot, 'dist') });
  alphaId = (await createTestAgency(t, 'Alpha Lucky', [A])).id;
  await createTestAgency(t, 'Bravo Star', [B]);
  player = await createTestPlayer(t.db, alphaId, 'somchai');
  owner = await loggedInOperator(t, alphaId, { username: 'anna', host: A });
}, 900_000);
afterAll(() => t.close());

const page = (url: string, host = A, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

/** The fonts a page preloads, in order (the build writes its tags' attributes unquoted). */
const fontPreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="?preload"? href="?([^"\s>]+)"? as="?font"?/g)].map((match) => match[1]);

function stateOf(html: string): PageState {
  const match = new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('the page has no state');
  return JSON.parse(match[1]) as PageState;
}

const registerIn = (minutes: number, texts = loShell) => texts.banner.registerIn.replace('{{minutes}}', String(minutes));

describe('public pages', () => {
  it('GET / is complete HTML in Lao: the home text, the agency name, the styles, and the state the browser starts from', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="lo"');
    expect(html).toContain(lo.hero.title);
    expect(html).toContain(registerIn(1));
    expect(html).toContain('<title>Alpha Lucky</title>');
    // styled-components' rules, in the head, for the classes the markup uses.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style data-styled="true"[^>]*>[^<]*\.[\w-]+\{/);
    // Both Lao faces are fetched before the first layout finds them.
    expect(fontPreloadsOf(head)).toEqual(['/fonts/NotoSansLao-Regular.woff2', '/fonts/NotoSansLao-Bold.woff2']);
    const state = stateOf(html);
    expect(state.language).toBe('lo');
    expect(Object.keys(state.translations)).toEqual(expect.arrayContaining(['common', 'shell', 'home']));
    expect(JSON.stringify(state.api)).toContain('Alpha Lucky');
  });

  it('allows the state script by its hash alone: script-src stays without unsafe-inline', async () => {
    const res = await page('/login');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    const state = /<script type="application\/json" id="champa-state">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(scriptSrc).toContain(createHash('sha256').update(state).digest('base64'));
  });

  it('renders /login and /register as whole pages, and the cannot-enter screen for an unknown host', async () => {
    const login = await page('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(loAuth.login.title);
    expect(login.body).toContain('name="username"');
    const register = await page('/register');
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain(loAuth.register.title);
    const unknown = await page('/', 'nobody.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('data-testid="cannot-enter"');
  });

  it('renders in the language the visitor chose (its cookie), with that language in the state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: A, cookie: 'i18nextLng=cn' } });
    expect(res.body).toContain('<html lang="zh-CN"');
    expect(res.body).toContain(registerIn(1, cnShell));
    expect(stateOf(res.body).language).toBe('cn');
    // Every page preloads both Lao faces: the drawer names Lao in Lao on every page, and without the
    // faces' own spaces a Thai page's labels overflowed a phone (see the layout sweep).
    expect(fontPreloadsOf(res.body)).toEqual(['/fonts/NotoSansLao-Regular.woff2', '/fonts/NotoSansLao-Bold.woff2']);
  });

  it('sends a logged-in player from a public page to /player', async () => {
    const res = await page('/', A, player.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/player');
  });
});

describe('player pages', () => {
  it('renders the shell of /player for a logged-in player, with the display name and the session in the state', async () => {
    const res = await page('/player', A, player.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('data-testid="player-area"');
    expect(res.body).toContain('somchai');
    expect(res.body).toContain('data-testid="open-drawer"');
    expect(JSON.stringify(stateOf(res.body).api)).toContain(player.id);
  });

  it('brings the break texts with a page that starts play, so one opened during a break shows no keys while they load', async () => {
    const res = await page('/player/deposit', A, player.cookie);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(stateOf(res.body).translations)).toEqual(expect.arrayContaining(['common', 'breaks']));
  });

  it('sends a visitor from /player to /login', async () => {
    const res = await page('/player/deposit');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('answers a path no route serves with the Not Found page', async () => {
    const res = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });
});

describe("the visitors' page cache", () => {
  const setMinutes = (minutes: number) =>
    t.db
      .insertInto('agency_site_settings')
      .values({ agency_id: alphaId, signup_minutes: minutes, game_count: 1000 })
      .onConflict((oc) => oc.column('agency_id').doUpdateSet({ signup_minutes: minutes }))
      .execute();

  it('keeps a page per agency and language until dropAgencyPages drops that agency’s pages', async () => {
    expect((await page('/')).body).toContain(registerIn(1));
    expect((await page('/', B)).body).toContain('Bravo Star');
    // Written behind the server's back: the cached page does not show it...
    await setMinutes(7);
    expect((await page('/')).body).toContain(registerIn(1));
    // ...a page asked with a query is rendered afresh, never kept...
    expect((await page('/?from=ad')).body).toContain(registerIn(7));
    // ...another language is a page of its own, rendered now.
    const vn = await t.app.inject({ method: 'GET', url: '/', headers: { host: A, cookie: 'i18nextLng=vn' } });
    expect(vn.body).toContain(registerIn(7, vnShell));
    t.app.sitePages.dropAgencyPages(alphaId);
    expect((await page('/')).body).toContain(registerIn(7));
    expect((await page('/', B)).body).toContain('Bravo Star');
  });

  it('shows a new promotion, and no longer one switched off, in the next page', async () => {
    const name = 'ໂບນັດວັນຊາດ 20%';
    expect((await page('/')).body).not.toContain(name);
    const promotion = await createPromotion(t.db, alphaId, { ...DEMO_PROMOTIONS[0], name: { ...DEMO_PROMOTIONS[0].name, lo: name } });
    await t.heard();
    expect((await page('/')).body).toContain(name);
    await setPromotionStatus(t.db, alphaId, promotion.id, 'INACTIVE');
    await t.heard();
    expect((await page('/')).body).not.toContain(name);
  });

  it("shows an owner's settings change in the next page", async () => {
    expect((await page('/login')).body).toContain('<title>Alpha Lucky</title>');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/admin/settings/agency',
      headers: { host: A, cookie: owner, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'new name', name: 'Alpha Gold', site: { signUpMinutes: 2, gameCount: 1500 } }),
    });
    expect(res.statusCode).toBe(200);
    const html = (await page('/')).body;
    expect(html).toContain('<title>Alpha Gold</title>');
    expect(html).toContain(registerIn(2));
    expect((await page('/login')).body).toContain('<title>Alpha Gold</title>');
  });
});
