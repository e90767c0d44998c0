import { generateSync } from 'otplib/functional';
import { createOperator } from '../../server/domain/operators';
import { overflowingElements, screenshot } from '../support/browser';
import { e2eSite } from '../support/e2eSite';

const e2e = e2eSite();

describe('an owner’s second factor in Chromium', () => {
  it('enrols with the QR’s key and a code from it, keeps the recovery codes, then signs in again with a code', async () => {
    await createOperator(
      e2e.server.database.db,
      e2e.agencyId,
      { username: 'e2e-owner', password: 'e2e-owner-password', role: 'owner' },
      { operatorId: null, name: 'e2e' },
    );
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/admin`);
    await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill('e2e-owner');
    await page.getByLabel('ລະຫັດຜ່ານ').fill('e2e-owner-password');
    await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();

    // The console offers nothing but the enrolment: no navigation until it is done.
    await page.getByRole('heading', { name: 'ຕັ້ງຄ່າການເຂົ້າສູ່ລະບົບສອງຂັ້ນຕອນ' }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('img', { name: 'QR ຂອງລະຫັດລັບສຳລັບແອັບຢືນຢັນ' }).and(page.locator('img')).waitFor();
    const secret = (await page.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-second-factor-${width}`);
    }

    // An authenticator app reads the same key and shows the code.
    await page.getByLabel('ລະຫັດຈາກແອັບ').fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'ຢືນຢັນ' }).click();
    const codes = page.getByRole('list', { name: 'ລະຫັດກູ້ຄືນຂອງທ່ານ' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await screenshot(page, 'admin-recovery-codes-1280');
    await page.getByRole('button', { name: 'ຂ້ອຍເກັບລະຫັດໄວ້ແລ້ວ' }).click();
    await page.getByRole('navigation', { name: 'ໜ້າຕ່າງໆຂອງຄອນໂຊ' }).getByRole('link', { name: 'ຜູ້ດຳເນີນການ' }).click();
    const owner = page.getByRole('row').filter({ hasText: 'e2e-owner' });
    await expect(owner.textContent()).resolves.toContain('ຕັ້ງຄ່າແລ້ວ');
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-operators-${width}`);
    }

    await page.getByRole('button', { name: 'ອອກຈາກລະບົບ' }).click();
    await page.getByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບຜູ້ດຳເນີນການ' }).waitFor();
    await page.getByLabel('ຊື່ຜູ້ໃຊ້').fill('e2e-owner');
    await page.getByLabel('ລະຫັດຜ່ານ').fill('e2e-owner-password');
    await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
    await page.getByText('ກະລຸນາໃສ່ລະຫັດຈາກແອັບຢືນຢັນ ເພື່ອເຂົ້າສູ່ລະບົບໃຫ້ສຳເລັດ').waitFor();
    // The enrolment took this 30-second step's code; the app's next one signs in.
    await page.getByLabel('ລະຫັດຈາກແອັບຢືນຢັນ').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }).click();
    await page.getByRole('banner').getByText('e2e-owner · ເຈົ້າຂອງ').waitFor();
    await page.getByRole('navigation', { name: 'ໜ້າຕ່າງໆຂອງຄອນໂຊ' }).waitFor();
    await context.close();
  });
});
