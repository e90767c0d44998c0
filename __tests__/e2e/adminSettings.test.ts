import type { Browser, Page } from 'playwright-core';
import { findAgencyByHost } from '../../server/domain/agencies';
import { DESKTOP, launchBrowser, overflowingElements, screenshot } from '../support/browser';
import { consoleOf } from '../support/console';
import { startServer, type RunningServer } from '../support/server';

jest.setTimeout(180_000);

let server: RunningServer;
let browser: Browser;
let agencyId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  agencyId = (await findAgencyByHost(server.database.db, 'localhost'))!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NEW_LINE = 'https://line.me/R/ti/p/@champa.lucky';

/** The players' site, loaded afresh: the header's game count and the contact menu's LINE link. */
async function playerSiteShows(): Promise<{ banner: string; line: string | null }> {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(server.url);
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

    const admin = await consoleOf(browser, server.url, server.database.db, agencyId, { username: 'e2e-owner', role: 'owner' });
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
});
