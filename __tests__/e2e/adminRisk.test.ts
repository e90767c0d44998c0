import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { recordFingerprint } from '../../server/domain/players';
import { overflowingElements, screenshot } from '../support/browser';
import { consoleOf } from '../support/console';
import { testDevice } from '../support/device';
import { createTestPlayer } from '../support/players';
import { e2eSite } from '../support/e2eSite';

jest.setTimeout(180_000);

const e2e = e2eSite();

/** Two new players seen on one device, as the site reports it: a shared-device flag. Returns their usernames. */
async function sharedDevice(prefix: string): Promise<[string, string]> {
  const device = testDevice(randomUUID().replace(/-/g, ''));
  const first = await createTestPlayer(e2e.server.database.db, e2e.agencyId, `${prefix}-a`);
  const second = await createTestPlayer(e2e.server.database.db, e2e.agencyId, `${prefix}-b`);
  for (const player of [first, second]) {
    await recordFingerprint(e2e.server.database.db, {
      agencyId: e2e.agencyId,
      playerId: player.id,
      device,
      source: 'visit',
      ip: '10.0.0.9',
    });
  }
  return [first.username, second.username];
}

async function showOnly(page: Page, username: string, state: 'ຍັງບໍ່ໄດ້ກວດ' | 'ກວດແລ້ວ') {
  await page.getByLabel('ການກວດ').selectOption({ label: state });
  await page.getByLabel('ຜູ້ຫຼິ້ນ (ຊື່ຜູ້ໃຊ້)').fill(username);
  await page.getByRole('button', { name: 'ສະແດງ', exact: true }).click();
}

describe('risk flags in the operator console, in Chromium', () => {
  it('staff see a shared-device flag with its evidence and mark it reviewed with a note, at 1280 and 768 px', async () => {
    const page = await consoleOf(e2e.browser, e2e.server.url, e2e.server.database.db, e2e.agencyId, {
      username: 'e2e-risk-staff',
      role: 'staff',
    });
    await page.getByRole('navigation').getByRole('link', { name: 'ສັນຍານຄວາມສ່ຽງ' }).click();
    await page.getByRole('heading', { name: 'ສັນຍານຄວາມສ່ຽງ', level: 1 }).waitFor();

    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const [first, second] = await sharedDevice(`risk${width}`);
      await showOnly(page, first, 'ຍັງບໍ່ໄດ້ກວດ');
      const table = page.getByRole('table', { name: 'ສັນຍານຄວາມສ່ຽງ' });
      const row = table.getByRole('row').filter({ hasText: second });
      await row.getByText('ໃຊ້ອຸປະກອນຮ່ວມກັນ').waitFor();
      await row.getByRole('link', { name: first }).waitFor();
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-risk-flags-${width}`);

      await row.getByRole('button', { name: 'ໝາຍວ່າກວດແລ້ວ' }).click();
      const dialog = page.getByRole('dialog', { name: 'ກວດ: ໃຊ້ອຸປະກອນຮ່ວມກັນ' });
      await dialog.getByLabel('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)').fill('ອ້າຍນ້ອງໃຊ້ໂທລະສັບດຽວກັນ');
      expect(await overflowingElements(page)).toEqual([]);
      await screenshot(page, `admin-risk-review-${width}`);
      await dialog.getByRole('button', { name: 'ໝາຍວ່າກວດແລ້ວ' }).click();
      await page.getByTestId('toast').filter({ hasText: 'ໝາຍສັນຍານນີ້ວ່າກວດແລ້ວ' }).waitFor();
      await page.getByText('ບໍ່ມີສັນຍານທີ່ກົງກັນ').waitFor();

      await showOnly(page, first, 'ກວດແລ້ວ');
      await table.getByRole('row').filter({ hasText: second }).getByText('ກວດແລ້ວໂດຍ e2e-risk-staff', { exact: false }).waitFor();
    }
    const reviews = await e2e.server.database.db
      .selectFrom('operator_audit_log')
      .select('actor')
      .where('action', '=', 'REVIEW_RISK_FLAG')
      .execute();
    expect(reviews).toEqual([{ actor: 'e2e-risk-staff' }, { actor: 'e2e-risk-staff' }]);
  });
});
