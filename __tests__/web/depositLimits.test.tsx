import nock from 'nock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DepositLimitsView } from '../../contract/depositLimits';
import { API, renderApp } from '../support/renderApp';
import { serveDepositForm, serveLoggedInPlayer } from '../support/playerSite';

// The pages render on two cores shared with other test runs: every wait gets room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
const FIRST_PAINT = { timeout: 15_000 };

/** A daily limit of 200.000 kip with 150.000 used, a weekly raise waiting, and an agency maximum. */
const LIMITS: DepositLimitsView = {
  limits: [
    { period: 'day', limit: '200000', pending: null, effectiveLimit: '200000', used: '150000', remaining: '50000' },
    {
      period: 'week',
      limit: '1000000',
      // 10:30 in Vientiane on 6 March 2026.
      pending: { limit: '3000000', effectiveAt: '2026-03-06T03:30:00.000Z' },
      effectiveLimit: '1000000',
      used: '150000',
      remaining: '850000',
    },
    { period: 'month', limit: null, pending: null, effectiveLimit: null, used: '150000', remaining: null },
  ],
  agencyMaximum: '5000000',
  tightest: { period: 'day', limit: '200000', remaining: '50000' },
};

describe('the deposit limits page', () => {
  it('shows the limits in Lao with what is left and the pending raise, and sends only what changed', async () => {
    serveLoggedInPlayer();
    nock(API).get('/api/v2/players/deposit-limits').reply(200, LIMITS).persist();
    const lowered = {
      ...LIMITS,
      limits: [{ ...LIMITS.limits[0], limit: '100000', effectiveLimit: '100000', remaining: '0' }, ...LIMITS.limits.slice(1)],
    };
    const put = nock(API).put('/api/v2/players/deposit-limits', { day: '100000', month: '4000000' }).reply(200, lowered);
    const user = userEvent.setup({ delay: null });
    renderApp('/player/limits');

    expect(await screen.findByRole('heading', { name: 'ຂີດຈຳກັດການຝາກ' }, FIRST_PAINT)).toBeInTheDocument();
    const day = await screen.findByRole('textbox', { name: 'ຂີດຈຳກັດຕໍ່ມື້ (ກີບ)' });
    expect(day).toHaveValue('200000');
    expect(screen.getByRole('textbox', { name: 'ຂີດຈຳກັດຕໍ່ອາທິດ (ກີບ)' })).toHaveValue('1000000');
    expect(screen.getByRole('textbox', { name: 'ຂີດຈຳກັດຕໍ່ເດືອນ (ກີບ)' })).toHaveValue('');
    expect(screen.getByTestId('limit-day')).toHaveTextContent('ໃຊ້ໄປແລ້ວ 150.000 LAK · ຍັງເຫຼືອ 50.000 LAK');
    expect(screen.getByTestId('pending-week')).toHaveTextContent('ຈະປ່ຽນເປັນ 3.000.000 LAK ເວລາ 06/03/2026 10:30 (ເວລາວຽງຈັນ)');
    expect(screen.getByTestId('agency-maximum')).toHaveTextContent(
      'ຂີດຈຳກັດສູງສຸດຂອງເວັບໄຊແມ່ນ 5.000.000 LAK. ຖ້າທ່ານບໍ່ໄດ້ຕັ້ງຂີດຈຳກັດຕໍ່ມື້ ຈຳນວນນີ້ຈະເປັນຂີດຈຳກັດຕໍ່ມື້ຂອງທ່ານ.',
    );

    // Above the agency's maximum: refused on the page, nothing sent.
    const month = screen.getByRole('textbox', { name: 'ຂີດຈຳກັດຕໍ່ເດືອນ (ກີບ)' });
    await user.type(month, '9000001');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }));
    expect(await screen.findByText('ຂີດຈຳກັດຕ້ອງບໍ່ເກີນ 5.000.000 LAK')).toBeInTheDocument();
    await user.clear(month);
    await user.type(month, '1,5');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }));
    expect(await screen.findByText('ກະລຸນາໃສ່ຈຳນວນກີບເຕັມ ຕັ້ງແຕ່ 1 ຂຶ້ນໄປ')).toBeInTheDocument();
    expect(put.isDone()).toBe(false);

    await user.clear(month);
    await user.type(month, '4000000');
    await user.clear(day);
    await user.type(day, '100000');
    await user.click(screen.getByRole('button', { name: 'ບັນທຶກຂີດຈຳກັດ' }));
    expect(await screen.findByText('ບັນທຶກແລ້ວ')).toHaveAttribute('role', 'status');
    expect(put.isDone()).toBe(true);
    await waitFor(() => expect(screen.getByTestId('limit-day')).toHaveTextContent('ຍັງເຫຼືອ 0 LAK'));
  });
});

