import nock from 'nock';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DepositOrder } from '../../contract/deposits';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';

// The pages render on two cores shared with other test runs: every wait gets room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
const FIRST_PAINT = { timeout: 15_000 };

const orderNumbered = (index: number): DepositOrder => ({
  code: `D2603040000${String(index).padStart(2, '0')}`,
  provider: 'askmebet',
  amount: '100000',
  credit: '156.25',
  rate: '640',
  status: 'EXPIRED',
  createdAt: new Date(Date.parse('2026-03-04T05:10:00.000Z') - index * 60_000).toISOString(),
  expiresAt: '2026-03-04T05:25:00.000Z',
  paidAt: null,
  promoCredit: null,
  creditedTotal: null,
});
const ORDERS = Array.from({ length: 25 }, (_, index) => orderNumbered(index));

/** A history of 25 orders read by keyset, as the server reads it; records each call's query. */
function serveHistory() {
  serveLoggedInPlayer();
  const calls: Array<Record<string, string>> = [];
  nock(API)
    .get('/api/v2/deposits')
    .query(true)
    .reply(200, (uri) => {
      const query = Object.fromEntries(new URL(uri, API).searchParams);
      calls.push(query);
      const pageSize = Number(query.pageSize);
      const start = query.after ? ORDERS.findIndex((order) => order.code === query.after) + 1 : (Number(query.page) - 1) * pageSize;
      const items = ORDERS.slice(start, start + pageSize);
      const next = start + pageSize < ORDERS.length ? items[items.length - 1].code : null;
      return { items, page: Number(query.page), pageSize, total: ORDERS.length, next };
    })
    .persist();
  return calls;
}

describe('the deposit history page', () => {
  it('turns to the next page after the last order shown, and back to pages it has seen', async () => {
    const calls = serveHistory();
    const user = userEvent.setup({ delay: null });
    renderApp('/player/deposit/history');
    await screen.findByRole('list', { name: 'ປະຫວັດການຝາກ' }, FIRST_PAINT);
    expect(calls[0]).toEqual({ page: '1', pageSize: '10' });
    expect(screen.getAllByTestId('deposit-row')[0]).toHaveTextContent(ORDERS[0].code);
    expect(screen.getByText('ໜ້າ 1 / 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ຕໍ່ໄປ' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ page: '2', pageSize: '10', after: ORDERS[9].code }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')[0]).toHaveTextContent(ORDERS[10].code));
    await user.click(screen.getByRole('button', { name: 'ຕໍ່ໄປ' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ page: '3', pageSize: '10', after: ORDERS[19].code }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')).toHaveLength(5));
    expect(screen.getByRole('button', { name: 'ຕໍ່ໄປ' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'ກ່ອນໜ້າ' }));
    await waitFor(() => expect(screen.getAllByTestId('deposit-row')[0]).toHaveTextContent(ORDERS[10].code));
    expect(screen.getByText('ໜ້າ 2 / 3')).toBeInTheDocument();
    expect(calls.every((call) => call.page === '1' || call.after !== undefined)).toBe(true);
  });
});
