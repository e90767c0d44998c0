import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOTS, screenshot, openPage } from '../support/browser';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();
let player: TestPlayer;

const WIDTHS = [375, 768, 1280] as const;

beforeAll(async () => {
  const db = e2e.server.database.db;
  // The header's numbers come from the agency's own settings.
  await db.insertInto('agency_site_settings').values({ agency_id: e2e.agencyId, signup_minutes: 2, game_count: 1200 }).execute();
  player = await createTestPlayer(db, e2e.agencyId, 'somchai');
  await db.updateTable('players').set({ display_name: 'Somchai' }).where('id', '=', player.id).execute();
});

/** A fresh browser context; the player's session cookie when asked. axe is injected, so the CSP is bypassed. */
async function open(width: number, as: 'visitor' | 'player', height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width, height }, bypassCSP: true });
  if (as === 'player') {
    const [name, value] = player.cookie.split('=');
    await context.addCookies([{ name, value, url: e2e.server.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  return { context, page: await context.newPage() };
}

/** Overlays (drawer, contact sheet) are fixed to the viewport: a full-page picture would misplace them. */
async function viewportShot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

async function ready(page: Page, as: 'visitor' | 'player') {
  await page.getByTestId('footer').waitFor();
  await page.getByTestId(as === 'player' ? 'player-area' : 'visitor-area').waitFor({ state: 'attached' });
  // Layout is measured in the site's own font: until Noto Sans Lao has loaded (font-display: swap),
  // the wider fallback can wrap the footer's sections differently.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function footerLayout(page: Page): Promise<'wide' | 'narrow'> {
  // Both boxes in one frame: the lobby above the footer may still grow between two separate reads.
  const [games, promotions] = await page.evaluate(() =>
    ['footer-games', 'footer-promotions'].map((testId) => {
      const box = document.querySelector(`[data-testid="${testId}"]`)?.getBoundingClientRect();
      if (!box) throw new Error(`${testId} is not laid out`);
      return { x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
  if (Math.abs(games.y - promotions.y) < 1 && promotions.x > games.x + games.width - 1) return 'wide';
  if (promotions.y >= games.y + games.height - 1 && Math.abs(promotions.x - games.x) < 1) return 'narrow';
  throw new Error(`footer sections are neither side by side nor stacked: ${JSON.stringify({ games, promotions })}`);
}

describe('the shell at 375, 768 and 1280 px', () => {
  for (const width of WIDTHS) {
    it(`shows a visitor the banner, the footer ${width > 768 ? 'wide' : 'narrow'} and the bottom bar ${width <= 576 ? 'only here' : 'not'} at ${width} px`, async () => {
      const { context, page } = await open(width, 'visitor');
      await openPage(page, e2e.server.url);
      await ready(page, 'visitor');
      const banner = page.getByTestId('banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('ສະໝັກງ່າຍພາຍໃນ 2 ນາທີ');
      expect(await banner.textContent()).toContain('1200');
      expect(await page.getByTestId('bottom-app-bar').isVisible()).toBe(width <= 576);
      expect(await footerLayout(page)).toBe(width > 768 ? 'wide' : 'narrow');
      // The badges are drawn once the footer comes within half a screen: far below the lobby, not yet.
      expect(await page.locator('footer img[src^="/images/banks/"]').count()).toBe(0);
      await page.getByTestId('footer-banks').scrollIntoViewIfNeeded();
      for (const bank of ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb']) {
        const logo = page.locator(`footer img[src="/images/banks/${bank}.webp"]`);
        await page.waitForFunction((img) => (img as HTMLImageElement).complete, await logo.elementHandle(), { timeout: 10_000 });
        expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
      await screenshot(page, `shell-visitor-home-${width}`);
      await context.close();
    });

    it(`shows a player the deposit button ${width > 576 ? 'in the top bar' : 'in the bottom bar only'} at ${width} px`, async () => {
      const { context, page } = await open(width, 'player');
      await openPage(page, `${e2e.server.url}/player`);
      await ready(page, 'player');
      expect(await page.getByTestId('top-bar-deposit').isVisible()).toBe(width > 576);
      expect(await page.getByTestId('bottom-app-bar').isVisible()).toBe(width <= 576);
      expect(await page.getByTestId('banner').count()).toBe(0);
      expect(await footerLayout(page)).toBe(width > 768 ? 'wide' : 'narrow');
      await screenshot(page, `shell-player-${width}`);
      await context.close();
    });
  }
});

describe('the drawer in Chromium', () => {
  for (const width of [375, 1280]) {
    it(`opens from the left at ${width} px, marks the active entry, and closes after choosing an entry that navigates`, async () => {
      const { context, page } = await open(width, 'player');
      await openPage(page, `${e2e.server.url}/player/deposit`);
      await ready(page, 'player');
      await page.getByTestId('open-drawer').click();
      const drawer = page.getByTestId('drawer');
      await page.waitForFunction(() => {
        const box = document.querySelector('[data-testid="drawer"]')?.getBoundingClientRect();
        return box !== undefined && Math.abs(box.left) < 0.5;
      });
      const box = await drawer.boundingBox();
      // Sub-pixel: the slide-in transform can leave a width like 319.0000005 in the layout.
      // On a phone 56 px of the page stay in view, for the thumb that taps outside to close.
      expect(box?.width).toBeCloseTo(Math.min(393, width - 56), 2);
      // Focus moved into the drawer, so the keyboard works there at once.
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      const active = drawer.locator('a[aria-current="page"]');
      expect(await active.allTextContents()).toEqual(['ຝາກເງິນ']);
      expect(await drawer.textContent()).toContain('Somchai');
      await viewportShot(page, `shell-drawer-open-${width}`);

      await drawer.getByRole('link', { name: 'ປະຫວັດການຖອນ' }).click();
      await page.waitForURL(`${e2e.server.url}/player/withdraw/history`);
      await drawer.waitFor({ state: 'hidden' });
      expect(await drawer.getAttribute('data-state')).toBe('closed');

      await page.getByTestId('open-drawer').click();
      await drawer.waitFor({ state: 'visible' });
      expect(await drawer.locator('a[aria-current="page"]').allTextContents()).toEqual(['ປະຫວັດການຖອນ']);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await context.close();
    });
  }

  it('closes on a phone by a tap outside, the visible close button and a left swipe, and gives focus back to the menu button', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true });
    const [name, value] = player.cookie.split('=');
    await context.addCookies([{ name, value, url: e2e.server.url }]);
    const page = await context.newPage();
    await openPage(page, `${e2e.server.url}/player`);
    await ready(page, 'player');
    const drawer = page.getByTestId('drawer');
    const menuButton = page.getByTestId('open-drawer');
    const openDrawer = async () => {
      await menuButton.tap();
      await page.waitForFunction(
        () => Math.abs(document.querySelector('[data-testid="drawer"]')?.getBoundingClientRect().left ?? -1) < 0.5,
      );
    };
    const closed = async () => {
      await drawer.waitFor({ state: 'hidden' });
      expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    };

    await openDrawer();
    const closeButton = page.getByTestId('drawer-close');
    const closeBox = await closeButton.boundingBox();
    expect(closeBox && Math.min(closeBox.width, closeBox.height)).toBeGreaterThanOrEqual(44);
    await closeButton.tap();
    await closed();

    await openDrawer();
    await page.touchscreen.tap(360, 400);
    await closed();

    await openDrawer();
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', 250, 400);
    await touch('touchMove', 180, 404);
    await touch('touchMove', 100, 408);
    await touch('touchEnd');
    await closed();
    await context.close();
  });

  it('shows the visitor the login link and the register button', async () => {
    const { context, page } = await open(375, 'visitor');
    await openPage(page, `${e2e.server.url}/login`);
    await ready(page, 'visitor');
    await page.getByTestId('open-drawer').click();
    const drawer = page.getByTestId('drawer');
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' }).getAttribute('aria-current')).toBe('page');
    await drawer.getByRole('link', { name: 'ສະໝັກສະມາຊິກ' }).click();
    await page.waitForURL(`${e2e.server.url}/register`);
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('language and contact in Chromium', () => {
  it('switches to cn from the top bar, and the choice survives a reload', async () => {
    const { context, page } = await open(1280, 'visitor');
    await openPage(page, e2e.server.url);
    await ready(page, 'visitor');
    await page.getByRole('button', { name: 'ພາສາ: ລາວ' }).click();
    await page.getByRole('menuitemradio', { name: '中文' }).click();
    await page.getByRole('button', { name: '联系我们' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('cn');
    await page.reload();
    await ready(page, 'visitor');
    await page.getByRole('button', { name: '联系我们' }).waitFor();
    expect(await page.getByTestId('banner').textContent()).toContain('立即注册');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await screenshot(page, 'shell-cn-1280');
    await context.close();
  });

  it('opens the contact links in a new tab, without opener or referrer, from the top bar and the bottom bar', async () => {
    const { context, page } = await open(375, 'visitor');
    await openPage(page, e2e.server.url);
    await ready(page, 'visitor');
    await page.getByTestId('bottom-app-bar').getByRole('button', { name: 'ຕິດຕໍ່' }).click();
    const sheet = page.getByRole('dialog', { name: 'ຕິດຕໍ່ພວກເຮົາ' });
    await sheet.getByRole('link', { name: 'Telegram' }).waitFor();
    await viewportShot(page, 'shell-contact-sheet-375');
    const sheetLinks = await sheet
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]));
    expect(sheetLinks).toEqual([
      ['WhatsApp', 'https://wa.me/8562055550100', '_blank', 'noopener noreferrer'],
      ['Line', 'https://line.me/R/ti/p/@champa.demo', '_blank', 'noopener noreferrer'],
      ['Facebook', 'https://www.facebook.com/champa.demo', '_blank', 'noopener noreferrer'],
      ['Telegram', 'https://t.me/champa_demo', '_blank', 'noopener noreferrer'],
      ['Twitter', 'https://twitter.com/champa_demo', '_blank', 'noopener noreferrer'],
    ]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The top bar's contact menu leaves the narrowest phones (the bottom bar has it there).
    await page.setViewportSize({ width: 768, height: 800 });
    await page.getByRole('button', { name: 'ຕິດຕໍ່ພວກເຮົາ' }).click();
    const menuLinks = await page
      .getByRole('menuitem')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('target'), a.getAttribute('rel')]));
    expect(menuLinks).toEqual(Array(5).fill(['_blank', 'noopener noreferrer']));
    await context.close();
  });
});

describe('accessibility (axe-core)', () => {
  const AXE = path.join(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');

  async function seriousViolations(page: Page) {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document);
      return result.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => JSON.stringify(node.target)) }));
    });
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  }

  for (const width of [375, 1280]) {
    for (const [as, route] of [
      ['visitor', '/'],
      ['visitor', '/login'],
      ['player', '/player'],
    ] as const) {
      it(`finds no serious or critical violation on ${route} at ${width} px`, async () => {
        const { context, page } = await open(width, as);
        await openPage(page, `${e2e.server.url}${route}`);
        await ready(page, as);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByTestId('open-drawer').click();
        await page.getByTestId('drawer').waitFor({ state: 'visible' });
        await page.waitForFunction(
          () => Math.abs(document.querySelector('[data-testid="drawer"]')?.getBoundingClientRect().left ?? -1) < 0.5,
        );
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});
