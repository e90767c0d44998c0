import type { Browser, Page } from 'playwright-core';
import { generateSync } from 'otplib/functional';
import type { Database } from '../../server/db/database';
import { createOperator, type OperatorRole } from '../../server/domain/operators';
import { DESKTOP } from './browser';

/**
 * A new operator of the agency signed in to the console at /admin in a browser context of their
 * own. An owner enrols the second factor on the way in, as the console makes them: the key shown
 * beside the QR goes into the code an authenticator app would show.
 */
export async function consoleOf(
  browser: Browser,
  baseUrl: string,
  db: Database,
  agencyId: string,
  { username, role }: { username: string; role: OperatorRole },
): Promise<Page> {
  const password = `${username}-password`;
  await createOperator(db, agencyId, { username, password, role }, { operatorId: null, name: 'e2e' });
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill(username);
  await page.getByLabel('ລະຫັດຜ່ານ').fill(password);
  await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
  await page.getByRole('banner').getByText(username, { exact: false }).waitFor();
  if (role === 'owner') {
    const key = page.locator('code');
    await key.waitFor();
    await page.getByLabel('ລະຫັດຈາກແອັບ').fill(generateSync({ secret: (await key.textContent())!.trim() }));
    await page.getByRole('button', { name: 'ຢືນຢັນ' }).click();
    await page.getByRole('button', { name: 'ຂ້ອຍເກັບລະຫັດໄວ້ແລ້ວ' }).click();
  }
  await page.getByRole('navigation', { name: 'ໜ້າຕ່າງໆຂອງຄອນໂຊ' }).waitFor();
  return page;
}
