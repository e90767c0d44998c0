import nock from 'nock';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { AdminPromotion } from '../../contract/adminPromotions';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER = { id: 'op-1', username: 'somsak', role: 'owner' as const, secondFactor: 'enrolled' as const };
const everywhere = (text: string) => ({ lo: text, cn: text, vn: text, th: text });

const WEEKEND: AdminPromotion = {
  id: '11111111-1111-4111-8111-111111111111',
  name: everywhere('Weekend bonus'),
  terms: everywhere('Deposit exactly 64000 LAK'),
  imageUrl: '/images/promotions/first-deposit.svg',
  bonus: { kind: 'PERCENT', percent: 50, cap: '500.00' },
  depositAmount: '64000',
  turnoverMultiple: 3,
  minBalance: '10.00',
  maxWithdrawPercent: 200,
  creditThreshold: '5.00',
  firstOrderOnly: false,
  providers: ['askmebet', 'gclub'],
  startsAt: '2026-11-20T17:00:00.000Z',
  endsAt: null,
  status: 'ACTIVE',
  usages: 4,
};

function renderPromotions(language: 'en' | 'lo' = 'en') {
  nock(ADMIN).get('/me').reply(200, { operator: OWNER });
  nock(ADMIN)
    .get('/promotions')
    .reply(200, { promotions: [WEEKEND] });
  nock(ADMIN).get('/bonus-pool').reply(200, { balance: '25000.00' });
  window.history.replaceState(null, '', '/admin/promotions');
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n(language)} />);
}

/** Fills the form with a valid fixed-bonus promotion, all but its window and reason. */
async function fillRules(form: HTMLElement) {
  for (const language of ['lo', 'cn', 'vn', 'th']) {
    fireEvent.change(within(form).getByLabelText(`Name (${language})`), { target: { value: `Name ${language}` } });
    fireEvent.change(within(form).getByLabelText(`Terms (${language})`), { target: { value: `Terms ${language}` } });
  }
  fireEvent.change(within(form).getByLabelText('Bonus (THB)'), { target: { value: '50.00' } });
  fireEvent.change(within(form).getByLabelText('Set deposit (LAK)'), { target: { value: '64000' } });
  fireEvent.change(within(form).getByLabelText('Turnover multiple'), { target: { value: '3' } });
  fireEvent.change(within(form).getByLabelText('Most paid out (% of credit received)'), { target: { value: '200' } });
  fireEvent.change(within(form).getByLabelText('Credit threshold (THB)'), { target: { value: '5.00' } });
  await userEvent.click(within(form).getByRole('checkbox', { name: 'askmebet' }));
}

afterEach(() => nock.cleanAll());

