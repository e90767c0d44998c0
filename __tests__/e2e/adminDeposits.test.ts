import { createOperator } from '../../server/domain/operators';
import { DEMO_RATES } from '../../server/seed';
import { displayMoney } from '../../contract/format';
import { convertAt, formatAmount } from '../../contract/money';
import { loggedIn, overflowingElements, screenshot } from '../support/browser';
import { createTestPlayerWithBank } from '../support/players';
import { e2eSite } from '../support/e2eSite';
import { sendDepositForm } from '../support/depositPage';

jest.setTimeout(180_000);

const e2e = e2eSite();

describe('the deposit review in Chromium', () => {
  it('a payment of the wrong amount is credited to the player from the console and appears once in their credit', async () => {
    const db = e2e.server.database.db;
    const player = await createTestPlayerWithBank(db, e2e.agencyId);
    const credit = async () =>
      (await (await fetch(`${e2e.server.url}/api/v2/players/credits/askmebet`, { headers: { cookie: player.cookie } })).json()).credit
        .amount;

    // The player opens a deposit order of 100.000 LAK on the site.
    const site = await loggedIn(e2e.browser, e2e.server.url, player, { viewport: { width: 1280, height: 900 } });
    await sendDepositForm(site.page, e2e.server.url, '100000');
    await site.page.getByRole('img', { name: /QR ສຳລັບຊຳລະ/ }).waitFor();
    const payload = await site.page.getByTestId('deposit-payload').inputValue();
    const code = (await site.page.getByTestId('deposit-code').textContent())!.trim();

    // The bank pays 123.456 LAK instead: no order takes it.
    const paid = await fetch(`${e2e.server.url}/sandbox/bank/api/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload, amount: '123456' }),
    });
    expect(paid.status).toBe(201);
    expect(await credit()).toBe('0.00');

    await createOperator(
      db,
      e2e.agencyId,
      { username: 'e2e-desk', password: 'e2e-desk-password', role: 'staff' },
      { operatorId: null, name: 'e2e' },
    );
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/admin`);
    await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill('e2e-desk');
    await page.getByLabel('ລະຫັດຜ່ານ').fill('e2e-desk-password');
    await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'ການຝາກ' }).click();

    // The search finds the failed order by its code.
    await page.getByLabel('ລະຫັດ').fill(code);
    await page.getByRole('button', { name: 'ຄົ້ນຫາ' }).click();
    await page.getByRole('link', { name: code }).waitFor();
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-deposits-search-${width}`);
    }

    await page.getByRole('tab', { name: 'ການຊຳລະທີ່ບໍ່ກົງກັນ' }).click();
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    const expected = formatAmount(convertAt('DEPOSIT', 123_456n, DEMO_RATES.THB), 'THB');
    await expect(row.textContent()).resolves.toContain(displayMoney(expected, 'THB'));
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-deposits-unmatched-${width}`);
    }

    await row.getByRole('button', { name: 'ແກ້ໄຂ' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('ຊື່ຜູ້ໃຊ້ຂອງຜູ້ຫຼິ້ນ').fill(player.username.slice(0, 5));
    await dialog.getByRole('button', { name: 'ຄົ້ນຫາ' }).click();
    await dialog.getByRole('button', { name: player.username }).click();
    await dialog.getByLabel('ຜູ້ໃຫ້ບໍລິການ').selectOption('askmebet');
    await dialog.getByRole('button', { name: 'ເຕີມເຄຣດິດໃຫ້ຜູ້ຫຼິ້ນ' }).click();
    await dialog.getByText(displayMoney(expected, 'THB'), { exact: false }).waitFor();
    await screenshot(page, 'admin-deposits-credit-preview-1280');
    await dialog.getByRole('button', { name: 'ຕໍ່ໄປ' }).click();
    await dialog.getByLabel('ເຫດຜົນ').fill('ຈ່າຍຜິດຈຳນວນ, ຢືນຢັນທາງໂທລະສັບ');
    await dialog.getByRole('button', { name: 'ຢືນຢັນການເຕີມເຄຣດິດ' }).click();
    await dialog.getByText(/ເຕີມເຄຣດິດແລ້ວ/).waitFor();
    await dialog.getByRole('button', { name: 'ປິດໜ້າຕ່າງ' }).click();
    await row.waitFor({ state: 'detached' });

    // Once: the credit at askmebet is the payment's THB, and stays so.
    expect(await credit()).toBe(expected);
    await page.reload();
    expect(await credit()).toBe(expected);

    // The failed order's own page: its QR payload, its webhook event and the payment kept unmatched.
    await page.goto(`${e2e.server.url}/admin/deposits/${code}`);
    await page.getByText(payload).waitFor();
    await page.getByText('UNMATCHED_PAYMENT', { exact: true }).waitFor();
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-deposit-detail-${width}`);
    }
    await context.close();
    await site.context.close();
  });
});
