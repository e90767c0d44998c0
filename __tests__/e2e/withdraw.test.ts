import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { setRate } from '../../server/domain/agencies';
import { addBankAccount } from '../../server/domain/players';
import { createOperator } from '../../server/domain/operators';
import { ensureMember, type WalletDeps } from '../../server/domain/providerWallets';
import { convertAt, parseAmount } from '../../contract/money';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayer, fundTestCredit } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite({ WITHDRAW_AUTO_APPROVE_THB: '5000' });
let wallets: WalletDeps;
const BUY = '600.25';

beforeAll(async () => {
  await setRate(e2e.server.database.db, e2e.agencyId, 'THB', BUY, '640', 'e2e');
  wallets = {
    db: e2e.server.database.db,
    providers: createProviderClient({ baseUrl: providerBaseUrls({}, () => e2e.server.url), timeoutMs: 5000 }),
  };
});

async function creditAtAskmebet(page: Page): Promise<string> {
  const res = await page.request.get(`${e2e.server.url}/api/v2/players/credits/askmebet`);
  expect(res.status()).toBe(200);
  return (await res.json()).credit.amount;
}

/** A player with a LAK bank account and `amount` satang of credit at AskMeBet, put there from the agency's capital. */
async function playerWithCredit(accountNumber: string, amount: bigint) {
  const db = e2e.server.database.db;
  const player = await createTestPlayer(db, e2e.agencyId);
  await addBankAccount(db, e2e.agencyId, player.id, {
    bank: 'bcel',
    accountNumber,
    accountName: 'KHAMLA VONG',
    currency: 'LAK',
    owner: true,
  });
  const who = { agencyId: e2e.agencyId, playerId: player.id, provider: 'askmebet' as const };
  const credited = await fundTestCredit(wallets, e2e.agencyId, player.id, amount);
  return { player, who, credited };
}

/** A kip amount as the page shows it: grouped by the browser's Lao locale data, then LAK. */
function expectKip(text: string | null, kip: bigint) {
  expect(text).toMatch(/^[0-9.,\s\u00a0]+ LAK$/);
  expect(text!.replace(/[^0-9]/g, '')).toBe(kip.toString());
}

async function withdrawOnPage(page: Page, amount: string) {
  await openPage(page, `${e2e.server.url}/player/withdraw`);
  const form = page.getByRole('form', { name: 'ແບບຟອມຖອນເງິນ' });
  await form.waitFor();
  await page.getByRole('combobox', { name: 'ຜູ້ໃຫ້ບໍລິການເກມ' }).selectOption('askmebet');
  await page.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' }).fill(amount);
  const kip = convertAt('WITHDRAW', parseAmount(amount, 'THB')!, { buy: BUY, sell: '640' });
  expectKip(await page.getByTestId('withdraw-preview').textContent(), kip);
  return kip;
}

