import type { Page } from 'playwright-core';
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
