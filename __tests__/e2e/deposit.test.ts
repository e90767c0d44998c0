import type { Page } from 'playwright-core';
import { DEMO_RATES } from '../../server/seed';
import { convertAt, formatAmount } from '../../contract/money';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayer, createTestPlayerWithBank, type TestPlayer } from '../support/players';
import { payAtSandboxBank } from '../support/depositPage';
import { e2eSite } from '../support/e2eSite';
import { displayAmount } from '../../contract/format';

jest.setTimeout(120_000);

const e2e = e2eSite();

async function credit(player: TestPlayer): Promise<string> {
  const response = await fetch(`${e2e.server.url}/api/v2/players/credits/askmebet`, { headers: { cookie: player.cookie } });
  return (await response.json()).credit.amount;
}

async function createOrder(page: Page, amount: string, beforeCreating?: () => Promise<void>) {
  await openPage(page, `${e2e.server.url}/player/deposit`);
  await page.getByRole('form', { name: 'ຝາກເງິນ' }).waitFor();
  await page.getByLabel('ຄ່າຍເກມ').selectOption('askmebet');
  await page.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }).fill(amount);
  await page.getByText(/ທ່ານຈະໄດ້ຮັບເຄຣດິດ/).waitFor();
  await page.getByTestId('deposit-credit-after').filter({ hasText: 'THB' }).waitFor();
  await beforeCreating?.();
  await page.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }).click();
  await page.locator('[data-state="open"]').waitFor();
  await page.getByRole('img', { name: /QR ສຳລັບຊຳລະ/ }).waitFor();
}

