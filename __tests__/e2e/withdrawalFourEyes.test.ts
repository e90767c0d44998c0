import { createProviderClient, providerBaseUrls } from '../../server/adapters/providers';
import { setRate } from '../../server/domain/agencies';
import { addBankAccount } from '../../server/domain/players';
import type { OperatorRole } from '../../server/domain/operators';
import { consoleOf as signedInConsole } from '../support/console';
import { sendCreditToProvider, type WalletDeps } from '../../server/domain/providerWallets';
import { loggedIn, overflowingElements, screenshot, openPage } from '../support/browser';
import { createTestPlayer } from '../support/players';
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

/** An operator signed in to the console in a browser context of their own, on its withdrawals page (operators land on the dashboard). */
async function consoleOf(username: string, role: OperatorRole) {
  const page = await signedInConsole(e2e.browser, e2e.server.url, e2e.server.database.db, e2e.agencyId, { username, role });
  await page.getByRole('navigation').getByRole('link', { name: 'ການຖອນ' }).click();
  return page;
}

describe('four-eyes withdrawal approval in Chromium', () => {
  it('at a four-eyes amount of 10.000 THB, a 20.000 THB withdrawal is paid only after two staff operators approve it', async () => {
    const db = e2e.server.database.db;
    const owner = await consoleOf('e2e-owner', 'owner');
    await owner.getByLabel('ຈຳນວນເງິນທີ່ຕ້ອງອະນຸມັດສອງຄົນ (THB)').fill('10000');
    await owner.getByLabel('ເຫດຜົນຂອງການປ່ຽນແປງ').fill('large payouts need two people');
    await owner.getByRole('button', { name: 'ບັນທຶກ' }).click();
    await owner.getByText('ຕັ້ງແຕ່ 10.000,00 THB ຕ້ອງມີພະນັກງານສອງຄົນທີ່ແຕກຕ່າງກັນອະນຸມັດ').waitFor();

    const player = await createTestPlayer(db, e2e.agencyId);
    await addBankAccount(db, e2e.agencyId, player.id, {
      bank: 'bcel',
      accountNumber: '010120001112224001',
      accountName: 'KHAM SOUVANNA',
      currency: 'LAK',
      owner: true,
    });
    const funded = await sendCreditToProvider(wallets, {
      agencyId: e2e.agencyId,
      playerId: player.id,
      provider: 'askmebet',
      amount: 25000_00n,
      key: `e2e-four-eyes-${player.id}`,
      from: { kind: 'capital', currency: 'THB' },
    });
    expect(funded.status).toBe('POSTED');
    const playerSite = await loggedIn(e2e.browser, e2e.server.url, player);
    const asked = await playerSite.page.request.post(`${e2e.server.url}/api/v2/withdrawals`, {
      headers: { 'idempotency-key': `e2e-four-eyes-withdraw-${player.id}` },
      data: { provider: 'askmebet', amount: '20000.00' },
    });
    expect(asked.status()).toBe(201);
    const { withdrawal } = await asked.json();
    expect(withdrawal).toMatchObject({ status: 'OPEN', creditReceived: '12000000' });

    // The first staff operator opens the player's history and flags, then approves: it stays, awaiting a second.
    const first = await consoleOf('e2e-first', 'staff');
    const firstRow = first.getByRole('row').filter({ hasText: player.username });
    await firstRow.waitFor();
    await expect(firstRow.textContent()).resolves.toContain('20.000,00 THB');
    await firstRow.getByRole('button', { name: 'ລາຍລະອຽດ' }).click();
    const panel = first.getByRole('region', { name: `ການກວດສອບ ${withdrawal.code}` });
    await panel.getByText('ການຖອນຄັ້ງທຳອິດ').waitFor();
    await expect(panel.textContent()).resolves.toContain('ຖອນ 20.000,00 THB ແຕ່ຝາກພຽງ 0,00 THB ໃນ 7 ມື້ຜ່ານມາ');
    for (const width of [768, 1280]) {
      await first.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(first)).toEqual([]);
      await screenshot(first, `admin-withdrawal-review-${width}`);
    }
    await firstRow.getByRole('button', { name: 'ອະນຸມັດ' }).click();
    await first.getByText(`ອະນຸມັດ ${withdrawal.code} ແລ້ວ; ຕ້ອງມີພະນັກງານອີກຄົນອະນຸມັດນຳ`).waitFor();
    await firstRow.getByText(/ອະນຸມັດໂດຍ e2e-first/).waitFor();
    await expect(firstRow.getByRole('button', { name: 'ອະນຸມັດ' }).isDisabled()).resolves.toBe(true);
    await screenshot(first, 'admin-withdrawal-awaiting-second-1280');

    // A second staff operator, in another browser context, sees who approved first and gives the second approval.
    const second = await consoleOf('e2e-second', 'staff');
    const secondRow = second.getByRole('row').filter({ hasText: player.username });
    await secondRow.getByText(/ອະນຸມັດໂດຍ e2e-first/).waitFor();
    await secondRow.getByRole('button', { name: 'ອະນຸມັດ' }).click();
    await second.getByText(`ອະນຸມັດ ${withdrawal.code} ແລ້ວ`, { exact: true }).waitFor();
    await secondRow.waitFor({ state: 'detached' });

    // The player sees it paid in their withdrawal history.
    await openPage(playerSite.page, `${e2e.server.url}/player/withdraw/history`);
    const paid = playerSite.page.getByRole('region', { name: 'ລາຍການທັງໝົດ' }).locator(`[data-code="${withdrawal.code}"]`);
    await paid.waitFor();
    await expect(paid.locator('[data-status]').getAttribute('data-status')).resolves.toBe('SUCCESS');
    await screenshot(playerSite.page, 'withdraw-history-four-eyes-1280');
    for (const page of [owner, first, second]) await page.context().close();
    await playerSite.context.close();
  });
});
