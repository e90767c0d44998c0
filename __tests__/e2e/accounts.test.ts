import type { Page } from 'playwright-core';
import { screenshot, waitForApp, openPage } from '../support/browser';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();

const USERNAME = `e2e${Date.now().toString(36)}`;
const DISPLAY_NAME = 'ສົມໃຈ ທົດສອບ';
const FIRST_PASSWORD = 'first-pass-123';
const NEW_PASSWORD = 'second-pass-456';

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: DISPLAY_NAME });

async function login(page: Page, password: string) {
  // The server's login page is readable at once; it takes the password only once the app runs.
  await waitForApp(page);
  const form = page.getByRole('main');
  await form.getByLabel('ຊື່ຜູ້ໃຊ້').fill(USERNAME);
  await form.getByLabel('ລະຫັດຜ່ານ').fill(password);
  await form.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
}

describe('player accounts in Chromium', () => {
  it('registers, changes the password, logs out and logs in with the new password', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    await openPage(page, `${e2e.server.url}/register`);
    await page.getByRole('heading', { name: 'ສະໝັກສະມາຊິກ' }).waitFor();
    await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill(USERNAME);
    await page.getByText('ຊື່ຜູ້ໃຊ້ນີ້ໃຊ້ໄດ້').waitFor();
    await page.getByLabel('ລະຫັດຜ່ານ', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('ຢືນຢັນລະຫັດຜ່ານ').fill(FIRST_PASSWORD);
    await page.getByLabel('ຊື່ສະແດງ').fill(DISPLAY_NAME);
    await page.getByLabel('ຂ້ອຍຢືນຢັນວ່າຂ້ອຍມີອາຍຸ 18 ປີຂຶ້ນໄປ').check();
    await screenshot(page, 'accounts-register-1280');
    await page.getByRole('main').getByRole('button', { name: 'ສະໝັກສະມາຊິກ' }).click();

    await page.waitForURL(`${e2e.server.url}/player`);
    await accountButton(page).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'ຝາກເງິນ' }).isVisible()).toBe(true);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'champa_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await screenshot(page, 'accounts-logged-in-1280');

    // The registration carried this browser's real fingerprint, stored per agency for today.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('fingerprint'))) ?? '{}') as Record<
      string,
      { fingerprint: string; date: string }
    >;
    const [report] = Object.values(stored);
    expect(report.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const history = await e2e.server.database.db.selectFrom('player_fingerprints').select(['visitor_id', 'source', 'device']).execute();
    expect(history).toEqual([
      { visitor_id: report.fingerprint, source: 'register', device: expect.objectContaining({ fingerprint: report.fingerprint }) },
    ]);
    expect(history[0].device).toMatchObject({
      screen: expect.stringMatching(/^\d+x\d+$/),
      userAgent: expect.stringContaining('Chrome'),
      version: expect.stringMatching(/^5\./),
    });

    await accountButton(page).click();
    await page.getByRole('menuitem', { name: 'ປ່ຽນລະຫັດຜ່ານ' }).click();
    const dialog = page.getByRole('dialog', { name: 'ປ່ຽນລະຫັດຜ່ານ' });
    await dialog.getByLabel('ລະຫັດຜ່ານປັດຈຸບັນ').fill(FIRST_PASSWORD);
    await dialog.getByLabel('ລະຫັດຜ່ານໃໝ່', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('ຢືນຢັນລະຫັດຜ່ານໃໝ່').fill(NEW_PASSWORD);
    await screenshot(page, 'accounts-change-password-1280');
    await dialog.getByRole('button', { name: 'ບັນທຶກ' }).click();
    const success = page.getByRole('dialog', { name: 'ສຳເລັດ' });
    await success.getByText('ປ່ຽນລະຫັດຜ່ານສຳເລັດແລ້ວ').waitFor();
    await Promise.all([page.waitForEvent('load'), success.getByRole('button', { name: 'ປິດ', exact: true }).click()]);
    // This session survived the change; the page came back logged in. The server's HTML shows the
    // account button before the app has hydrated it, and a tap before then does nothing.
    await accountButton(page).waitFor();
    await waitForApp(page);

    await accountButton(page).click();
    await Promise.all([page.waitForURL(`${e2e.server.url}/login`), page.getByRole('menuitem', { name: 'ອອກຈາກລະບົບ' }).click()]);
    await page.getByRole('banner').getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' }).waitFor();
    expect(await accountButton(page).count()).toBe(0);

    await login(page, FIRST_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'ເຂົ້າສູ່ລະບົບບໍ່ສຳເລັດ' }).waitFor();
    await login(page, NEW_PASSWORD);
    await page.waitForURL(`${e2e.server.url}/player`);
    await accountButton(page).waitFor();
    await screenshot(page, 'accounts-logged-in-again-1280');
    await context.close();
  });

  it('sends a visitor opening /player/deposit to /login', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 375, height: 800 } });
    await openPage(page, `${e2e.server.url}/player/deposit`);
    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບ' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'ສະໝັກສະມາຊິກ' }).waitFor();
    await screenshot(page, 'accounts-login-375');
    await page.close();
  });
});