describe('withdrawing in Chromium', () => {
  it.each([375, 768])('fits the withdraw form and its refusals in %i px, Lao only, nothing sideways', async (width) => {
    const player = await createTestPlayer(e2e.server.database.db, e2e.agencyId);
    await addBankAccount(e2e.server.database.db, e2e.agencyId, player.id, {
      bank: 'ldb',
      accountNumber: `0601000123450${width}`,
      accountName: 'SOUK PHANH',
      currency: 'LAK',
      owner: true,
    });
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, {
      viewport: { width, height: 900 },
      isMobile: width < 768,
    });
    await openPage(page, `${e2e.server.url}/player/withdraw`);
    await page.getByLabel('ຜູ້ໃຫ້ບໍລິການເກມ').selectOption('askmebet');
    await page.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' }).fill('5');
    // With no credit, a notice takes the place of the 'withdraw the most' button once the credit is read: a tap waits for it, as a player's eye does.
    await page.getByTestId('withdraw-credit-now').filter({ hasNotText: '…' }).waitFor();
    await page.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    await screenshot(page, `withdraw-form-${width}`);
    await context.close();
  });

  it('keeps the submit button where it is on a phone when the credit arrives', async () => {
    const { player } = await playerWithCredit('010120009876543002', 500_00n);
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player, {
      viewport: { width: 375, height: 900 },
      isMobile: true,
    });
    // The provider answers slowly, as over a poor connection: the form is drawn before the credit.
    await page.route('**/api/v2/players/credits/askmebet', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await openPage(page, `${e2e.server.url}/player/withdraw`);
    await page.getByRole('combobox', { name: 'ຜູ້ໃຫ້ບໍລິການເກມ' }).selectOption('askmebet');
    const submit = page.getByRole('button', { name: 'ຢືນຢັນການຖອນ' });
    expect(await page.getByTestId('withdraw-credit-now').textContent()).toBe('…');
    const before = await submit.boundingBox();
    await page.getByTestId('withdraw-credit-now').getByText('500,00 THB').waitFor();
    expect(await submit.boundingBox()).toEqual(before);
    await context.close();
  });

  it('after play on the sandbox slot, withdraws the credit and sees SUCCESS with LAK = credit x buy rate; a large one stays OPEN until the operator rejects it and the credit is back', async () => {
    const db = e2e.server.database.db;
    const { player, who, credited } = await playerWithCredit('010120009876543001', 1000_00n);
    expect(credited.status).toBe('POSTED');

    // A win (three sevens) and a loss on the sandbox slot page, played by clicking.
    const member = await ensureMember(wallets, who);
    const rig = await fetch(`${e2e.server.url}/sandbox/providers/askmebet/members/${member}/rigged-spins`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reels: [
          ['SEVEN', 'SEVEN', 'SEVEN'],
          ['CLUB', 'STAR', 'HEART'],
        ],
      }),
    });
    expect(rig.status).toBe(204);
    const games = await (await fetch(`${e2e.server.url}/sandbox/providers/askmebet/games?tab=Slot`)).json();
    const slotUrl = await wallets.providers.launch('askmebet', { member, gameCode: games.games[0].code, language: 'lo' });
    const { context, page } = await loggedIn(e2e.browser, e2e.server.url, player);
    await page.goto(new URL(slotUrl, e2e.server.url).href);
    const balance = page.getByTestId('balance');
    await page.locator('#spin').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent === '1.990,00');
    await page.locator('#spin').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent === '1.980,00');
    await screenshot(page, 'withdraw-slot-played');
    expect(await balance.textContent()).toBe('1.980,00');
    const credit = await creditAtAskmebet(page);
    expect(credit).toBe('1980.00');

    const kip = await withdrawOnPage(page, credit);
    // The page shows the credit being withdrawn and the most one withdrawal may take of it.
    await page.getByTestId('withdraw-credit-now').getByText('1.980,00 THB').waitFor();
    expect(await page.getByTestId('withdraw-most').textContent()).toBe('1.980,00 THB');
    await expect(page.getByTestId('withdraw-bank-account').textContent()).resolves.toContain('010120009876543001');
    await screenshot(page, 'withdraw-form-1280');
    await page.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }).click();
    const result = page.getByTestId('withdrawal-result');
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain('ໂອນເງິນເຂົ້າບັນຊີຂອງທ່ານແລ້ວ');
    expect(await creditAtAskmebet(page)).toBe('0.00');

    await page.getByRole('link', { name: 'ເບິ່ງປະຫວັດການຖອນ' }).click();
    const paid = page.getByRole('region', { name: 'ລາຍການທັງໝົດ' }).getByTestId('withdrawal');
    await paid.first().waitFor();
    await expect(paid.first().locator('[data-status]').getAttribute('data-status')).resolves.toBe('SUCCESS');
    expectKip(await paid.first().getByTestId('amount-received').textContent(), kip);
    await expect(paid.first().textContent()).resolves.toContain('KHAMLA VONG');
    await screenshot(page, 'withdraw-history-success-1280');

    // Over the auto-approve limit: the request stays OPEN.
    expect((await fundTestCredit(wallets, e2e.agencyId, player.id, 6000_00n)).status).toBe('POSTED');
    await withdrawOnPage(page, '6000');
    await page.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }).click();
    await expect(page.getByTestId('withdrawal-result').textContent()).resolves.toContain('ຄຳຂໍຂອງທ່ານກຳລັງລໍຖ້າການກວດສອບ');
    expect(await creditAtAskmebet(page)).toBe('0.00');
    await openPage(page, `${e2e.server.url}/player/withdraw/history`);
    const open = page.getByRole('region', { name: 'ລາຍການທີ່ກຳລັງດຳເນີນການ' }).getByTestId('withdrawal');
    await open.first().waitFor();
    const code = await open.first().getAttribute('data-code');
    await screenshot(page, 'withdraw-history-open-1280');

    // A staff operator rejects it through the API; the credit goes back to askmebet.
    await createOperator(
      db,
      e2e.agencyId,
      { username: 'e2e-staff', password: 'e2e-staff-password', role: 'staff' },
      { operatorId: null, name: 'e2e' },
    );
    const login = await fetch(`${e2e.server.url}/api/v2/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'e2e-staff', password: 'e2e-staff-password' }),
    });
    expect(login.status).toBe(200);
    const operatorCookie = login.headers.get('set-cookie')!.split(';')[0];
    const reject = await fetch(`${e2e.server.url}/api/v2/admin/withdrawals/${code}/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: operatorCookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ reason: 'please call support first' }),
    });
    expect(reject.status).toBe(200);
    expect((await reject.json()).withdrawal).toMatchObject({ status: 'REJECTED', creditReturned: '6000.00' });
    expect(await creditAtAskmebet(page)).toBe('6000.00');

    await page.reload();
    const rejected = page.locator(`[data-testid="withdrawal"][data-code="${code}"]`).last();
    await rejected.waitFor();
    await expect(rejected.locator('[data-status]').getAttribute('data-status')).resolves.toBe('REJECTED');
    await expect(rejected.textContent()).resolves.toContain('ຄຳຂໍຖືກປະຕິເສດ ບໍ່ສາມາດຖອນເງິນໄດ້');
    await expect(page.getByRole('region', { name: 'ລາຍການທີ່ກຳລັງດຳເນີນການ' }).getByTestId('withdrawal').count()).resolves.toBe(0);
    await screenshot(page, 'withdraw-history-rejected-1280');
    await context.close();
  });
});
