import { addBankAccount, bankAccountsOf } from '../../server/domain/players';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();

describe('bank account in Chromium', () => {
  it('shows each error first (invalid number, non-LAK currency, a number another player uses), then saves the account', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    const neighbour = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    const taken = await addBankAccount(e2e.server.database.db, e2e.agencyId, neighbour.id, {
      bank: 'bcel',
      accountNumber: '010120009999999001',
      accountName: 'NEIGHBOUR',
      currency: 'LAK',
      owner: true,
    });

    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, { viewport: { width: 1280, height: 900 } });
    await openPage(page, `${e2e.server.url}/player/bank`);
    const form = page.getByRole('form', { name: 'ເພີ່ມບັນຊີທະນາຄານ' });
    await form.waitFor();
    await expect(page.locator('main').getByRole('note').textContent()).resolves.toContain('ບໍ່ອະນຸຍາດໃຫ້ໃຊ້ບັນຊີກະເປົາເງິນ (wallet)');

    const accountNumber = page.getByRole('textbox', { name: 'ເລກບັນຊີ' });
    const submit = page.getByRole('button', { name: 'ບັນທຶກບັນຊີ' });
    await page.getByRole('radio', { name: /BCEL/ }).check();
    await accountNumber.fill('0101 2000');
    await page.getByRole('textbox', { name: 'ຊື່ບັນຊີ' }).fill('SOMPHONE KEOMANY');
    await page.getByRole('checkbox').check();
    await submit.click();
    await page.getByText('ບັນຊີບໍ່ຖືກຕ້ອງ: ເລກບັນຊີ BCEL ຕ້ອງເປັນຕົວເລກ 18 ຫຼັກ').waitFor();
    await screenshot(page, 'bank-invalid-number-1280');

    await accountNumber.fill('0101 2000 1234 5670 01');
    await page.getByRole('combobox', { name: /ສະກຸນເງິນ/ }).selectOption('THB');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'ສາມາດໃຊ້ໄດ້ສະເພາະບັນຊີສະກຸນເງິນກີບ (LAK) ເທົ່ານັ້ນ' }).waitFor();
    await screenshot(page, 'bank-only-lak-1280');

    await page.getByRole('combobox', { name: /ສະກຸນເງິນ/ }).selectOption('LAK');
    await accountNumber.fill(taken.accountNumber);
    await submit.click();
    await page.getByText('ບັນຊີນີ້ຖືກໃຊ້ໃນລະບົບແລ້ວ ກະລຸນາຕິດຕໍ່ພະນັກງານ').waitFor();
    await screenshot(page, 'bank-account-in-use-1280');
    expect(await bankAccountsOf(e2e.server.database.db, e2e.agencyId, player.id)).toEqual([]);

    await accountNumber.fill('0101-2000-1234-5670-01');
    await submit.click();
    const card = page.getByTestId('bank-account');
    await card.waitFor();
    expect(await card.textContent()).toContain('010120001234567001');
    await screenshot(page, 'bank-saved-1280');

    const saved = await bankAccountsOf(e2e.server.database.db, e2e.agencyId, player.id);
    expect(saved).toMatchObject([{ bank: 'bcel', accountNumber: '010120001234567001', accountName: 'SOMPHONE KEOMANY', currency: 'LAK' }]);
    expect(await bankAccountsOf(e2e.server.database.db, e2e.agencyId, neighbour.id)).toEqual([taken]);

    // The account stays after a reload, and the form is gone for good.
    await page.reload();
    await card.waitFor();
    expect(await form.count()).toBe(0);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, { viewport: { width: 375, height: 900 } });
    await openPage(page, `${e2e.server.url}/player/bank`);
    await page.getByRole('form', { name: 'ເພີ່ມບັນຊີທະນາຄານ' }).waitFor();
    await screenshot(page, 'bank-form-375');
    const wide = await overflowingElements(page);
    expect(wide).toEqual([]);
    await context.close();
  });

  it('serves the seeded exchange rates of the demo agency', async () => {
    const rates = await (await fetch(`${e2e.server.url}/api/v2/exchange-rates`)).json();
    expect(rates).toEqual([
      { code: 'THB_LAK', mid: '620', displayName: 'THB/LAK', currency: 'THB', buy: '600', sell: '640' },
      { code: 'USD_LAK', mid: '21650', displayName: 'USD/LAK', currency: 'USD', buy: '21400', sell: '21900' },
    ]);
  });
});
