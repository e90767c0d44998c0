import type { Page } from 'playwright-core';
import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { setRate } from '../../server/domain/agencies';
import { addBankAccount } from '../../server/domain/players';
import { sendCreditToProvider } from '../../server/domain/providerWallets';
import { loggedIn, overflowingElements, PHONE, screenshot, openPage } from '../support/browser';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();

beforeAll(async () => {
  await setRate(e2e.server.database.db, e2e.agencyId, 'THB', '600', '640', 'e2e');
});

/** A player with a LAK account and 1,000 THB of credit at askmebet, as a deposit would have left it. */
async function playerWithCredit(accountNumber: string): Promise<TestPlayer> {
  const db = e2e.server.database.db;
  const player = await createTestPlayer(db, e2e.agencyId);
  await addBankAccount(db, e2e.agencyId, player.id, { bank: 'bcel', accountNumber, accountName: 'NOY SOUK', currency: 'LAK', owner: true });
  const wallets = { db, providers: createProviderClient({ baseUrl: providerBaseUrls({}, () => e2e.server.url), timeoutMs: 5000 }) };
  const credit = await sendCreditToProvider(wallets, {
    agencyId: e2e.agencyId,
    playerId: player.id,
    provider: 'askmebet',
    amount: 1000_00n,
    key: `e2e-break-credit-${player.id}`,
    from: { kind: 'capital', currency: 'THB' },
  });
  expect(credit.status).toBe('POSTED');
  return player;
}

const post = (page: Page, path: string, data: object) =>
  page.request.post(`${e2e.server.url}${path}`, { data, headers: { 'idempotency-key': `e2e-${path.replace(/\W/g, '')}-${Date.now()}` } });

describe('taking a break in Chromium on a 390 px phone', () => {
  it('takes a 24-hour time-out after two confirmations, is refused a deposit and a game launch, and still withdraws', async () => {
    const player = await playerWithCredit('010120005550001001');
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, PHONE);

    await openPage(page, `${e2e.server.url}/player/break`);
    await page.getByRole('form', { name: 'ພັກການຫຼິ້ນ' }).waitFor();
    await page.getByRole('radio', { name: /ພັກຊົ່ວຄາວ/ }).check();
    await page.getByRole('combobox', { name: 'ໄລຍະເວລາ' }).selectOption('HOURS_24');
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'break-choose-390');
    await page.getByRole('button', { name: 'ສືບຕໍ່' }).click();
    await page.getByTestId('break-first-confirmation').getByRole('button', { name: 'ຢືນຢັນ' }).click();
    const second = page.getByTestId('break-second-confirmation');
    await expect(second.textContent()).resolves.toMatch(/ການພັກນີ້ຈະສິ້ນສຸດວັນທີ \d\d\/\d\d\/\d{4} \d\d:\d\d \(ເວລາວຽງຈັນ\)/);
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'break-second-confirmation-390');
    await second.getByRole('button', { name: 'ເລີ່ມພັກດຽວນີ້' }).click();
    await page.getByTestId('break-taken').waitFor();
    const running = await (await page.request.get(`${e2e.server.url}/api/v2/players/exclusion`)).json();
    expect(running.exclusion).toMatchObject({ kind: 'TIME_OUT' });
    expect(new Date(running.exclusion.endsAt).getTime() - new Date(running.exclusion.startsAt).getTime()).toBe(24 * 3_600_000);

    // The deposit button leads to the explanation, and the server refuses a deposit anyway.
    await openPage(page, `${e2e.server.url}/player/deposit`);
    const explanation = page.getByTestId('break-explanation');
    await explanation.waitFor();
    await expect(explanation.textContent()).resolves.toContain('ພັກຊົ່ວຄາວ ຈົນຮອດ');
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'break-deposit-closed-390');
    const deposit = await post(page, '/api/v2/deposits', { provider: 'askmebet', amount: '64000' });
    expect(deposit.status()).toBe(403);
    expect(await deposit.json()).toMatchObject({ code: 'PLAYER_EXCLUDED', params: { kind: 'TIME_OUT', until: running.exclusion.endsAt } });

    await openPage(page, `${e2e.server.url}/player/game/askmebet`);
    await page.getByTestId('break-explanation').waitFor();
    const launch = await post(page, '/api/v2/games/askmebet/launch', {});
    expect(launch.status()).toBe(403);
    expect(await launch.json()).toMatchObject({ code: 'PLAYER_EXCLUDED' });

    // Withdrawing still works, from the page, with the break's notice above it.
    await openPage(page, `${e2e.server.url}/player/withdraw`);
    await expect(page.getByTestId('break-notice').textContent()).resolves.toContain('(ເວລາວຽງຈັນ)');
    await page.getByRole('form', { name: 'ແບບຟອມຖອນເງິນ' }).waitFor();
    await page.getByRole('combobox', { name: 'ຜູ້ໃຫ້ບໍລິການເກມ' }).selectOption('askmebet');
    await page.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' }).fill('400');
    await page.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }).click();
    const result = page.getByTestId('withdrawal-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain('ໂອນເງິນເຂົ້າບັນຊີຂອງທ່ານແລ້ວ');
    const credit = await (await page.request.get(`${e2e.server.url}/api/v2/players/credits/askmebet`)).json();
    expect(credit.credit.amount).toBe('600.00');
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'break-withdraw-390');
    await context.close();
  });

  it.each([375, 768, 1280])('fits the break page and its notice in %i px', async (width) => {
    const player = await playerWithCredit(`01012000555${String(width).padStart(7, '0')}`);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, {
      viewport: { width, height: 900 },
      isMobile: width < 768,
    });
    await openPage(page, `${e2e.server.url}/player/break`);
    await page.getByRole('radio', { name: /ລະງັບຕົນເອງ/ }).check();
    await page.getByRole('combobox', { name: 'ໄລຍະເວລາ' }).selectOption('MONTHS_6');
    await page.getByRole('button', { name: 'ສືບຕໍ່' }).click();
    await page.getByRole('button', { name: 'ຢືນຢັນ' }).click();
    await page.getByRole('button', { name: 'ເລີ່ມພັກດຽວນີ້' }).click();
    await page.getByTestId('break-taken').waitFor();
    await openPage(page, `${e2e.server.url}/player/withdraw/history`);
    await page.getByTestId('break-notice').waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `break-notice-${width}`);
    await openPage(page, `${e2e.server.url}/player/promotion`);
    await page.getByTestId('break-explanation').waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `break-promotion-closed-${width}`);
    await context.close();
  });
});
