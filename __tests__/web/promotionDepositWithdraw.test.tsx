import { randomUUID } from 'node:crypto';
import nock from 'nock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DepositOrder } from '../../contract/deposits';
import type { PromotionUsage } from '../../contract/promotions';
import type { Withdrawal } from '../../contract/withdrawals';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';
import { PROMOTION, usageWith } from '../support/promotionFixtures';

// The pages render on two cores shared with other test runs: every wait gets room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

// jsdom's crypto lacks randomUUID, which the withdraw page keys its requests with (browsers have it).
beforeAll(() => {
  if (!globalThis.crypto.randomUUID) Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true });
});
const FIRST_PAINT = { timeout: 15_000 };

const ACCOUNT = {
  id: 'a1',
  bank: 'bcel',
  accountNumber: '010120001234567001',
  accountName: 'SOMCHAI DEE',
  currency: 'LAK',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** The calls both money pages make, with the usage in progress and its promotion. */
function serveMoneyPages(usage: PromotionUsage | null) {
  serveLoggedInPlayer();
  nock(API)
    .get('/api/v2/players/bank-accounts')
    .reply(200, { bankAccounts: [ACCOUNT] })
    .persist();
  nock(API)
    .get('/api/v2/exchange-rates')
    .reply(200, [{ code: 'THB_LAK', mid: '620', displayName: 'THB/LAK', currency: 'THB', buy: '600', sell: '640' }])
    .persist();
  nock(API).get('/api/v2/players/promotions/using').reply(200, { usage }).persist();
  nock(API).get(`/api/v2/promotions/${PROMOTION.id}`).reply(200, { promotion: PROMOTION }).persist();
}

function serveDepositPage(usage: PromotionUsage | null) {
  serveMoneyPages(usage);
  nock(API).get('/api/v2/deposits/limits').reply(200, { minAmount: '10000', maxAmount: '50000000', expiryMinutes: 15 }).persist();
  nock(API).get('/api/v2/deposits/open').reply(200, { items: [] }).persist();
}

const ORDER: DepositOrder = {
  code: 'D260304PROMO001',
  provider: 'askmebet',
  amount: '100000',
  credit: '156.25',
  rate: '640',
  status: 'OPEN',
  createdAt: '2026-03-04T05:10:00.000Z',
  expiresAt: '2099-03-04T05:25:00.000Z',
  paidAt: null,
  promoCredit: null,
  creditedTotal: null,
};

describe('the deposit page with a promotion', () => {
  it('with a taken promotion (ACTIVE), shows it, sets and locks its provider and amount, and sends its id', async () => {
    serveDepositPage(usageWith('ACTIVE'));
    // The answer carries the QR: the page shows it without a call of its own (nock refuses any other).
    const qr = {
      code: ORDER.code,
      payload: '00020101021238',
      amount: '100000',
      payee: { name: 'CHAMPA', city: 'VIENTIANE', bankIin: '27710418', accountNumber: '0101', merchantId: 'CHAMPA0001' },
      expiresAt: ORDER.expiresAt,
      status: 'OPEN',
    };
    nock(API)
      .get('/api/v2/players/credits/askmebet')
      .reply(200, { credit: { amount: '3.50', currency: 'THB' } })
      .persist();
    const create = nock(API)
      .post('/api/v2/deposits', { provider: 'askmebet', amount: '100000', promotionId: PROMOTION.id })
      .reply(201, { order: ORDER, qr });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/deposit');

    const banner = await screen.findByTestId('deposit-promotion', {}, FIRST_PAINT);
    expect(banner).toHaveTextContent('ໂປຣໂມຊັນ ໂບນັດຕ້ອນຮັບ 100%: ຝາກ 100.000 ກີບ ເຂົ້າ AskMeBet ເພື່ອຮັບໂບນັດ');
    expect(banner).toHaveTextContent('ຄ່າຍເກມ ແລະ ຈຳນວນເງິນຖືກກຳນົດໂດຍໂປຣໂມຊັນ');
    const provider = screen.getByLabelText('ຄ່າຍເກມ');
    expect(provider).toHaveValue('askmebet');
    expect(provider).toBeDisabled();
    const amount = screen.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' });
    expect(amount).toHaveValue('100000');
    expect(amount).toHaveAttribute('readonly');
    // The amount is checked against the bounds once they are in.
    await screen.findByText('ຕັ້ງແຕ່ 10.000 ຫາ 50.000.000 ກີບ');
    // 3,50 now + 156,25 bought + the 100% bonus of 156,25.
    const credit = screen.getByTestId('deposit-credit');
    await waitFor(() => expect(within(credit).getByTestId('deposit-credit-after')).toHaveTextContent('316,00 THB'));
    expect(within(credit).getByTestId('deposit-credit-now')).toHaveTextContent('3,50 THB');
    expect(credit).toHaveTextContent('ເຄຣດິດ AskMeBet ຕອນນີ້');
    expect(credit).toHaveTextContent('ໂບນັດໂປຣໂມຊັນ+156,25 THB');

    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByTestId('deposit-code')).toHaveTextContent(ORDER.code);
    expect(create.isDone()).toBe(true);
  });

  it('with a promotion in use (USED), says so for its provider and leaves the form free, sending no promotion', async () => {
    serveDepositPage(usageWith('USED'));
    const qr = {
      code: ORDER.code,
      payload: '00020101021238',
      amount: '20000',
      payee: { name: 'CHAMPA', city: 'VIENTIANE', bankIin: '27710418', accountNumber: '0101', merchantId: 'CHAMPA0001' },
      expiresAt: ORDER.expiresAt,
      status: 'OPEN',
    };
    const create = nock(API)
      .post('/api/v2/deposits', (body) => body.promotionId === undefined && body.provider === 'gclub' && body.amount === '20000')
      .reply(201, { order: { ...ORDER, provider: 'gclub', amount: '20000' }, qr });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/deposit');

    const banner = await screen.findByTestId('deposit-promotion', {}, FIRST_PAINT);
    expect(banner).toHaveTextContent('ໂປຣໂມຊັນ ໂບນັດຕ້ອນຮັບ 100% ກຳລັງໃຊ້ຢູ່ກັບ AskMeBet');
    expect(screen.getByLabelText('ຄ່າຍເກມ')).toBeEnabled();
    await screen.findByText('ຕັ້ງແຕ່ 10.000 ຫາ 50.000.000 ກີບ');
    await user.selectOptions(screen.getByLabelText('ຄ່າຍເກມ'), 'gclub');
    await user.type(screen.getByRole('textbox', { name: 'ຈຳນວນເງິນ (ກີບ)' }), '20000');
    await user.click(screen.getByRole('button', { name: 'ສ້າງ QR ຝາກເງິນ' }));
    expect(await screen.findByTestId('deposit-code')).toHaveTextContent(ORDER.code);
    expect(await screen.findByTestId('deposit-payload')).toHaveValue('00020101021238');
    expect(create.isDone()).toBe(true);
  });
});