describe('the deposit page under a limit', () => {
  /** The deposit page's API; limitsFail: the player's deposit-limits call fails. */
  function serveDepositPage(limitsFail = false) {
    serveLoggedInPlayer();
    serveDepositForm();
    nock(API)
      .get('/api/v2/players/credits/askmebet')
      .reply(200, { credit: { amount: '0', currency: 'THB' } })
      .persist();
    if (limitsFail) nock(API).get('/api/v2/players/deposit-limits').reply(500, { code: 'INTERNAL', message: 'down' }).persist();
    else nock(API).get('/api/v2/players/deposit-limits').reply(200, LIMITS).persist();
  }

  it('shows what the tightest limit leaves before an amount is typed, and the refusal with it', async () => {
    serveDepositPage();
    nock(API)
      .post('/api/v2/deposits', { provider: 'askmebet', amount: '100000' })
      .reply(409, {
        code: 'DEPOSIT_LIMIT_EXCEEDED',
        message: 'Over the day deposit limit',
        params: { period: 'day', limit: '200000', remaining: '50000' },
      });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/deposit');

    const left = await screen.findByTestId('deposit-limit-left', {}, FIRST_PAINT);
    expect(left).toHaveTextContent('ຕາມຂີດຈຳກັດການຝາກຕໍ່ມື້ ທ່ານຍັງຝາກໄດ້ອີກ 50.000 LAK');
    expect(within(left).getByRole('link', { name: 'ຂີດຈຳກັດການຝາກຂອງຂ້ອຍ' })).toHaveAttribute('href', '/player/limits');

    await screen.findByText('ຕັ້ງແຕ່ 10.000 ຫາ 50.000.000 ກີບ');
    await user.selectOptions(screen.getByLabelText('ຄ່າຍເກມ'), 'askmebet');
    await user.type(screen.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }), '100000');
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ຍອດນີ້ເກີນຂີດຈຳກັດການຝາກຕໍ່ມື້ຂອງທ່ານ: ຍັງຝາກໄດ້ອີກ 50.000 LAK');
  });

  it('names the limit from the refusal itself when the limits could not be read', async () => {
    serveDepositPage(true);
    nock(API)
      .post('/api/v2/deposits', { provider: 'askmebet', amount: '100000' })
      .reply(409, {
        code: 'DEPOSIT_LIMIT_EXCEEDED',
        message: 'Over the week deposit limit',
        params: { period: 'week', limit: '500000', remaining: '20000' },
      });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/deposit');

    await screen.findByText('ຕັ້ງແຕ່ 10.000 ຫາ 50.000.000 ກີບ', {}, FIRST_PAINT);
    await user.selectOptions(screen.getByLabelText('ຄ່າຍເກມ'), 'askmebet');
    await user.type(screen.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }), '100000');
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ຍອດນີ້ເກີນຂີດຈຳກັດການຝາກຕໍ່ອາທິດຂອງທ່ານ: ຍັງຝາກໄດ້ອີກ 20.000 LAK');
  });
});
