import nock from 'nock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionUsage } from '../../contract/promotions';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';
import { usageWith } from '../support/promotionFixtures';

// The pages render on two cores shared with other test runs: every wait gets room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
const FIRST_PAINT = { timeout: 15_000 };

const HISTORY: PromotionUsage[] = [
  usageWith('USED', { usageId: 'usage-3' }),
  usageWith('SUCCESS', { usageId: 'usage-2', provider: 'betflix' }),
  usageWith('CANCELED', { usageId: 'usage-1' }),
  usageWith('INACTIVE', { usageId: 'usage-0' }),
  usageWith('ACTIVE', { usageId: 'usage-9' }),
];

const row = (usageId: string) => screen.getAllByTestId('usage-row').find((element) => element.dataset.usage === usageId)!;

/** The usage list, one page per call, answering with what `items` holds at the time of the call. */
function serveHistory(items: () => PromotionUsage[], total = items().length) {
  serveLoggedInPlayer();
  const pages: Array<Record<string, string>> = [];
  nock(API)
    .get('/api/v2/promotions/usages')
    .query(true)
    .reply(200, (uri) => {
      const query = Object.fromEntries(new URL(uri, API).searchParams);
      pages.push(query);
      return { items: items(), page: Number(query.page), pageSize: Number(query.pageSize), total };
    })
    .persist();
  return pages;
}

describe('the promotion history page', () => {
  it('lists the usages with their status in its colour, their fields, and pages through them', async () => {
    const pages = serveHistory(() => HISTORY, 25);
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion/history');
    await screen.findByRole('list', { name: 'ປະຫວັດໂປຣໂມຊັນ' }, FIRST_PAINT);
    const badges = Object.fromEntries(HISTORY.map(({ usageId }) => [usageId, within(row(usageId)).getByTestId('status-badge')]));
    expect(badges['usage-3']).toHaveTextContent('ກຳລັງໃຊ້');
    expect(badges['usage-3']).toHaveAttribute('data-tone', 'yellow');
    expect(badges['usage-9']).toHaveTextContent('ລໍຖ້າຝາກເງິນ');
    expect(badges['usage-9']).toHaveAttribute('data-tone', 'yellow');
    expect(badges['usage-2']).toHaveTextContent('ສຳເລັດ');
    expect(badges['usage-2']).toHaveAttribute('data-tone', 'green');
    expect(badges['usage-1']).toHaveTextContent('ຍົກເລີກ');
    expect(badges['usage-1']).toHaveAttribute('data-tone', 'red');
    expect(badges['usage-0']).toHaveTextContent('ບໍ່ມີຜົນ');
    expect(badges['usage-0']).toHaveAttribute('data-tone', 'grey');

    const success = row('usage-2');
    expect(success).toHaveTextContent('ໂບນັດຕ້ອນຮັບ 100%');
    expect(success).toHaveTextContent('Betflix');
    expect(success).toHaveTextContent('D260101ABCDEFGH');
    expect(success).toHaveTextContent('156,25 THB');
    expect(success).toHaveTextContent('312,50 THB');
    expect(success).toHaveTextContent('200,00 / 1.562,50 ບາດ');
    expect(success).toHaveTextContent(/ວັນທີຮັບໂປຣ\s*\d\d\/03\/2026 \d\d:06:07/);
    expect(success).toHaveTextContent('ຄົບຍອດເທີນໂອເວີແລ້ວ');
    // Only a usage in progress offers recheck and cancel.
    expect(within(success).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('usage-3')).getByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' })).toBeEnabled();

    expect(pages[0]).toEqual({ page: '1', pageSize: '10' });
    expect(screen.getByText('ໜ້າ 1 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ຕໍ່ໄປ' }));
    await waitFor(() => expect(pages.at(-1)).toEqual({ page: '2', pageSize: '10' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'ສະຖານະ' }), 'SUCCESS');
    await waitFor(() => expect(pages.at(-1)).toEqual({ page: '1', pageSize: '10', status: 'SUCCESS' }));
  });

  it('cancels only after the confirmation, and shows the canceled usage', async () => {
    let items = [usageWith('USED')];
    serveHistory(() => items);
    const cancel = nock(API)
      .post('/api/v2/promotions/usages/cancel', { usageId: 'usage-1' })
      .reply(200, () => {
        items = [usageWith('CANCELED')];
        return { usage: items[0] };
      });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion/history');
    await user.click(await screen.findByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' }, FIRST_PAINT));
    let dialog = await screen.findByRole('dialog', { name: 'ຍົກເລີກໂປຣໂມຊັນ?' });
    expect(dialog).toHaveTextContent('ຖ້າໄດ້ຮັບໂບນັດແລ້ວ ໂບນັດຈະຖືກຫັກຄືນ');

    // Backing out asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'ກັບຄືນ' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancel.isDone()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' }));
    dialog = await screen.findByRole('dialog', { name: 'ຍົກເລີກໂປຣໂມຊັນ?' });
    await user.click(within(dialog).getByRole('button', { name: 'ຢືນຢັນການຍົກເລີກ' }));
    await waitFor(() => expect(screen.getByTestId('promotion-usage')).toHaveAttribute('data-state', 'canceled'));
    expect(within(screen.getByTestId('promotion-usage')).getByRole('status')).toHaveTextContent('ຍົກເລີກໂປຣໂມຊັນແລ້ວ');
    expect(cancel.isDone()).toBe(true);
    await waitFor(() => expect(within(row('usage-1')).getByTestId('status-badge')).toHaveTextContent('ຍົກເລີກ'));
    expect(within(row('usage-1')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a refused cancel in Lao, and rechecks a usage still running', async () => {
    serveHistory(() => [usageWith('USED')]);
    nock(API).post('/api/v2/promotions/usages/cancel').reply(409, { code: 'PROMOTION_USAGE_NOT_CANCELABLE', message: 'ended' });
    const recheck = nock(API)
      .post('/api/v2/promotions/usages/recheck')
      .reply(200, { usage: usageWith('USED', { turnover: '900.00' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/promotion/history');
    await user.click(await screen.findByRole('button', { name: 'ຍົກເລີກໂປຣໂມຊັນ' }, FIRST_PAINT));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'ຢືນຢັນການຍົກເລີກ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ໂປຣໂມຊັນນີ້ສິ້ນສຸດແລ້ວ ຍົກເລີກບໍ່ໄດ້');

    await user.click(screen.getByRole('button', { name: 'ກວດສອບເງື່ອນໄຂ' }));
    await waitFor(() => expect(screen.getByTestId('promotion-usage')).toHaveAttribute('data-state', 'rechecked'));
    const status = within(screen.getByTestId('promotion-usage')).getByRole('status');
    expect(status).toHaveTextContent('ໂປຣໂມຊັນຍັງໃຊ້ຢູ່');
    expect(status).toHaveTextContent('900,00 / 1.562,50 ບາດ');
    expect(recheck.isDone()).toBe(true);
  });
});
