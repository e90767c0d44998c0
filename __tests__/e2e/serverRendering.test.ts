import type { ConsoleMessage, Page } from 'playwright-core';
import { DESKTOP, PHONE, loggedIn, overflowingElements, screenshot, waitForApp } from '../support/browser';
import { createTestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';
import { LANGUAGE_STORAGE_KEY } from '../../contract/languages';
import loHome from '../../public/locales/lo/home.json';
import loAuth from '../../public/locales/lo/auth.json';
import thHome from '../../public/locales/th/home.json';

const e2e = e2eSite();

/**
 * Everything the page says on the console or throws: a hydration mismatch shows up here. The
 * visitor's player info answering 401 (the browser logs every failed response) is the site's
 * ordinary "nobody is logged in".
 */
function complaintsOf(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    complaints.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
  return complaints;
}

/**
 * React has taken over the server's HTML once the drawer's button opens the drawer. The app loads
 * after the first paint, so the button is pressed only once the app says it has the page: a press
 * on the server's HTML before that does nothing, in a player's browser too.
 */
async function hydrated(page: Page) {
  await waitForApp(page);
  await page.getByTestId('open-drawer').click();
  await page.waitForSelector('[data-testid="drawer"][data-state="open"]');
  await page.keyboard.press('Escape');
}

describe('pages rendered by the server', () => {
  it('shows / and /login in Lao before any script runs (JavaScript off)', async () => {
    const context = await e2e.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(e2e.server.url);
    expect(await page.getByRole('heading', { name: loHome.hero.title }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').textContent()).toContain('Champa');
    await screenshot(page, 'ssr-home-no-js-375');
    await page.goto(`${e2e.server.url}/login`);
    expect(await page.getByRole('heading', { name: loAuth.login.title }).isVisible()).toBe(true);
    expect(await page.locator('input[name="username"]').isVisible()).toBe(true);
    // The page says, in Lao and within the screen, why nothing on it answers yet.
    const notice = page.locator('noscript .no-script');
    expect(await notice.textContent()).toBe('ກະລຸນາເປີດ JavaScript ເພື່ອໃຊ້ເວັບໄຊນີ້.');
    const box = await notice.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.viewport!.width).toBe(true);
    await context.close();
  });

  it('keeps the login and register forms from posting before the app has taken them over (JavaScript off)', async () => {
    const context = await e2e.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title] of [
      ['/login', loAuth.login.title],
      ['/register', loAuth.register.title],
    ]) {
      await page.goto(`${e2e.server.url}${path}`);
      const submit = page.locator('form button[type="submit"]');
      expect(await submit.isDisabled()).toBe(true);
      expect(await submit.getAttribute('aria-busy')).toBe('true');
      // A tap, or Enter in a field, would otherwise post the form to a page with no handler for it.
      await page.locator('input[name="username"]').fill('somphone');
      await page.locator('input[name="username"]').press('Enter');
      await submit.click({ force: true });
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    await context.close();
  });

  for (const [device, width] of [
    [PHONE, 375],
    [{ ...DESKTOP, viewport: { width: 768, height: 900 } }, 768],
    [DESKTOP, 1280],
  ] as const) {
    it(`hydrates / and /login without a console error or mismatch warning at ${width} px`, async () => {
      const context = await e2e.browser.newContext(device);
      const page = await context.newPage();
      const complaints = complaintsOf(page);
      const scripts: string[] = [];
      const apiCalls: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
      page.on('request', (request) => request.url().includes('/api/') && apiCalls.push(new URL(request.url()).pathname));
      await page.goto(e2e.server.url);
      await hydrated(page);
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `ssr-home-${width}`);
      await page.goto(`${e2e.server.url}/login`);
      await hydrated(page);
      await page.locator('input[name="username"]').fill('somchai');
      expect(await page.locator('input[name="username"]').inputValue()).toBe('somchai');
      expect(complaints).toEqual([]);
      // The Lao translations came with the page: the Lao chunk is not fetched to draw it.
      expect(scripts.filter((url) => /i18n-(lo|cn|vn)/.test(url))).toEqual([]);
      // The server's answer "nobody is logged in" came with each page: the browser does not ask again.
      expect(apiCalls.filter((path) => path === '/api/v2/players/info')).toEqual([]);
      await context.close();
    });
  }

  it("hydrates a logged-in player's page without a complaint", async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId, 'ssrplayer');
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, PHONE);
    const complaints = complaintsOf(page);
    await page.goto(`${e2e.server.url}/player`);
    await page.getByTestId('player-area').waitFor();
    await hydrated(page);
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('keeps a Thai page in Thai once the app has it, in a browser that has stored no language', async () => {
    const context = await e2e.browser.newContext(PHONE);
    await context.addCookies([{ name: 'i18nextLng', value: 'th', url: e2e.server.url }]);
    // Nothing is stored while the page hydrates, as where storage refuses writes: only the cookie
    // chose the language.
    await context.addInitScript((key) => {
      const setItem = Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem')?.value as (
        this: Storage,
        name: string,
        value: string,
      ) => void;
      Storage.prototype.setItem = function (name: string, value: string) {
        if (name !== key) setItem.call(this, name, value);
      };
    }, LANGUAGE_STORAGE_KEY);
    const page = await context.newPage();
    const complaints = complaintsOf(page);
    await page.goto(e2e.server.url);
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(thHome.hero.title);
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('renders the next page in the language chosen in the browser', async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const complaints = complaintsOf(page);
    await page.goto(e2e.server.url);
    await hydrated(page);
    await page.getByTestId('open-drawer').click();
    await page.getByRole('button', { name: 'ไทย' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'th');
    const html = await (await context.request.get(e2e.server.url)).text();
    expect(html).toContain('<html lang="th"');
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(complaints).toEqual([]);
    await context.close();
  });
});
