import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { consoleOf } from '../support/console';
import { createTestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

jest.setTimeout(240_000);

const e2e = e2eSite();

const NOTICE = 'ດຳເນີນງານພາຍໃຕ້ໃບອະນຸຍາດ ເລກທີ 042/2026 ຂອງ ສປປ ລາວ';

/** Each width: nothing sticks out sideways, and a screenshot to look at. */
async function checkLayout(page: Page, name: string, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect([width, await overflowingElements(page)]).toEqual([width, []]);
    await screenshot(page, `${name}-${width}`);
  }
}

describe('responsible play in Chromium', () => {
  it('the footer link opens the play-responsibly page on a 390 px phone', async () => {
    const context = await e2e.browser.newContext(PHONE);
    const page = await context.newPage();
    await openPage(page, e2e.server.url);
    await page.getByTestId('footer').getByRole('link', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' }).click();
    await page.getByRole('heading', { level: 1, name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/responsible-play');
    expect(await page.getByTestId('adults-only').textContent()).toContain('18');
    await checkLayout(page, 'responsible-play', [390, 375, 768]);
    await context.close();
  });

  it('an owner sets the licence notice in the console and the players’ footer shows it', async () => {
    const admin = await consoleOf(e2e.browser, e2e.server.url, e2e.server.database.db, e2e.agencyId, {
      username: 'e2e-rp-owner',
      role: 'owner',
    });
    await admin.getByRole('navigation').getByRole('link', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' }).click();
    const form = admin.getByRole('form', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' });
    await form.getByLabel('ແຈ້ງການໃບອະນຸຍາດ (ລາວ)').fill(NOTICE);
    await form.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').fill('licence granted');
    await form.getByRole('button', { name: 'ບັນທຶກ' }).click();
    await admin.getByText('ບັນທຶກແລ້ວ').first().waitFor();
    await checkLayout(admin, 'admin-responsible-play', [768, 1280]);

    const context = await e2e.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await openPage(page, e2e.server.url);
    const notice = page.getByTestId('licence-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(NOTICE);
    await context.close();
  });

  it('a player sees the reality check fire and the statement, without sideways scroll on a phone', async () => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    // the session began long enough ago that the hourly check is due in a few seconds
    await sql`UPDATE player_sessions SET created_at = now() - interval '59 minutes 50 seconds' WHERE player_id = ${player.id}`.execute(
      e2e.server.database.db,
    );
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, PHONE);
    await openPage(page, `${e2e.server.url}/player/statement`);
    await page.getByTestId('statement-month').first().waitFor();
    expect(await page.getByTestId('statement-month').count()).toBe(12);
    await checkLayout(page, 'statement', [375, 768]);
    const dialog = page.getByRole('dialog', { name: 'ແຈ້ງເຕືອນເວລາຫຼິ້ນ' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('reality-check-net').textContent()).toBe('0 LAK');
    await page.setViewportSize({ width: 375, height: 844 });
    await screenshot(page, 'reality-check-375');
    await dialog.getByRole('button', { name: 'ຫຼິ້ນຕໍ່' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