describe('deposit by LaoQR in Chromium', () => {
  it.each([375, 768])('fits the form and the QR of an order in %i px, Lao only, nothing sideways', async (width) => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, {
      viewport: { width, height: 900 },
      isMobile: width < 768,
    });
    await openPage(page, `${e2e.server.url}/player/deposit`);
    await page.getByRole('form', { name: 'ຝາກເງິນ' }).waitFor();
    await page.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }).click();
    // Refused before sending: both fields say what is missing, in Lao.
    await page.getByText('ກະລຸນາເລືອກຄ່າຍເກມ').waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `deposit-form-${width}`);
    await createOrder(page, '100000');
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `deposit-qr-${width}`);
    await context.close();
  });

  it('keeps what to pay, to whom and the time left above the bottom bar at 375x667; copies the QR text and saves its picture', async () => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, {
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await createOrder(page, '100000');
    await page.evaluate(() => window.scrollTo(0, 0));
    const bottomBar = await page.getByTestId('bottom-app-bar').boundingBox();
    for (const testId of ['deposit-amount', 'deposit-payee']) {
      const box = await page.getByTestId(testId).boundingBox();
      expect(box && bottomBar && box.y + box.height <= bottomBar.y).toBe(true);
    }
    const timer = await page.getByRole('timer').boundingBox();
    expect(timer && bottomBar && timer.y + timer.height <= bottomBar.y).toBe(true);
    expect(await page.getByTestId('deposit-amount').textContent()).toBe('100.000 LAK');
    expect(await page.getByTestId('deposit-payee').textContent()).toBe('ຈ່າຍໃຫ້ CHAMPA GAMES · ລະຫັດຮ້ານຄ້າ CHAMPA0001');
    await screenshot(page, 'deposit-qr-375x667');

    const payload = await page.getByTestId('deposit-payload').inputValue();
    const code = await page.getByTestId('deposit-code').textContent();
    await page.getByRole('button', { name: 'ສຳເນົາຂໍ້ຄວາມ QR' }).click();
    await page.getByText('ສຳເນົາຂໍ້ຄວາມ QR ແລ້ວ ວາງໃສ່ແອັບທະນາຄານໄດ້').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payload);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ບັນທຶກຮູບ QR' }).click()]);
    expect(download.suggestedFilename()).toBe(`laoqr-${code}.png`);
    await context.close();
  });

  it('deposits 100,000 LAK to askmebet: pay the QR at the sandbox bank on another device, the page notices with no click, credit and history', async () => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    expect(await credit(player)).toBe('0.00');
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, { viewport: { width: 1280, height: 1000 } });
    const expected = formatAmount(convertAt('DEPOSIT', 100_000n, DEMO_RATES.THB), 'THB');
    await createOrder(page, '100000', async () => {
      // Before the order: the provider's credit now and what this deposit makes of it.
      expect(await page.getByTestId('deposit-credit-now').textContent()).toBe('0,00 THB');
      expect(await page.getByTestId('deposit-credit-after').textContent()).toBe(`${displayAmount(expected)} THB`);
    });
    expect(await page.getByText('CHAMPA GAMES, VIENTIANE').count()).toBe(1);
    expect(await page.getByTestId('deposit-merchant-id').textContent()).toBe('CHAMPA0001');
    await page.getByText(/ກະລຸນາຊຳລະພາຍໃນ 1[45]:\d\d/).waitFor();
    await screenshot(page, 'deposit-qr-1280');

    // Checking before paying says it is not paid yet.
    await page.getByRole('button', { name: 'ກວດສອບການຊຳລະ' }).click();
    await page.getByText('ຍັງບໍ່ໄດ້ຮັບການຊຳລະ ກະລຸນາສະແກນ QR ເພື່ອຊຳລະເງິນ').waitFor();

    // The order survives a reload: the page resumes it.
    await page.reload();
    await page.locator('[data-state="open"]').waitFor();
    const payload = await page.getByTestId('deposit-payload').inputValue();
    const code = await page.getByTestId('deposit-code').textContent();

    // The banking app is another device: the deposit page stays on screen, and nobody presses check.
    await payAtSandboxBank(e2e.browser, e2e.server.url, payload, {
      beforePaying: async (bank) => {
        await bank.getByTestId('payee-name').getByText('CHAMPA GAMES').waitFor();
        expect(await bank.getByTestId('bill-number').textContent()).toBe(code);
        expect(await bank.getByRole('button', { name: 'Pay 100,000 LAK' }).count()).toBe(1);
      },
    });
    // The page reads the order at most every 4 s; 10 s leaves room for a busy machine.
    await page.locator('[data-state="success"]').waitFor({ timeout: 10_000 });
    await page.getByText(`ຝາກເງິນສຳເລັດ ເຄຣດິດ ${displayAmount(expected)} ບາດ ເຂົ້າ AskMeBet ແລ້ວ`).waitFor();
    await screenshot(page, 'deposit-success-1280');
    expect(await credit(player)).toBe(expected);

    await page.getByRole('link', { name: 'ປະຫວັດການຝາກ' }).click();
    const row = page.getByTestId('deposit-row');
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(code);
    expect(text).toContain('ສຳເລັດ');
    expect(text).toContain('100.000 LAK');
    expect(text).toContain('AskMeBet');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await screenshot(page, 'deposit-history-1280');
    await context.close();
  });

  it('credits a payment whose notice was lost once the player checks: the page waits, the check asks the gateway', async () => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
    });
    const expected = formatAmount(convertAt('DEPOSIT', 100_000n, DEMO_RATES.THB), 'THB');
    await createOrder(page, '100000');
    const payload = await page.getByTestId('deposit-payload').inputValue();
    const code = await page.getByTestId('deposit-code').textContent();

    // The bank takes the money, but its notice to the site is lost on the way.
    await payAtSandboxBank(e2e.browser, e2e.server.url, payload, { noticeLost: true });

    // The page reads the order again, and the site knows nothing of the payment: still open.
    const read = await page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().endsWith(`/api/v2/deposits/${code}`),
    );
    expect((await read.json()).order.status).toBe('OPEN');
    expect(await page.locator('[data-state="open"]').count()).toBe(1);
    expect(await credit(player)).toBe('0.00');

    // The player checks: the site asks the gateway, which knows the payment, and credits it once.
    await page.getByRole('button', { name: 'ກວດສອບການຊຳລະ' }).click();
    await page.locator('[data-state="success"]').waitFor();
    await page.getByText(`ຝາກເງິນສຳເລັດ ເຄຣດິດ ${displayAmount(expected)} ບາດ ເຂົ້າ AskMeBet ແລ້ວ`).waitFor();
    expect(await credit(player)).toBe(expected);
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'deposit-checked-success-375');
    await context.close();
  });

  it('cancels an order after the warning dialog', async () => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, { viewport: { width: 1280, height: 1000 } });
    await createOrder(page, '50000');
    await page.getByRole('button', { name: 'ຍົກເລີກລາຍການ' }).click();
    const dialog = page.getByRole('dialog', { name: 'ຍົກເລີກລາຍການຝາກ?' });
    await dialog.getByText('ຖ້າທ່ານຊຳລະເງິນແລ້ວ ກະລຸນາກົດ "ກວດສອບການຊຳລະ" ກ່ອນ. ຖ້າຍົກເລີກຫຼັງຈາກຊຳລະແລ້ວ ທ່ານຕ້ອງຕິດຕໍ່ພະນັກງານ.').waitFor();
    await screenshot(page, 'deposit-cancel-warning-1280');
    await dialog.getByRole('button', { name: 'ກັບຄືນ' }).click();
    await page.locator('[data-state="open"]').waitFor();
    await page.getByRole('button', { name: 'ຍົກເລີກລາຍການ' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ຢືນຢັນການຍົກເລີກ' }).click();
    await page.locator('[data-state="canceled"]').waitFor();
    await page.getByText('ລາຍການຝາກຖືກຍົກເລີກແລ້ວ').waitFor();
    const orders = await e2e.server.database.db.selectFrom('deposit_orders').select('status').where('player_id', '=', player.id).execute();
    expect(orders).toEqual([{ status: 'CANCELED' }]);
    await context.close();
  });

  it('sends a player without a bank account to the bank page', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, { viewport: { width: 1280, height: 1000 } });
    await openPage(page, `${e2e.server.url}/player/deposit`);
    await page.getByText('ກະລຸນາເພີ່ມບັນຊີທະນາຄານກ່ອນຝາກເງິນ').waitFor();
    await page.getByRole('link', { name: 'ເພີ່ມບັນຊີທະນາຄານ' }).click();
    await page.waitForURL(`${e2e.server.url}/player/bank`);
    await context.close();
  });
});
