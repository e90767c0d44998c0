import nock from 'nock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { AgencyDeposit, DepositDetail, UnmatchedPayment } from '../../contract/adminDeposits';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OPERATOR = { id: 'op-1', username: 'somsak', role: 'staff' as const, secondFactor: 'optional' as const };

const DEPOSIT: AgencyDeposit = {
  code: 'D261125AAAA2222',
  player: 'noy99',
  playerId: '11111111-1111-4111-8111-111111111111',
  provider: 'askmebet',
  amount: '17250000',
  paidAmount: '17250000',
  credit: '25000.00',
  promoCredit: null,
  rate: '690',
  status: 'PAID',
  failureCode: 'PROVIDER_REFUSED',
  transactionId: 'SBX-1',
  createdAt: '2026-11-25T02:30:00.000Z',
  expiresAt: '2026-11-25T02:45:00.000Z',
  paidAt: '2026-11-25T02:31:00.000Z',
  creditedAt: null,
  stuck: true,
};

const DETAIL: DepositDetail = {
  deposit: DEPOSIT,
  qrPayload: '00020101021238570011LAOQR-PAYLOAD6304ABCD',
  webhookEvents: [
    {
      eventId: 'evt_1',
      receivedAt: '2026-11-25T02:31:05.000Z',
      transactionId: 'SBX-1',
      amount: '17250000',
      paidAt: '2026-11-25T02:31:00.000Z',
    },
  ],
  transfers: [
    {
      key: 'deposit:D261125AAAA2222:paid',
      kind: 'DEPOSIT_PAYMENT',
      status: 'POSTED',
      failureCode: null,
      createdAt: '2026-11-25T02:31:05.000Z',
      entries: [{ account: 'agency_cash', currency: 'LAK', amount: '17250000' }],
    },
  ],
  refund: null,
  fromUnmatchedPayment: null,
};

const PAYMENT: UnmatchedPayment = {
  id: '22222222-2222-4222-8222-222222222222',
  billNumber: 'D261125BBBB3333',
  reason: 'AMOUNT_MISMATCH',
  amount: '123456',
  transactionId: 'SBX-2',
  paidAt: '2026-11-25T03:00:00.000Z',
  status: 'UNRESOLVED',
  rate: '640',
  credit: '192.90',
  resolution: null,
  creditedDeposit: null,
  resolvedBy: null,
  resolutionReason: null,
  resolvedAt: null,
};

function renderAt(path: string) {
  nock(ADMIN).get('/me').reply(200, { operator: OPERATOR });
  window.history.replaceState(null, '', path);
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('en')} />);
}

afterEach(() => nock.cleanAll());

describe('searching deposits', () => {
  it('lists deposits in the Lao money format at Vientiane time, and searches by the filters given', async () => {
    nock(ADMIN)
      .get('/deposits')
      .query({ page: 1 })
      .reply(200, { items: [DEPOSIT], page: 1, pageSize: 20, total: 1 });
    renderAt('/admin/deposits');
    const row = (await screen.findByRole('link', { name: DEPOSIT.code })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['noy99', '17.250.000 LAK', '25.000,00 THB', 'Stuck PAID', '25/11/2026, 09:30']));

    const filtered = nock(ADMIN)
      .get('/deposits')
      .query({ player: 'noy', status: 'PAID', from: '2026-11-25', page: 1 })
      .reply(200, { items: [], page: 1, pageSize: 20, total: 0 });
    await userEvent.type(screen.getByLabelText('Player'), ' noy ');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'PAID');
    await userEvent.type(screen.getByLabelText('From (day)'), '2026-11-25');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No deposits match these filters')).toBeInTheDocument();
    expect(filtered.isDone()).toBe(true);
  });
});