describe('the promotions page', () => {
  it('lists the promotions with bonus, set deposit, turnover, status and window, and the pool in the Lao format', async () => {
    renderPromotions();
    const row = (await screen.findByRole('cell', { name: 'Weekend bonus' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('50% ≤ 500,00 THB')).toBeInTheDocument();
    expect(within(row).getByText('64.000 LAK')).toBeInTheDocument();
    expect(within(row).getByText('×3')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('21/11/2026, 00:00 – –')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bonus-pool-balance')).toHaveTextContent('25.000,00 THB'));
  });

  it("shows the shared rule's mistakes on their fields and sends nothing", async () => {
    renderPromotions();
    await userEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    const form = screen.getByRole('form', { name: 'Create promotion' });
    await userEvent.type(within(form).getByLabelText('Name (lo)'), 'Lao name');
    await userEvent.click(within(form).getByRole('button', { name: 'Create promotion' }));
    const bonus = within(form).getByLabelText('Bonus (THB)');
    await waitFor(() => expect(bonus).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(bonus.getAttribute('aria-describedby')!)).toHaveTextContent('An amount in THB above 0');
    expect(within(form).getByText('Give a reason of at least 3 characters')).toBeInTheDocument();
  });

  it('takes a start and an end at Vientiane time and sends them as instants', async () => {
    renderPromotions();
    await userEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    const form = screen.getByRole('form', { name: 'Create promotion' });
    // A new promotion starts now, shown at Vientiane's clock (UTC+7), and has no end until one is given.
    const now = new Date();
    const shownStart = within(form).getByLabelText<HTMLInputElement>('Starts (Vientiane time)').value;
    expect(new Date(`${shownStart}:00+07:00`).getTime()).toBeGreaterThan(now.getTime() - 120_000);
    expect(within(form).getByLabelText('Ends (Vientiane time)')).toHaveValue('');
    await fillRules(form);
    fireEvent.change(within(form).getByLabelText('Starts (Vientiane time)'), { target: { value: '2099-12-01T08:00' } });
    fireEvent.change(within(form).getByLabelText('Ends (Vientiane time)'), { target: { value: '2099-11-30T23:00' } });
    fireEvent.change(within(form).getByLabelText('Reason (shown in the audit log)'), { target: { value: 'december campaign' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await within(form).findByText('The end must come after the start')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Ends (Vientiane time)'), { target: { value: '2020-01-01T00:00' } });
    expect(await within(form).findByText('This end has already passed')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Ends (Vientiane time)'), { target: { value: '2099-12-31T23:59' } });
    const created = nock(ADMIN)
      .post('/promotions', (body: { promotion: { startsAt: string; endsAt: string } }) => {
        expect(body.promotion).toMatchObject({ startsAt: '2099-12-01T01:00:00.000Z', endsAt: '2099-12-31T16:59:00.000Z' });
        return true;
      })
      .reply(201, { promotion: { ...WEEKEND, id: '33333333-3333-4333-8333-333333333333' } });
    nock(ADMIN)
      .get('/promotions')
      .reply(200, { promotions: [WEEKEND] });
    await userEvent.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Promotion created')).toBeInTheDocument();
    expect(created.isDone()).toBe(true);
  });

  it('says what the shared rule refused in Lao, with no English words', async () => {
    renderPromotions('lo');
    await userEvent.click(await screen.findByRole('button', { name: 'ໂປຣໂມຊັນໃໝ່' }));
    const form = screen.getByRole('form', { name: 'ສ້າງໂປຣໂມຊັນ' });
    fireEvent.change(within(form).getByLabelText('ສິ້ນສຸດ (ເວລາວຽງຈັນ)'), { target: { value: '2020-01-01T00:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'ສ້າງໂປຣໂມຊັນ' }));
    expect(await within(form).findByText('ເວລາສິ້ນສຸດນີ້ຜ່ານໄປແລ້ວ')).toBeInTheDocument();
    expect(within(form).getByLabelText('ຊື່ (cn)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getAllByText('ກະລຸນາໃສ່ຂໍ້ຄວາມນີ້').length).toBeGreaterThanOrEqual(8);
    expect(within(form).getAllByText('ໃສ່ຈຳນວນເງິນ THB ຫຼາຍກວ່າ 0')).toHaveLength(2);
    const alerts = within(form)
      .getAllByRole('alert')
      .map((alert) => alert.textContent ?? '');
    // THB is the currency's code, as amounts show it; nothing else is in Latin letters.
    expect(alerts.filter((text) => /[A-Za-z]/.test(text.replace(/\bTHB\b|\bLAK\b/g, '')))).toEqual([]);
  });

  it('copies a promotion into the form and creates the copy with a reason', async () => {
    renderPromotions();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    const form = screen.getByRole('form', { name: 'Create promotion' });
    expect(within(form).getByLabelText('Name (th)')).toHaveValue('Weekend bonus');
    expect(within(form).getByLabelText('Bonus cap (THB)')).toHaveValue('500.00');
    expect(within(form).getByLabelText('Set deposit (LAK)')).toHaveValue('64000');
    expect(within(form).getByRole('checkbox', { name: 'gclub' })).toBeChecked();
    const name = within(form).getByLabelText('Name (lo)');
    await userEvent.clear(name);
    await userEvent.type(name, 'Weekend bonus 2');
    await userEvent.type(within(form).getByLabelText('Reason (shown in the audit log)'), 'next month');
    const created = nock(ADMIN)
      .post('/promotions', (body: { promotion: { name: { lo: string }; bonus: unknown; providers: string[] }; reason: string }) => {
        expect(body).toMatchObject({
          reason: 'next month',
          promotion: {
            name: { lo: 'Weekend bonus 2', th: 'Weekend bonus' },
            bonus: { kind: 'PERCENT', percent: 50, cap: '500.00' },
            turnoverMultiple: 3,
          },
        });
        return true;
      })
      .reply(201, { promotion: { ...WEEKEND, id: '22222222-2222-4222-8222-222222222222' } });
    nock(ADMIN)
      .get('/promotions')
      .reply(200, { promotions: [WEEKEND] });
    await userEvent.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Promotion created')).toBeInTheDocument();
    expect(created.isDone()).toBe(true);
  });

  it('deactivates a promotion after asking why', async () => {
    renderPromotions();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    const switched = nock(ADMIN)
      .post(`/promotions/${WEEKEND.id}/status`, { status: 'INACTIVE', reason: 'budget spent' })
      .reply(200, { promotion: { ...WEEKEND, status: 'INACTIVE' } });
    nock(ADMIN)
      .get('/promotions')
      .reply(200, { promotions: [{ ...WEEKEND, status: 'INACTIVE' }] });
    await userEvent.type(within(dialog).getByLabelText('Reason (shown in the audit log)'), 'budget spent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Promotion deactivated')).toBeInTheDocument();
    expect(switched.isDone()).toBe(true);
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  /** Fills the funding form with 1000.50, sends it and loses the answer; keys: every Idempotency-Key sent. */
  async function fundingWithLostAnswer() {
    renderPromotions();
    const form = await screen.findByRole('form', { name: 'Fund the pool' });
    const amount = within(form).getByLabelText('Amount to fund (THB)');
    await userEvent.type(amount, '1000.50');
    await userEvent.type(within(form).getByLabelText('Reason (shown in the audit log)'), 'monthly budget');
    const keys: string[] = [];
    const answer = (body: { amount: string }, status: number, reply: object) =>
      nock(ADMIN)
        .post('/bonus-pool/fund', { ...body, reason: 'monthly budget' })
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [status, reply];
        });
    answer({ amount: '1000.50' }, 503, { code: 'INTERNAL', message: 'lost' });
    await userEvent.click(within(form).getByRole('button', { name: 'Fund the pool' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    return { form, amount, keys, answer };
  }

  it('funds the pool with one Idempotency-Key, kept when the answer is lost', async () => {
    const { form, keys, answer } = await fundingWithLostAnswer();
    answer({ amount: '1000.50' }, 200, { balance: '26000.50', replayed: false });
    nock(ADMIN).get('/bonus-pool').reply(200, { balance: '26000.50' });
    await userEvent.click(within(form).getByRole('button', { name: 'Fund the pool' }));
    expect(await screen.findByText('Bonus pool funded; it now holds 26.000,50 THB')).toBeInTheDocument();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('funds the pool with a new Idempotency-Key when the amount changed after a lost answer', async () => {
    const { form, amount, keys, answer } = await fundingWithLostAnswer();
    await userEvent.clear(amount);
    await userEvent.type(amount, '2000.00');
    answer({ amount: '2000.00' }, 200, { balance: '27000.00', replayed: false });
    nock(ADMIN).get('/bonus-pool').reply(200, { balance: '27000.00' });
    await userEvent.click(within(form).getByRole('button', { name: 'Fund the pool' }));
    expect(await screen.findByText('Bonus pool funded; it now holds 27.000,00 THB')).toBeInTheDocument();
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
  });
});
