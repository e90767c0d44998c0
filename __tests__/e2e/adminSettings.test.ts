import type { Page } from 'playwright-core';
import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { setRate } from '../../server/domain/agencies';
import { addBankAccount } from '../../server/domain/players';
import { sendCreditToProvider } from '../../server/domain/providerWallets';
import { DESKTOP, loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { consoleOf } from '../support/console';
import { createTestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

jest.setTimeout(180_000);

const e2e = e2eSite();

const NEW_LINE = 'https://line.me/R/ti/p/@champa.lucky';

/** The players' site, loaded afresh: the header's game count and the contact menu's LINE link. */
async function playerSiteShows(): Promise<{ banner: string; line: string | null }> {
  const context = await e2e.browser.newContext(DESKTOP);
  const page = await context.newPage();
  await openPage(page, e2e.server.url);
  const banner = page.getByTestId('banner');
  await banner.waitFor();
  await page.getByRole('button', { name: 'ຕິດຕໍ່ພວກເຮົາ' }).first().click();
  const line = await page.getByRole('menuitem', { name: 'Line' }).getAttribute('href');
  const shown = { banner: (await banner.textContent()) ?? '', line };
  await context.close();
  return shown;
}

/** Both console widths: nothing sticks out sideways, and a screenshot to look at. */
async function checkLayout(page: Page, name: string) {
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect([width, await overflowingElements(page)]).toEqual([width, []]);
    await screenshot(page, `${name}-${width}`);
  }
}

describe('the agency settings in Chromium', () => {
  it('an owner changes a social link and the header’s game count, and the players’ site shows them on its next load', async () => {
    const before = await playerSiteShows();
    expect(before.line).not.toBe(NEW_LINE);
    expect(before.banner).not.toContain('2500');

    const admin = await consoleOf(e2e.browser, e2e.server.url, e2e.server.database.db, e2e.agencyId, {
      username: 'e2e-owner',
      role: 'owner',
    });
    await admin.getByRole('navigation').getByRole('link', { name: 'ການຕັ້ງຄ່າ' }).click();
    const agency = admin.getByRole('form', { name: 'ຕົວແທນ ແລະ ລິ້ງໂຊຊຽວ' });
    await agency.getByLabel('ລິ້ງ LINE').fill(NEW_LINE);
    await agency.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').fill('new LINE account');
    await agency.getByRole('button', { name: 'ບັນທຶກ' }).click();
    await admin.getByText('ບັນທຶກແລ້ວ; ເວັບໄຊຜູ້ຫຼິ້ນຈະສະແດງໃນການໂຫຼດຄັ້ງຕໍ່ໄປ').first().waitFor();

    const site = admin.getByRole('form', { name: 'ສ່ວນຫົວຂອງເວັບໄຊ' });
    await site.getByLabel('ຈຳນວນເກມໃນສ່ວນຫົວ').fill('2500');
    await site.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').fill('more games live');
    await site.getByRole('button', { name: 'ບັນທຶກ' }).click();
    await site.getByLabel('ຈຳນວນເກມໃນສ່ວນຫົວ').and(admin.locator('[value="2500"]')).waitFor();
    await site.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').and(admin.locator('[value=""]')).waitFor();
    await checkLayout(admin, 'admin-settings');

    const after = await playerSiteShows();
    expect(after.line).toBe(NEW_LINE);
    expect(after.banner).toContain('2500');
  });

  it('an owner lowers the largest withdrawal and the player’s withdraw page shows it as the most one withdrawal may take', async () => {
    const db = e2e.server.database.db;
    await setRate(db, e2e.agencyId, 'THB', '600', '640', 'e2e');
    const player = await createTestPlayer(db, e2e.agencyId);
    await addBankAccount(db, e2e.agencyId, player.id, {
      bank: 'bcel',
      accountNumber: '010120001112229001',
      accountName: 'KHAM SOUVANNA',
      currency: 'LAK',
      owner: true,
    });
    const providers = createProviderClient({ baseUrl: providerBaseUrls({}, () => e2e.server.url), timeoutMs: 5000 });
    const funded = await sendCreditToProvider(
      { db, providers },
      {
        agencyId: e2e.agencyId,
        playerId: player.id,
        provider: 'askmebet',
        amount: 25000_00n,
        key: `e2e-limits-${player.id}`,
        from: { kind: 'capital', currency: 'THB' },
      },
    );
    expect(funded.status).toBe('POSTED');
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player);
    const mostOnWithdrawPage = async () => {
      await openPage(page, `${e2e.server.url}/player/withdraw`);
      await page.getByRole('combobox', { name: 'ຜູ້ໃຫ້ບໍລິການເກມ' }).selectOption('askmebet');
      await page.getByTestId('withdraw-credit-now').getByText('25.000,00 THB').waitFor();
      return page.getByTestId('withdraw-most').textContent();
    };
    expect(await mostOnWithdrawPage()).toBe('25.000,00 THB');

    const admin = await consoleOf(e2e.browser, e2e.server.url, db, e2e.agencyId, { username: 'e2e-limits-owner', role: 'owner' });
    await admin.getByRole('navigation').getByRole('link', { name: 'ການຕັ້ງຄ່າ' }).click();
    const limits = admin.getByRole('form', { name: 'ຂີດຈຳກັດການຖອນ' });
    await limits.getByLabel('ການຖອນຫຼາຍສຸດ (THB)').fill('3000');
    await limits.getByLabel('ຈ່າຍໂດຍບໍ່ຕ້ອງກວດສອບເຖິງ (THB)').fill('3000');
    await limits.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').fill('smaller payouts this month');
    await limits.getByRole('button', { name: 'ບັນທຶກ' }).click();
    await admin.getByText('ປັດຈຸບັນ: 100,00 THB ຫາ 3.000,00 THB ຕໍ່ການຖອນ.', { exact: false }).waitFor();
    await checkLayout(admin, 'admin-settings-limits');

    expect(await mostOnWithdrawPage()).toBe('3.000,00 THB');
    await page.getByText('ສູງສຸດ 3.000,00 ບາດ', { exact: false }).first().waitFor();
    await context.close();
  });
});