describe('a deposit stuck PAID', () => {
  it('shows its QR payload, events and transfers, and retries its credit with a reason and an Idempotency-Key', async () => {
    nock(ADMIN).get(`/deposits/${DEPOSIT.code}`).reply(200, DETAIL);
    renderAt(`/admin/deposits/${DEPOSIT.code}`);
    expect(await screen.findByText(DETAIL.qrPayload!)).toBeInTheDocument();
    expect(screen.getByText(/evt_1/)).toBeInTheDocument();
    expect(screen.getByText('agency_cash: 17.250.000 LAK')).toBeInTheDocument();

    let sent: { key: string | undefined; body: unknown } | null = null;
    nock(ADMIN)
      .post(`/deposits/${DEPOSIT.code}/retry-credit`)
      .reply(function (_uri, body) {
        sent = { key: this.req.headers['idempotency-key'], body };
        return [200, { deposit: { ...DEPOSIT, status: 'SUCCESS', stuck: false } }];
      });
    nock(ADMIN)
      .get(`/deposits/${DEPOSIT.code}`)
      .reply(200, { ...DETAIL, deposit: { ...DEPOSIT, status: 'SUCCESS', stuck: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry the credit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the retry' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason (shown in the audit log)'), 'provider is back');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the retry' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.body).toEqual({ reason: 'provider is back' });
    expect(sent!.key).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry the credit' })).not.toBeInTheDocument());
  });
});

describe('unmatched payments', () => {
  async function openResolve() {
    nock(ADMIN).get('/deposits').query({ page: 1 }).reply(200, { items: [], page: 1, pageSize: 20, total: 0 });
    nock(ADMIN)
      .get('/deposits/unmatched')
      .query({ status: 'UNRESOLVED' })
      .reply(200, { items: [PAYMENT] });
    renderAt('/admin/deposits');
    await userEvent.click(await screen.findByRole('tab', { name: 'Unmatched payments' }));
    const row = (await screen.findByRole('cell', { name: PAYMENT.billNumber })).closest('tr') as HTMLElement;
    expect(within(row).getByText('192,90 THB (640)')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Resolve' }));
    return screen.findByRole('dialog');
  }

  it('credits a player found by username: shows the rate and THB first, then sends the reason with a key', async () => {
    const dialog = await openResolve();
    nock(ADMIN)
      .get('/deposits/players')
      .query({ username: 'keo' })
      .reply(200, { items: [{ id: '33333333-3333-4333-8333-333333333333', username: 'keo77' }] });
    await userEvent.type(within(dialog).getByLabelText("Player's username"), 'keo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'keo77' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Provider'), 'askmebet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit to a player' }));
    expect(
      within(dialog).getByText('123.456 LAK at the rate of its time, 640 LAK per THB, credits 192,90 THB to keo77 at askmebet.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    let sent: { key: string | undefined; body: unknown } | null = null;
    nock(ADMIN)
      .post(`/deposits/unmatched/${PAYMENT.id}/credit`)
      .reply(function (_uri, body) {
        sent = { key: this.req.headers['idempotency-key'], body };
        return [
          200,
          { payment: { ...PAYMENT, status: 'RESOLVED', resolution: 'CREDITED', creditedDeposit: 'D261125CCCC4444' }, refund: null },
        ];
      });
    nock(ADMIN).get('/deposits/unmatched').query({ status: 'UNRESOLVED' }).reply(200, { items: [] });
    await userEvent.type(within(dialog).getByLabelText('Reason (shown in the audit log)'), 'wrong amount, confirmed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the credit' }));
    expect(await within(dialog).findByText('Credited: deposit D261125CCCC4444')).toBeInTheDocument();
    expect(sent!.body).toEqual({
      playerId: '33333333-3333-4333-8333-333333333333',
      provider: 'askmebet',
      reason: 'wrong amount, confirmed',
    });
    expect(sent!.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('tells the operator when someone else resolved the payment first', async () => {
    const dialog = await openResolve();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund to the payer' }));
    expect(within(dialog).getByText("123.456 LAK goes back to the payer's bank account.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    nock(ADMIN)
      .post(`/deposits/unmatched/${PAYMENT.id}/refund`)
      .reply(409, { code: 'PAYMENT_ALREADY_RESOLVED', message: 'resolved already' });
    nock(ADMIN).get('/deposits/unmatched').query({ status: 'UNRESOLVED' }).reply(200, { items: [] });
    await userEvent.type(within(dialog).getByLabelText('Reason (shown in the audit log)'), 'payer asked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the refund' }));
    expect(await within(dialog).findByText('Someone else resolved this payment already')).toBeInTheDocument();
  });
});
