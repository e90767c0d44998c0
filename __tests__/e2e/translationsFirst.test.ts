import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, loggedIn, openPage, waitForSteadyLayout } from '../support/browser';
import { createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';
import { loResources } from '../../src/i18n/resources';
import { routes } from '../../src/app/routes';

const e2e = e2eSite();
let player: TestPlayer;

beforeAll(async () => {
  player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
});

/** What i18next shows for a key it has no text for yet: the key itself (plural suffixes dropped). */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${name}.`)
      : [`${prefix}${name.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}
const RAW_KEYS = [...new Set(Object.values(loResources).flatMap((namespace) => keysOf(namespace)))];

/** Every text the page shows from its first script on, as it shows it. */
async function watchTexts(page: Page) {
  await page.addInitScript((keys: string[]) => {
    const known = new Set(keys);
    const seen = new Set<string>();
    (window as unknown as { rawKeysSeen: Set<string> }).rawKeysSeen = seen;
    const look = (node: Node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.currentNode as Node | null; text; text = walker.nextNode()) {
        const shown = text.nodeType === Node.TEXT_NODE ? (text.textContent ?? '').trim() : '';
        if (known.has(shown)) seen.add(shown);
      }
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'characterData') look(change.target);
        change.addedNodes.forEach(look);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, RAW_KEYS);
}

const rawKeysSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { rawKeysSeen: Set<string> }).rawKeysSeen]);

/** The keys a page showed, loaded afresh at `path` and then taken through `act`, once it has settled. */
async function keysShown({ context, page }: { context: BrowserContext; page: Page }, path: string, act?: (page: Page) => Promise<void>) {
  await watchTexts(page);
  await openPage(page, `${e2e.server.url}${path}`);
  await act?.(page);
  await waitForSteadyLayout(page);
  const seen = await rawKeysSeen(page);
  await context.close();
  return seen;
}

const asPlayer = () => loggedIn(e2e.browser, e2e.server.url, player, PHONE);

describe('a page never shows the keys of texts still loading', () => {
  const pages = (access: string) =>
    routes.filter((route) => route.access === access && !route.path.includes(':')).map((route) => route.path);

  it.each(pages('player'))('%s, loaded afresh in Lao', async (path) => {
    expect(await keysShown(await asPlayer(), path)).toEqual([]);
  });

  it.each([...pages('visitor'), ...pages('anyone')])('%s, loaded afresh in Lao by a visitor', async (path) => {
    const context = await e2e.browser.newContext(PHONE);
    expect(await keysShown({ context, page: await context.newPage() }, path)).toEqual([]);
  });

  it('the change-password dialog, opened from the account menu after a fresh load', async () => {
    const seen = await keysShown(await asPlayer(), '/player/bank', async (page) => {
      await page.getByTestId('player-area').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: 'ປ່ຽນລະຫັດຜ່ານ' }).click();
      await page.getByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' }).waitFor();
    });
    expect(seen).toEqual([]);
  });

  it('the promotions page, reached from the drawer after a fresh load of the player home', async () => {
    const seen = await keysShown(await asPlayer(), '/player', async (page) => {
      await page.getByTestId('open-drawer').click();
      await page.getByTestId('drawer').locator('a[href="/player/promotion"]').click();
      await page.waitForURL(`${e2e.server.url}/player/promotion`);
      await waitForSteadyLayout(page);
      expect(await page.locator('main a[href^="/player/promotion/"]').count()).toBeGreaterThan(0);
    });
    expect(seen).toEqual([]);
  });
});
