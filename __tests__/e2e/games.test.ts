import type { BrowserContext } from 'playwright-core';
import { loggedIn, screenshot, openPage } from '../support/browser';
import { e2eSite } from '../support/e2eSite';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { ensureMember, sendCreditToProvider, type WalletDeps } from '../../server/domain/providerWallets';

const e2e = e2eSite();
let deps: WalletDeps;

beforeAll(async () => {
  deps = {
    db: e2e.server.database.db,
    providers: createProviderClient({ baseUrl: providerBaseUrls({}, () => `http://127.0.0.1:${e2e.server.port}`), timeoutMs: 10_000 }),
  };
});

/** A browser context logged in as a new player of the demo agency. */
async function newPlayerLoggedIn(): Promise<{ context: BrowserContext; player: TestPlayer }> {
  const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
  const { context } = await loggedIn(e2e.browser, e2e.server.url, player);
  return { context, player };
}

describe('game pages in Chromium', () => {
  it('lists askmebet Slot games by default, switches tab by query, and asks for a deposit when there is no credit', async () => {
    const { context } = await newPlayerLoggedIn();
    const page = await context.newPage();
    await openPage(page, `${e2e.server.url}/player/game/askmebet`);
    const list = page.getByTestId('game-list');
    await list.getByRole('button', { name: /Golden Naga Fortune/ }).waitFor();
    expect(await page.getByRole('link', { name: 'ສລັອດ' }).getAttribute('aria-current')).toBe('page');
    await page.getByTestId('credit-askmebet').getByText('0,00 THB').waitFor();
    await screenshot(page, 'games-askmebet-slot-1280');

    await page.getByRole('link', { name: 'ຍິງປາ' }).click();
    await page.waitForURL(/\/player\/game\/askmebet\?tab=Fishing$/);
    await list.getByRole('button', { name: /Ocean Hunter/ }).waitFor();
    expect(await list.getByRole('button', { name: /Golden Naga Fortune/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'ຍິງປາ' }).getAttribute('aria-current')).toBe('page');

    await list.getByRole('button', { name: /Ocean Hunter/ }).click();
    const failure = page.getByTestId('launch-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('ບໍ່ສາມາດເປີດເກມໄດ້ ກະລຸນາຝາກເງິນ');
    expect(await failure.getByRole('link').getAttribute('href')).toBe('/player/deposit');
    await screenshot(page, 'games-askmebet-no-credit-1280');
    await context.close();
  });

  it('opens the slot in a new window with credit, plays it, and the site shows the new credit after refresh', async () => {
    const { context, player } = await newPlayerLoggedIn();
    const who = { agencyId: e2e.agencyId, playerId: player.id, provider: 'alphabet' as const };
    const sent = await sendCreditToProvider(deps, {
      ...who,
      amount: 100_00n,
      key: `e2e-${player.id}`,
      from: { kind: 'capital', currency: 'THB' },
    });
    expect(sent.status).toBe('POSTED');
    const member = await ensureMember(deps, who);
    await fetch(`${e2e.server.url}/sandbox/providers/alphabet/members/${member}/rigged-spins`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reels: [['STAR', 'STAR', 'STAR']] }),
    });

    const page = await context.newPage();
    await openPage(page, `${e2e.server.url}/player/game/alphabet`);
    await page.getByTestId('credit-alphabet').getByText('100,00 THB').waitFor();
    const [game] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /Gamma Gems/ }).click()]);
    await game.waitForURL(/\/sandbox\/providers\/alphabet\/play\//);
    await game.getByRole('heading', { name: 'Gamma Gems' }).waitFor();
    expect(await game.getByTestId('balance').textContent()).toBe('100,00');
    await game.getByRole('button', { name: 'ໝຸນ' }).click();
    await game.getByText('ທ່ານຊະນະ 300,00 THB').waitFor();
    expect(await game.getByTestId('balance').textContent()).toBe('390,00');
    await screenshot(game, 'games-sandbox-slot-win');

    await page.bringToFront();
    await page.getByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' }).click();
    await page.getByTestId('credit-alphabet').getByText('390,00 THB').waitFor();
    await context.close();
  });

  it('opens the gclub lobby page', async () => {
    const { context, player } = await newPlayerLoggedIn();
    await sendCreditToProvider(deps, {
      agencyId: e2e.agencyId,
      playerId: player.id,
      provider: 'gclub',
      amount: 10_00n,
      key: `e2e-lobby-${player.id}`,
      from: { kind: 'capital', currency: 'THB' },
    });
    const page = await context.newPage();
    await openPage(page, `${e2e.server.url}/player/game/gclub`);
    const [lobby] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'ເຂົ້າລັອບບີ້' }).click()]);
    await lobby.getByRole('link', { name: 'Baccarat A1' }).click();
    await lobby.getByRole('button', { name: 'ໝຸນ' }).waitFor();
    await screenshot(page, 'games-gclub-1280');
    await context.close();
  });
});
