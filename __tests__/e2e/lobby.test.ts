import type { Page } from 'playwright-core';
import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { displayMoney } from '../../contract/format';
import { PROVIDERS } from '../../contract/providers';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayer, fundTestCredit } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();

const WIDTHS = [375, 768, 1280] as const;

/** Waits for the page's own font and lazy pictures near the screen, so measures and pictures are final. */
async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

/** Elements under `scope` (a page's content) that stick out past the right edge of the screen. */
function overflowingIn(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(selector))
        .flatMap((root) => [root, ...Array.from(root.querySelectorAll('*'))])
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName}.${String(el.getAttribute('class'))}:${Math.round(el.getBoundingClientRect().right)}`)
        .slice(0, 8),
    scope,
  );
}

/** Latin words a Lao page should not show: the provider and game names and the LaoQR brand are names, not English. */
async function englishWords(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const names = /\b(AskMeBet|Betflix|Alphabet|GClub|Live|LaoQR|THB|LAK|QR)\b/g;
  const gameNames = await page.locator('[data-testid="lobby-games"] strong').allInnerTexts();
  let rest = text;
  for (const name of gameNames) rest = rest.split(name).join(' ');
  return rest.replace(names, ' ').match(/[A-Za-z]{3,}/g) ?? [];
}

describe('the lobbies in Chromium', () => {
  it('shows the player the five balances the credits API gives, with their total', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId, 'lobbyplayer');
    const deps = {
      db: e2e.server.database.db,
      providers: createProviderClient({ baseUrl: providerBaseUrls({}, () => e2e.server.url), timeoutMs: 5000 }),
    };
    await fundTestCredit(deps, e2e.agencyId, player.id, 1234_50n, 'askmebet');
    await fundTestCredit(deps, e2e.agencyId, player.id, 25_00n, 'gclub_live');

    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player);
    await openPage(page, `${e2e.server.url}/player`);
    for (const provider of PROVIDERS) {
      const res = await page.request.get(`${e2e.server.url}/api/v2/players/credits/${provider}`);
      expect(res.status()).toBe(200);
      const { credit } = await res.json();
      await page.getByTestId(`balance-${provider}`).getByText(displayMoney(credit.amount, 'THB')).waitFor();
    }
    await page.getByTestId('balance-total').getByText('1.259,50 THB').waitFor();
    await page.getByTestId('lobby-promotion').waitFor();
    await settled(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `lobby-player-${width}`);
      expect(await overflowingIn(page, 'main')).toEqual([]);
    }

    // The pictures elsewhere: promotion cards with their words as live text, game tiles with pictures.
    await page.setViewportSize({ width: 375, height: 900 });
    await openPage(page, `${e2e.server.url}/player/promotion`);
    await page.getByTestId('promotion-card').first().getByText('100%', { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'lobby-promotions-375');
    expect(await overflowingIn(page, 'main')).toEqual([]);
    await openPage(page, `${e2e.server.url}/player/game/askmebet`);
    const tiles = page.getByTestId('game-list').locator('img');
    await tiles.first().waitFor();
    expect(await tiles.first().getAttribute('src')).toMatch(/^\/sandbox\/providers\/askmebet\/art\/amb-[a-z-]+\.svg$/);
    await settled(page);
    await screenshot(page, 'lobby-game-tiles-375');
    expect(await overflowingIn(page, 'main')).toEqual([]);
    await context.close();
  });

  it('shows the visitor lobby with provider and game pictures and live promotions, without sideways scroll or English', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await openPage(page, e2e.server.url);
    await page.getByRole('link', { name: 'ສະໝັກສະມາຊິກ' }).first().waitFor();
    await page.getByTestId('lobby-games').waitFor();
    await page.getByTestId('lobby-promotions').waitFor();
    expect(await page.getByTestId('lobby-providers').getByRole('link').count()).toBe(5);
    // Below the first screen the browser lays a part out only once it comes near: the footer, far down.
    const footerDrawn = () => document.querySelector('footer a')?.checkVisibility({ contentVisibilityAuto: true });
    expect(await page.evaluate(footerDrawn)).toBe(false);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForFunction(footerDrawn);
    // A picture below the first screen is drawn only once it comes near: the promotions' (two screens
    // down) are not there yet, so the page did not fetch them while it loaded.
    const pictures = (testId: string) => page.getByTestId(testId).locator('img');
    expect(await pictures('lobby-promotions').count()).toBe(0);
    // Scrolled down half a screen at a time, as a player would, every card's picture is drawn and loads.
    await page.evaluate(async () => {
      for (let y = 0; y <= document.documentElement.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    });
    await page.waitForFunction(() =>
      ['lobby-providers', 'lobby-games', 'lobby-promotions'].every((testId) => {
        const cards = document.querySelector(`[data-testid="${testId}"]`);
        return cards && cards.querySelectorAll('img').length === cards.querySelectorAll('a').length;
      }),
    );
    await settled(page);
    const broken = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main img'))
        .filter((img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0)
        .map((img) => img.getAttribute('src')),
    );
    expect(broken).toEqual([]);
    expect(await englishWords(page)).toEqual([]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `lobby-visitor-${width}`);
      expect(await overflowingElements(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await context.close();
  });
});
