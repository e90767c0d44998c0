import type { Page } from 'playwright-core';
import { setRate } from '../../server/domain/agencies';
import { loggedIn, screenshot, openPage } from '../support/browser';
import { consoleOf } from '../support/console';
import { createTestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();

beforeAll(async () => {
  await setRate(e2e.server.database.db, e2e.agencyId, 'THB', '600', '640', 'e2e');
});

const NAME = 'ໂບນັດທ້າຍອາທິດ e2e';

/** The page at a width: no sideways scroll (tables scroll inside their own scroller), and a screenshot to look at. */
async function looksRight(page: Page, width: number, name = 'admin-promotions') {
  await page.setViewportSize({ width, height: 900 });
  await screenshot(page, `${name}-${width}`);
  // After the screenshot, so a failure leaves the picture to look at.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** A moment as the form's date-and-time fields take it: Vientiane's clock (UTC+7), to the minute. */
const vientianeField = (at: Date) => new Date(at.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 16);
/** The same moment as the console's list shows it: 31/12/2026, 23:59. */
const vientianeShown = (at: Date) => vientianeField(at).replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/, '$3/$2/$1, $4');

describe('promotions in the operator console, in Chromium', () => {
  it('an owner creates a promotion that players then see, and deactivating it takes it off their list', async () => {
    const owner = await consoleOf(e2e.browser, e2e.server.url, e2e.server.database.db, e2e.agencyId, {
      username: 'e2e-promotions',
      role: 'owner',
    });
    await owner.getByRole('navigation').getByRole('link', { name: 'ໂປຣໂມຊັນ' }).click();
    await owner.getByRole('heading', { name: 'ໂປຣໂມຊັນ ແລະ ກອງໂບນັດ' }).waitFor();
    await owner.getByRole('button', { name: 'ໂປຣໂມຊັນໃໝ່' }).click();
    const form = owner.getByRole('form', { name: 'ສ້າງໂປຣໂມຊັນ' });
    for (const language of ['lo', 'cn', 'vn', 'th']) {
      await form.getByLabel(`ຊື່ (${language})`, { exact: true }).fill(NAME);
      await form.getByLabel(`ເງື່ອນໄຂ (${language})`, { exact: true }).fill('ຝາກ 64.000 ກີບ ຮັບໂບນັດ 50 ບາດ');
    }
    await form.getByLabel('ໂບນັດ (ບາດ)', { exact: true }).fill('50');
    await form.getByLabel('ຍອດຝາກທີ່ກຳນົດ (ກີບ)').fill('64000');
    await form.getByLabel('ຕົວຄູນເທີນໂອເວີ').fill('2');
    await form.getByLabel('ຖອນໄດ້ສູງສຸດ (% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ)').fill('300');
    await form.getByLabel('ເກນເຄຣດິດ (ບາດ)').fill('10');
    await form.getByRole('checkbox', { name: 'askmebet' }).check();
    // Live from a minute ago for 30 days, typed at Vientiane time.
    const startsAt = new Date(Date.now() - 60_000);
    const endsAt = new Date(startsAt.getTime() + 30 * 24 * 60 * 60 * 1000);
    await form.getByLabel('ເລີ່ມ (ເວລາວຽງຈັນ)').fill(vientianeField(startsAt));
    await form.getByLabel('ສິ້ນສຸດ (ເວລາວຽງຈັນ)').fill(vientianeField(new Date(startsAt.getTime() - 60 * 60 * 1000)));
    await form.getByLabel('ເຫດຜົນ', { exact: false }).fill('Weekend campaign');
    await form.getByRole('button', { name: 'ສ້າງໂປຣໂມຊັນ' }).click();
    await form.getByText('ເວລາສິ້ນສຸດນີ້ຜ່ານໄປແລ້ວ').waitFor();
    await looksRight(owner, 1280, 'admin-promotions-form');
    await looksRight(owner, 768, 'admin-promotions-form');
    await owner.setViewportSize({ width: 1280, height: 900 });
    await form.getByLabel('ສິ້ນສຸດ (ເວລາວຽງຈັນ)').fill(vientianeField(endsAt));
    await form.getByRole('button', { name: 'ສ້າງໂປຣໂມຊັນ' }).click();
    const row = owner.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('50,00 THB');
    await expect(row.textContent()).resolves.toContain('64.000 LAK');
    await expect(row.textContent()).resolves.toContain(`${vientianeShown(startsAt)} – ${vientianeShown(endsAt)}`);
    await looksRight(owner, 1280);
    await looksRight(owner, 768);
    await owner.setViewportSize({ width: 1280, height: 900 });

    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    const site = await loggedIn(e2e.browser, e2e.server.url, player);
    await openPage(site.page, `${e2e.server.url}/player/promotion`);
    await site.page.getByText(NAME).first().waitFor();

    await row.getByRole('button', { name: 'ປິດໃຊ້ງານ' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('ເຫດຜົນ', { exact: false }).fill('Budget spent');
    await dialog.getByRole('button', { name: 'ປິດໃຊ້ງານ' }).click();
    await row.getByRole('button', { name: 'ເປີດໃຊ້ງານ' }).waitFor();

    // The server renders the page with the promotions it lists now; the player's own call agrees.
    await site.page.reload();
    await site.page.getByTestId('promotion-card').first().waitFor();
    await expect(site.page.getByText(NAME).count()).resolves.toBe(0);
    const listed = await site.page.request.get(`${e2e.server.url}/api/v2/promotions`);
    expect(listed.status()).toBe(200);
    expect(JSON.stringify(await listed.json())).not.toContain(NAME);
    await site.context.close();
    await owner.context().close();
  });
});
