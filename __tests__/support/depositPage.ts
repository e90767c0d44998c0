import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser';

/**
 * Opens the deposit page, fills its form (askmebet, `amount` kip) and sends it once the form is
 * settled: the credit the deposit buys is shown, the player's credit having loaded.
 */
export async function sendDepositForm(page: Page, siteUrl: string, amount: string): Promise<void> {
  await openPage(page, `${siteUrl}/player/deposit`);
  await page.getByRole('form', { name: 'ຝາກເງິນ' }).waitFor();
  await page.getByLabel('ຄ່າຍເກມ').selectOption('askmebet');
  await page.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }).fill(amount);
  await page.getByText(/ທ່ານຈະໄດ້ຮັບເຄຣດິດ/).waitFor();
  await page.getByTestId('deposit-credit-after').filter({ hasText: 'THB' }).waitFor();
  await page.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }).click();
}

/**
 * Pays the open order's QR (its text, as the deposit page shows it) at the sandbox bank, as the
 * player's banking app on another device does, and waits for the bank's notice to the site: answered
 * with HTTP 200, or lost on the way with `noticeLost`. `beforePaying` may look at the bill first.
 */
export async function payAtSandboxBank(
  browser: Browser,
  siteUrl: string,
  payload: string,
  { noticeLost = false, beforePaying }: { noticeLost?: boolean; beforePaying?: (bank: Page) => Promise<void> } = {},
): Promise<void> {
  const phone = await browser.newContext();
  const bank = await phone.newPage();
  await bank.goto(`${siteUrl}/sandbox/bank`);
  await bank.getByLabel('QR code text').fill(payload);
  await bank.getByRole('button', { name: 'Read QR' }).click();
  // The bank looks the bill up before it offers to pay it.
  const pay = bank.getByRole('button', { name: /^Pay [\d,]+ LAK$/ });
  await pay.waitFor();
  await beforePaying?.(bank);
  if (noticeLost) {
    await bank.getByText('Tester options').click();
    await bank.getByLabel(/Lose the payment notice/).check();
  }
  await pay.click();
  await bank
    .getByTestId('deliveries')
    .getByText(noticeLost ? /Lost on the way/ : 'Site answered HTTP 200')
    .waitFor();
  await phone.close();
}
