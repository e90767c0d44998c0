import type { Page } from 'playwright-core';
import { PHONE, loggedIn, openPage, waitForSteadyLayout } from '../support/browser';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();
let player: TestPlayer;

beforeAll(async () => {
  player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
});

describe('moving between pages on a phone', () => {
  /**
   * The promotions list on a short phone screen, settled: a place measured while it still reflows
   * (its texts arriving after its data moved the view 120 px on a loaded machine) is not where the
   * player left.
   */
  const openPromotionList = async () => {
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, { ...PHONE, viewport: { width: 375, height: 600 } });
    await openPage(page, `${e2e.server.url}/player/promotion`);
    await page.locator('main a[href^="/player/promotion/"]').first().waitFor();
    await waitForSteadyLayout(page);
    return { context, page };
  };
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

  it('opens a promotion from far down the list at its top, and back returns to the same place in the list', async () => {
    const { context, page } = await openPromotionList();
    const last = page.locator('main a[href^="/player/promotion/"]:not([href$="/history"])').last();
    await last.scrollIntoViewIfNeeded();
    const listPosition = await scrollY(page);
    expect(listPosition).toBeGreaterThan(100);

    await last.click();
    await page.waitForURL(/\/player\/promotion\/[0-9a-f-]{36}$/);
    await page.locator('main h1, main h2').first().waitFor();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.waitForURL(`${e2e.server.url}/player/promotion`);
    await page
      .waitForFunction((position) => Math.abs(window.scrollY - position) < 2, listPosition)
      .catch(async (error: unknown) => {
        // Once in a while CI sees the place not restored: say where the page was and how tall.
        const seen = await page.evaluate(() => ({
          scrollY: window.scrollY,
          scrollHeight: document.documentElement.scrollHeight,
          innerHeight: window.innerHeight,
          historyState: window.history.state as unknown,
        }));
        throw new Error(`back did not return to ${listPosition}: ${JSON.stringify(seen)}`, { cause: error });
      });
    await context.close();
  });

  it('back to a list left at its very end, in a window grown taller meanwhile, returns to the end of the list', async () => {
    // A phone's address bar hides and shows as the player scrolls, so the window's height on return
    // need not be what it was: the place at the very end then lies beyond the page's reach.
    const { context, page } = await openPromotionList();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(end).toBeGreaterThan(100);
    await page.waitForFunction((position) => window.scrollY === position, end);

    // A link at the very end, in the footer: the tap moves nothing.
    await page.getByTestId('footer').locator('a[href="/responsible-play"]').click();
    await page.waitForURL(`${e2e.server.url}/responsible-play`);
    await page.locator('main h1').waitFor();
    await page.setViewportSize({ width: 375, height: 656 });

    await page.goBack();
    await page.waitForURL(`${e2e.server.url}/player/promotion`);
    await page.waitForFunction(
      () => window.scrollY > 0 && Math.abs(window.scrollY - (document.documentElement.scrollHeight - window.innerHeight)) < 2,
    );
    await context.close();
  });

  it('sends a player whose session ended on the server to /login at the next call, and back to that page after logging in', async () => {
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, PHONE);
    await openPage(page, `${e2e.server.url}/player/deposit`);
    await page.getByTestId('player-area').waitFor();
    await page.getByTestId('open-drawer').click();
    const withdrawHistory = page.getByTestId('drawer').getByRole('link', { name: 'ປະຫວັດການຖອນ' });
    await withdrawHistory.waitFor();
    // The page's and the open drawer's own calls (and a refetch as the window takes focus) are answered
    // before the session ends, so the link click is the first call to meet the 401.
    await page.waitForLoadState('networkidle');

    // Ended elsewhere: e.g. a password change on another device revokes every session.
    await e2e.server.database.db
      .updateTable('player_sessions')
      .set({ revoked_at: new Date() })
      .where('player_id', '=', player.id)
      .execute();
    await withdrawHistory.click();

    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByTestId('visitor-area').waitFor({ state: 'attached' });
    expect(await page.getByTestId('player-area').count()).toBe(0);

    await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill(player.username);
    await page.getByLabel('ລະຫັດຜ່ານ').fill(player.password);
    await page.locator('main').getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
    await page.waitForURL(`${e2e.server.url}/player/withdraw/history`);
    await page.getByTestId('player-area').waitFor();
    await context.close();
  });
});
