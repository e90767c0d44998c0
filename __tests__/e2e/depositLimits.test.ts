import { PHONE, loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayerWithBank } from '../support/players';
import { e2eSite } from '../support/e2eSite';
import { payAtSandboxBank, sendDepositForm } from '../support/depositPage';

jest.setTimeout(120_000);

const e2e = e2eSite();

describe('deposit limits in Chromium on a 390 px phone', () => {
  it('sets a daily limit of 200,000 kip, deposits 150,000, and is refused 100,000 with 50,000 left', async () => {
    const player = await createTestPlayerWithBank(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, PHONE);

    await openPage(page, `${e2e.server.url}/player/limits`);
    await page.getByRole('heading', { name: 'ຂີດຈຳກັດການຝາກ' }).waitFor();
    await page.getByRole('textbox', { name: 'ຂີດຈຳກັດຕໍ່ມື້ (ກີບ)' }).fill('200000');
    await page.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }).click();
    await page.getByText('ບັນທຶກແລ້ວ').waitFor();
    await page.getByTestId('limit-day').getByText('ໃຊ້ໄປແລ້ວ 0 LAK · ຍັງເຫຼືອ 200.000 LAK').waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'deposit-limits-390');

    await sendDepositForm(page, e2e.server.url, '150000');
    await page.locator('[data-state="open"]').waitFor();
    await payAtSandboxBank(e2e.browser, e2e.server.url, await page.getByTestId('deposit-payload').inputValue());
    await page.locator('[data-state="success"]').waitFor({ timeout: 10_000 });

    await openPage(page, `${e2e.server.url}/player/deposit`);
    const left = page.getByTestId('deposit-limit-left');
    await left.getByText('ຕາມຂີດຈຳກັດການຝາກຕໍ່ມື້ ທ່ານຍັງຝາກໄດ້ອີກ 50.000 LAK').waitFor();
    await sendDepositForm(page, e2e.server.url, '100000');
    await page.getByRole('alert').getByText('ຍອດນີ້ເກີນຂີດຈຳກັດການຝາກຕໍ່ມື້ຂອງທ່ານ: ຍັງຝາກໄດ້ອີກ 50.000 LAK').waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'deposit-limit-refused-390');

    // The page after a raise: the pending change with its time in Vientiane.
    await openPage(page, `${e2e.server.url}/player/limits`);
    await page.getByRole('textbox', { name: 'ຂີດຈຳກັດຕໍ່ມື້ (ກີບ)' }).fill('300000');
    await page.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }).click();
    await page
      .getByTestId('pending-day')
      .getByText(/ຈະປ່ຽນເປັນ 300\.000 LAK ເວລາ \d\d\/\d\d\/\d{4} \d\d:\d\d \(ເວລາວຽງຈັນ\)/)
      .waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, 'deposit-limits-pending-390');
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `deposit-limits-pending-${width}`);
    }
    await context.close();
  });
});
