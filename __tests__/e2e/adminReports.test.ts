import type { Page } from 'playwright-core';
import { DEMO_RATES } from '../../server/seed';
import { displayAmount } from '../../contract/format';
import { convertAt, formatAmount } from '../../contract/money';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayer } from '../support/players';
import { consoleOf } from '../support/console';
import { e2eSite } from '../support/e2eSite';

jest.setTimeout(180_000);

const e2e = e2eSite();

/** Both console widths: nothing sticks out sideways, and a screenshot to look at. */
async function checkLayout(page: Page, name: string) {
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect([width, await overflowingElements(page)]).toEqual([width, []]);
    await screenshot(page, `${name}-${width}`);
  }
}

describe('the operator console’s reports and rates in Chromium', () => {
  it('a rate set in the console is the rate of the player’s next deposit; the reconciliation report of the day balances', async () => {
    const db = e2e.server.database.db;
    const admin = await consoleOf(e2e.browser, e2e.server.url, db, e2e.agencyId, { username: 'e2e-owner', role: 'owner' });
    // The dashboard is where an operator lands.
    await admin.getByRole('heading', { name: /^ມື້ນີ້, \d{4}-\d{2}-\d{2}$/ }).waitFor();
    await checkLayout(admin, 'admin-dashboard');

    // The owner moves the THB sell rate from 640 to 680 (6.25%): the console asks again.
    await admin.getByRole('navigation').getByRole('link', { name: 'ອັດຕາແລກປ່ຽນ' }).click();
    await admin.getByRole('cell', { name: 'THB/LAK' }).waitFor();
    const rate = { buy: DEMO_RATES.THB.buy, sell: '680' };
    await admin.getByRole('textbox', { name: 'ຊື້' }).fill(rate.buy);
    await admin.getByRole('textbox', { name: 'ຂາຍ' }).fill(rate.sell);
    await admin.getByRole('textbox', { name: 'ເຫດຜົນ (ບໍ່ບັງຄັບ)' }).fill('baht stronger');
    await admin.getByRole('button', { name: 'ຕັ້ງອັດຕາ' }).click();
    const dialog = admin.getByRole('dialog', { name: 'ອັດຕາປ່ຽນຫຼາຍ' });
    await dialog.getByText('ອັດຕາ THB ປ່ຽນ 6.25% (ຊື້ 600, ຂາຍ 680). ຢືນຢັນຕັ້ງບໍ?').waitFor();
    await dialog.getByRole('button', { name: 'ແມ່ນ, ຕັ້ງເລີຍ' }).click();
    await admin.getByText('ຕັ້ງອັດຕາ THB ແລ້ວ').waitFor();
    await admin.getByRole('row').filter({ hasText: 'THB/LAK' }).getByText('680', { exact: true }).waitFor();
    await checkLayout(admin, 'admin-rates');

    // The player's next deposit: 100,000 kip at the new sell rate of 680 is 147.05 THB.
    const player = await createTestPlayer(db, e2e.agencyId);
    await db
      .insertInto('bank_accounts')
      .values({
        agency_id: e2e.agencyId,
        player_id: player.id,
        bank: 'bcel',
        account_number: '010120009990001',
        account_name: 'SOMPHONE KEOMANY',
        currency: 'LAK',
      })
      .execute();
    const expected = formatAmount(convertAt('DEPOSIT', 100_000n, rate), 'THB');
    expect(expected).toBe('147.05');
    const site = await loggedIn(e2e.browser, e2e.server.url, player);
    const page = site.page;
    await openPage(page, `${e2e.server.url}/player/deposit`);
    await page.getByRole('form', { name: 'ຝາກເງິນ' }).waitFor();
    await page.getByLabel('ຄ່າຍເກມ').selectOption('askmebet');
    await page.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }).fill('100000');
    await page
      .getByTestId('deposit-credit-after')
      .getByText(`${displayAmount(expected)} THB`)
      .waitFor();
    await page.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }).click();
    await page.locator('[data-state="open"]').waitFor();
    const payload = await page.getByTestId('deposit-payload').inputValue();
    const code = (await page.getByTestId('deposit-code').textContent())!;
    const order = await db.selectFrom('deposit_orders').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect([Number(order.rate_sell), order.credit_satang]).toEqual([680, '14705']);

    // Paid at the sandbox bank; the page sees the credit at the new rate.
    const paid = await fetch(`${e2e.server.url}/sandbox/bank/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    expect(paid.status).toBe(201);
    await page.locator('[data-state="success"]').waitFor({ timeout: 15_000 });
    await page.getByText(`ຝາກເງິນສຳເລັດ ເຄຣດິດ ${displayAmount(expected)} ບາດ ເຂົ້າ AskMeBet ແລ້ວ`).waitFor();
    await site.context.close();

    // The day's reconciliation: every line reconciled, the trial balance zero in every currency.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole('navigation').getByRole('link', { name: 'ກວດສອບບັນຊີ' }).click();
    await admin.getByText('ທຸກລາຍການກົງກັນ ແລະ ບັນຊີສົມດຸນ').waitFor();
    const lines = admin.locator('tr[data-reconciled]');
    expect(await lines.count()).toBeGreaterThanOrEqual(8);
    expect(await admin.locator('tr[data-reconciled="false"]').count()).toBe(0);
    const credited = admin.getByRole('row').filter({ hasText: 'ຝາກທີ່ຈ່າຍ ທຽບກັບ ທີ່ເຕີມເຄຣດິດ (THB)' });
    expect(await credited.textContent()).toContain(`${displayAmount(expected)} THB`);
    for (const currency of ['LAK', 'THB']) {
      const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: currency, exact: true }) });
      expect(await row.textContent()).toContain('ສົມດຸນ');
      expect(await row.getByRole('cell').nth(3).textContent()).toBe(currency === 'LAK' ? '0 LAK' : '0,00 THB');
    }
    const csv = await admin.request.get(`${e2e.server.url}${await admin.getByRole('link', { name: 'ດາວໂຫຼດ CSV' }).getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`line,DEPOSITS_CREDITED,THB,${expected},${expected},true,`);
    await checkLayout(admin, 'admin-reconciliation');
    await admin.context().close();
  });
});
