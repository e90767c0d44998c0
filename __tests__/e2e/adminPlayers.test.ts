import type { Page } from 'playwright-core';
import lo from '../../public/locales/lo/common.json';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { addTestBankAccount, createTestPlayer, type TestPlayer } from '../support/players';
import { createTestPromotion } from '../support/promotions';
import { e2eSite } from '../support/e2eSite';
import { consoleOf } from '../support/console';

jest.setTimeout(180_000);

const e2e = e2eSite();

let owners = 0;

/** The console signed in as a new owner, with the player found through the search box. */
async function ownerFinding(player: TestPlayer): Promise<Page> {
  owners += 1;
  const page = await consoleOf(e2e.browser, e2e.server.url, e2e.server.database.db, e2e.agencyId, {
    username: `e2e-owner-${owners}`,
    role: 'owner',
  });
  await page.getByRole('navigation').getByRole('link', { name: 'ຜູ້ຫຼິ້ນ' }).click();
  await page.getByLabel('ຄົ້ນຫາຜູ້ຫຼິ້ນ').fill(player.username);
  await page.getByRole('button', { name: 'ຄົ້ນຫາ', exact: true }).click();
  await page.getByRole('table', { name: 'ຜູ້ຫຼິ້ນທີ່ພົບ' }).getByRole('link', { name: player.username }).waitFor();
  return page;
}

async function openProfile(page: Page, player: TestPlayer) {
  await page.getByRole('table', { name: 'ຜູ້ຫຼິ້ນທີ່ພົບ' }).getByRole('link', { name: player.username }).click();
  await page.getByRole('heading', { name: player.username, level: 1 }).waitFor();
}

/** At a tablet's and a laptop's width: nothing sticks out sideways; a screenshot to look at. */
async function looksRight(page: Page, name: string) {
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `${name}-${width}`);
  }
}

async function giveReason(page: Page, action: string, title: string, reason: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
}

describe('players in the operator console, in Chromium', () => {
  it('an owner blocks a player from promotions, and the player site refuses them one with the SPEC message', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    await addTestBankAccount(e2e.server.database.db, e2e.agencyId, player.id, 'VIENGKHAM SAYASANE');
    const promotion = await createTestPromotion(e2e.server.database.db, e2e.agencyId, { sortOrder: -1 });

    const operator = await ownerFinding(player);
    await looksRight(operator, 'admin-player-search');
    await openProfile(operator, player);
    await looksRight(operator, 'admin-player-profile');
    await giveReason(operator, 'ບລັອກໂປຣໂມຊັນ', `ບລັອກ ${player.username} ບໍ່ໃຫ້ຮັບໂປຣໂມຊັນ`, 'Bonus abuse, support case 41');
    await operator.getByRole('button', { name: 'ອະນຸຍາດໂປຣໂມຊັນ' }).waitFor();
    await operator.getByText('ຖືກບລັອກໂປຣໂມຊັນ', { exact: true }).first().waitFor();

    const site = await loggedIn(e2e.browser, e2e.server.url, player);
    await openPage(site.page, `${e2e.server.url}/player/promotion`);
    await site.page.getByRole('alert').filter({ hasText: lo.errors.PLAYER_BLOCKED }).waitFor();
    expect(await site.page.getByRole('button', { name: `ໃຊ້ໂປຣໂມຊັນ ${promotion.name.lo}` }).isDisabled()).toBe(true);
    const refused = await site.page.request.post(`${e2e.server.url}/api/v2/promotions/use`, {
      data: { promotionId: promotion.id, providerId: 'askmebet' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('PLAYER_BLOCKED');
    await site.context.close();
    await operator.context().close();
  });

  it('a reset password is shown once and the player must choose a new one at the next login', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    const site = await loggedIn(e2e.browser, e2e.server.url, player);
    await openPage(site.page, `${e2e.server.url}/player`);
    await site.page.getByRole('banner').getByRole('button', { name: player.username }).waitFor();

    const operator = await ownerFinding(player);
    await openProfile(operator, player);
    await giveReason(operator, 'ຣີເຊັດລະຫັດຜ່ານ', `ຣີເຊັດລະຫັດຜ່ານຂອງ ${player.username}`, 'Lost phone, support case 77');
    const shown = operator.getByRole('dialog', { name: `ລະຫັດຜ່ານຊົ່ວຄາວຂອງ ${player.username}` });
    const temporary = (await shown.getByLabel('ລະຫັດຜ່ານຊົ່ວຄາວ').textContent()) ?? '';
    expect(temporary).toMatch(/^[A-Za-z2-9]{12}$/);
    await screenshot(operator, 'admin-player-temporary-password');
    await shown.getByRole('button', { name: 'ແລ້ວໆ' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await operator.getByText(temporary).count()).toBe(0);

    // The player's session ended with the reset: the next page is the login.
    await openPage(site.page, `${e2e.server.url}/player/deposit`);
    await site.page.waitForURL(`${e2e.server.url}/login`);
    const form = site.page.getByRole('main');
    await form.getByLabel('ຊື່ຜູ້ໃຊ້').fill(player.username);
    await form.getByLabel('ລະຫັດຜ່ານ').fill(temporary);
    await form.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();

    const forced = site.page.getByRole('dialog', { name: 'ກະລຸນາຕັ້ງລະຫັດຜ່ານໃໝ່' });
    await forced.waitFor();
    expect(await forced.getByRole('button', { name: 'ປິດໜ້າຕ່າງນີ້' }).count()).toBe(0);
    await site.page.keyboard.press('Escape');
    expect(await forced.isVisible()).toBe(true);
    await forced.getByLabel('ລະຫັດຜ່ານຊົ່ວຄາວ').fill(temporary);
    await forced.getByLabel('ລະຫັດຜ່ານໃໝ່', { exact: true }).fill('chosen-by-me-5');
    await forced.getByLabel('ຢືນຢັນລະຫັດຜ່ານໃໝ່').fill('chosen-by-me-5');
    await forced.getByRole('button', { name: 'ບັນທຶກ' }).click();
    const success = site.page.getByRole('dialog', { name: 'ສຳເລັດ' });
    await Promise.all([site.page.waitForEvent('load'), success.getByRole('button', { name: 'ປິດ', exact: true }).click()]);
    await site.page.getByRole('banner').getByRole('button', { name: player.username }).waitFor();
    expect(await site.page.getByRole('dialog').count()).toBe(0);

    const info = await site.page.request.get(`${e2e.server.url}/api/v2/players/info`);
    expect((await info.json()).credential.mustChangePassword).toBe(false);
    await site.context.close();
    await operator.context().close();
  });
});