const WITHDRAWAL: Withdrawal = {
  code: 'W260305PROMO001',
  date: '2026-03-05T08:00:00.000Z',
  provider: 'askmebet',
  status: 'OPEN',
  amountWithdrawn: '1000.00',
  rate: '600',
  creditReceived: '281250',
  amountReceived: null,
  creditReturned: '0.00',
  promotionRetained: '531.25',
  bankName: 'bcel',
  accountName: 'SOMCHAI DEE',
  accountNumber: '010120001234567001',
  reason: null,
  completedAt: null,
};

describe('the withdraw page with a promotion in use', () => {
  function serveWithdrawPage() {
    // Bonus 156.25 of 312.50 received, turnover 200 of 1562.50: not met. 150% of 312.50 caps the payout at 468.75.
    serveMoneyPages(usageWith('USED'));
    nock(API)
      .get('/api/v2/withdrawals/limits')
      .reply(200, { minAmount: '100.00', maxAmount: '50000.00', dailyLimit: 3, usedToday: 0 })
      .persist();
    nock(API)
      .get('/api/v2/players/credits/askmebet')
      .reply(200, { credit: { amount: '1000.00', currency: 'THB' } })
      .persist();
  }

  it('previews the whole credit taken, the bonus deducted and the cap: paid 468,75 and kept 531,25 THB', async () => {
    serveWithdrawPage();
    const request = nock(API)
      .post('/api/v2/withdrawals', { provider: 'askmebet', amount: '1000.00' })
      .reply(201, { withdrawal: WITHDRAWAL });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/withdraw');
    await user.selectOptions(await screen.findByLabelText('ຜູ້ໃຫ້ບໍລິການເກມ', {}, FIRST_PAINT), 'askmebet');

    const panel = await screen.findByTestId('withdraw-promotion');
    expect(panel).toHaveTextContent('ໂປຣໂມຊັນທີ່ກຳລັງໃຊ້ກັບ AskMeBet');
    expect(panel).toHaveTextContent('ຕ້ອງຖອນເຄຣດິດທັງໝົດ, ເຄຣດິດຕ້ອງບໍ່ຕ່ຳກວ່າ 100,00 ບາດ ແລະ ຫຼາຍກວ່າໂບນັດ 156,25 ບາດ');
    expect(panel).toHaveTextContent('ຖອນໄດ້ສູງສຸດ 150% ຂອງເຄຣດິດທີ່ໄດ້ຮັບ (468,75 ບາດ)');
    expect(panel).toHaveTextContent('ເທີນໂອເວີ 200,00 / 1.562,50 ບາດ');
    expect(await within(panel).findByTestId('promotion-credit')).toHaveTextContent('1.000,00 THB');
    expect(screen.queryByTestId('withdraw-preview')).not.toBeInTheDocument();

    // Part of the credit is refused: the whole of it must go.
    await user.type(screen.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' }), '500');
    expect(within(panel).getByRole('alert')).toHaveTextContent('ໃນຂະນະທີ່ໃຊ້ໂປຣໂມຊັນ ຕ້ອງຖອນເຄຣດິດທັງໝົດ');

    await user.click(within(panel).getByRole('button', { name: 'ຖອນທັງໝົດ' }));
    expect(screen.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' })).toHaveValue('1000.00');
    expect(within(panel).getByTestId('promotion-bonus')).toHaveTextContent('ຫັກໂບນັດ (ບໍ່ຄົບເທີນໂອເວີ): 156,25 THB');
    expect(within(panel).getByTestId('promotion-paid')).toHaveTextContent('468,75 THB');
    expect(within(panel).getByTestId('promotion-retained')).toHaveTextContent('531,25 THB');
    expect(within(panel).getByTestId('promotion-lak')).toHaveTextContent('281.250 LAK');

    await user.click(screen.getByRole('button', { name: 'ຢືນຢັນການຖອນ' }));
    const result = await screen.findByTestId('withdrawal-result');
    expect(within(result).getByTestId('promotion-retained')).toHaveTextContent('531,25 THB');
    expect(request.isDone()).toBe(true);
  });

  it('keeps the usual preview for another provider, with its credit and the most one withdrawal may take', async () => {
    serveWithdrawPage();
    nock(API)
      .get('/api/v2/players/credits/gclub')
      .delay(300)
      .reply(200, { credit: { amount: '1234.56', currency: 'THB' } })
      .persist();
    const user = userEvent.setup({ delay: null });
    renderApp('/player/withdraw');
    await user.selectOptions(await screen.findByLabelText('ຜູ້ໃຫ້ບໍລິການເກມ', {}, FIRST_PAINT), 'gclub');
    // Before the credit arrives its button already takes its place, so nothing below it moves.
    expect(screen.getByTestId('withdraw-credit-now')).toHaveTextContent('…');
    expect(screen.getByRole('button', { name: 'ຖອນຈຳນວນສູງສຸດ' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' }), '100');
    expect(screen.getByTestId('withdraw-preview')).toHaveTextContent('60.000 LAK');
    expect(screen.queryByTestId('withdraw-promotion')).not.toBeInTheDocument();

    expect(await screen.findByText('1.234,56 THB', { selector: '[data-testid="withdraw-credit-now"]' })).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-most')).toHaveTextContent('1.234,56 THB');
    await user.click(screen.getByRole('button', { name: 'ຖອນຈຳນວນສູງສຸດ' }));
    expect(screen.getByRole('textbox', { name: 'ຈຳນວນເຄຣດິດ (THB)' })).toHaveValue('1234.56');
    expect(screen.getByTestId('withdraw-preview')).toHaveTextContent('740.736 LAK');
  });

  it('shows in the withdraw history the credit a promotion kept, and nothing for a withdrawal without one', async () => {
    serveLoggedInPlayer();
    nock(API).get('/api/v2/withdrawals/open').reply(200, { items: [] });
    nock(API)
      .get('/api/v2/withdrawals')
      .query({ page: '1', pageSize: '10' })
      .reply(200, {
        items: [WITHDRAWAL, { ...WITHDRAWAL, code: 'W260301PLAIN001', promotionRetained: null }],
        page: 1,
        pageSize: 10,
        total: 2,
      });
    renderApp('/player/withdraw/history');
    await waitFor(() => expect(screen.getAllByTestId('withdrawal')).toHaveLength(2), FIRST_PAINT);
    const [withPromotion, plain] = screen.getAllByTestId('withdrawal');
    expect(withPromotion).toHaveTextContent('ເຄຣດິດທີ່ຫັກຕາມໂປຣໂມຊັນ531,25 THB');
    expect(within(plain).queryByTestId('promotion-retained')).not.toBeInTheDocument();
  });
});

describe('the withdraw page says when nothing can be withdrawn', () => {
  function serveWithdrawPage(usedToday: number, credit: string) {
    serveMoneyPages(null);
    nock(API)
      .get('/api/v2/withdrawals/limits')
      .reply(200, { minAmount: '100.00', maxAmount: '50000.00', dailyLimit: 3, usedToday })
      .persist();
    nock(API)
      .get('/api/v2/players/credits/betflix')
      .reply(200, { credit: { amount: credit, currency: 'THB' } })
      .persist();
  }

  it.each([
    [0, '80.00', 'ເຄຣດິດຕ່ຳກວ່າຂັ້ນຕ່ຳ 100,00 THB ຍັງຖອນບໍ່ໄດ້'],
    [3, '5000.00', 'ມື້ນີ້ຖອນຄົບ 3 ຄັ້ງແລ້ວ ກະລຸນາຖອນໃໝ່ມື້ອື່ນ'],
  ])('with %i withdrawals today and %s THB: "%s"', async (usedToday, credit, message) => {
    serveWithdrawPage(usedToday, credit);
    const user = userEvent.setup({ delay: null });
    renderApp('/player/withdraw');
    await user.selectOptions(await screen.findByLabelText('ຜູ້ໃຫ້ບໍລິການເກມ', {}, FIRST_PAINT), 'betflix');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-most')).toHaveTextContent('0,00 THB');
    expect(screen.queryByRole('button', { name: 'ຖອນຈຳນວນສູງສຸດ' })).not.toBeInTheDocument();
  });
});
