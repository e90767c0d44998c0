import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { setRate } from '../../server/domain/agencies';
import { addBankAccount } from '../../server/domain/players';
import { createOperator } from '../../server/domain/operators';
import type { WalletDeps } from '../../server/domain/providerWallets';
import { loggedIn, overflowingElements, screenshot } from '../support/browser';
import { createTestPlayer, fundTestCredit } from '../support/players';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite({ WITHDRAW_AUTO_APPROVE_THB: '5000' });
let wallets: WalletDeps;

beforeAll(async () => {
  await setRate(e2e.server.database.db, e2e.agencyId, 'THB', '600', '640', 'e2e');
  wallets = {
    db: e2e.server.database.db,
    providers: createProviderClient({ baseUrl: providerBaseUrls({}, () => e2e.server.url), timeoutMs: 5000 }),
  };
});

describe('the operator console in Chromium', () => {
  it('an operator signs in at /admin, approves a withdrawal over the auto-approve limit, and the player is paid', async () => {
    const db = e2e.server.database.db;
    const player = await createTestPlayer(db, e2e.agencyId);
    await addBankAccount(db, e2e.agencyId, player.id, {
      bank: 'bcel',
      accountNumber: '010120001112223001',
      accountName: 'NOY SIHARATH',
      currency: 'LAK',
      owner: true,
    });
    const funded = await fundTestCredit(wallets, e2e.agencyId, player.id, 6000_00n);
    expect(funded.status).toBe('POSTED');

    // The player asks for 6.000 THB, over the 5.000 THB limit: it waits OPEN for an operator.
    const playerSite = await loggedIn(e2e.browser, e2e.server.url, player);
    const asked = await playerSite.page.request.post(`${e2e.server.url}/api/v2/withdrawals`, {
      headers: { 'idempotency-key': `e2e-admin-withdraw-${player.id}` },
      data: { provider: 'askmebet', amount: '6000.00' },
    });
    expect(asked.status()).toBe(201);
    const { withdrawal } = await asked.json();
    expect(withdrawal).toMatchObject({ status: 'OPEN', creditReceived: '3600000' });

    await createOperator(
      db,
      e2e.agencyId,
      { username: 'e2e-console', password: 'e2e-console-password', role: 'staff' },
      { operatorId: null, name: 'e2e' },
    );
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/admin`);
    await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill('e2e-console');
    await page.getByLabel('ລະຫັດຜ່ານ').fill('e2e-console-password');
    await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
    await page.getByRole('banner').getByText('e2e-console · ພະນັກງານ').waitFor();
    // Operators land on the dashboard; the review queue is its own page.
    await page.getByRole('navigation').getByRole('link', { name: 'ການຖອນ' }).click();

    const row = page.getByRole('row').filter({ hasText: player.username });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('6.000,00 THB');
    await expect(row.textContent()).resolves.toContain('3.600.000 LAK');
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-withdrawal-queue-${width}`);
    }

    await row.getByRole('button', { name: 'ອະນຸມັດ' }).click();
    await page.getByText(`ອະນຸມັດ ${withdrawal.code} ແລ້ວ`).waitFor();
    await row.waitFor({ state: 'detached' });

    const history = await playerSite.page.request.get(`${e2e.server.url}/api/v2/withdrawals`);
    const paid = (await history.json()).items.find((item: { code: string }) => item.code === withdrawal.code);
    expect(paid).toMatchObject({ status: 'SUCCESS', amountReceived: '3600000' });
    await context.close();
    await playerSite.context.close();
  });
});
