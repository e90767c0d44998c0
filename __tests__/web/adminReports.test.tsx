import nock from 'nock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import { vientianeDay, type BooksReconciliation, type Reconciliation, type ReconciliationLine } from '../../contract/adminReports';
import type { AgencyRates, RateEntry } from '../../contract/adminRates';
import { dashboardFixture } from '../support/adminReports';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER = { id: 'op-1', username: 'somsak', role: 'owner' as const, secondFactor: 'enrolled' as const };
const STAFF = { id: 'op-2', username: 'noy', role: 'staff' as const, secondFactor: 'optional' as const };

function renderConsole(path: string, operator: typeof OWNER | typeof STAFF = OWNER) {
  nock(ADMIN).get('/me').reply(200, { operator });
  window.history.replaceState(null, '', path);
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

afterEach(() => nock.cleanAll());

describe('the dashboard', () => {
  it('is where operators land: today’s figures in the Lao format and what waits, linked to its page', async () => {
    nock(ADMIN).get('/dashboard').reply(200, dashboardFixture());
    renderConsole('/admin');
    expect(await screen.findByRole('heading', { name: `ມື້ນີ້, ${vientianeDay()}` })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
    const deposits = screen.getByRole('region', { name: 'ການຝາກ' });
    expect(deposits).toHaveTextContent('17.250.000 LAK');
    expect(deposits).toHaveTextContent('ຈຳນວນ: 2');
    expect(deposits).toHaveTextContent('ເຕີມເຄຣດິດແລ້ວ: 25.000,00 THB');
    expect(screen.getByRole('region', { name: 'ການຖອນ' })).toHaveTextContent('90.000 LAK');
    expect(screen.getByRole('region', { name: 'ໂບນັດທີ່ຈ່າຍ' })).toHaveTextContent('ກອງທຶນໂບນັດ: 9.900,00 THB');
    expect(screen.getByRole('region', { name: 'ເງິນສົດສຸດທິ' })).toHaveTextContent('17.160.000 LAK');
    expect(screen.getByRole('link', { name: 'ການຖອນທີ່ລໍຖ້າກວດ: 3' })).toHaveAttribute('href', '/admin/withdrawals');
    // Nothing to link for a count of zero, and no console page for provider transfers.
    expect(screen.getByText('ຝາກທີ່ຈ່າຍແລ້ວແຕ່ຍັງບໍ່ເຕີມເຄຣດິດ: 0')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: /ການໂອນຫາຜູ້ໃຫ້ບໍລິການ/ })).not.toBeInTheDocument();
  });
});

const line = (name: ReconciliationLine['line'], fields: Partial<ReconciliationLine> = {}): ReconciliationLine => ({
  line: name,
  unit: 'THB',
  expected: '0.00',
  actual: '0.00',
  parts: {},
  reconciled: true,
  unreconciledRefs: [],
  transfers: [],
  ...fields,
});

function report(day: string, reconciled: boolean): Reconciliation {
  const credited = reconciled
    ? line('DEPOSITS_CREDITED', { expected: '156.25', actual: '156.25' })
    : line('DEPOSITS_CREDITED', {
        expected: '206.25',
        actual: '156.25',
        reconciled: false,
        unreconciledRefs: ['D-777'],
        transfers: [
          {
            id: '41',
            kind: 'DEPOSIT_PAYMENT',
            status: 'POSTED',
            key: 'deposit:D-777:paid',
            ref: 'D-777',
            createdAt: '2026-11-25T03:00:00.000Z',
            entries: [{ account: 'agency_cash', currency: 'LAK', amount: '32000' }],
          },
        ],
      });
  return {
    day,
    from: `${day}T00:00:00.000Z`,
    to: `${day}T00:00:00.000Z`,
    lines: [credited, line('DEPOSITS_KIP_RECEIVED', { unit: 'LAK', expected: '100000', actual: '100000' })],
    trialBalance: [
      {
        currency: 'LAK',
        balances: [],
        debitBalances: '100000',
        creditBalances: '100000',
        dayDebits: '100000',
        dayCredits: '100000',
        sum: '0',
        balanced: true,
      },
    ],
    reconciled,
  };
}

function books(differences: BooksReconciliation['differences'], finishedAt = '2026-11-25T03:00:00.000Z'): BooksReconciliation {
  return {
    lastRun: {
      startedAt: finishedAt,
      finishedAt,
      from: '2026-11-25T02:00:00.000Z',
      to: '2026-11-25T02:59:00.000Z',
      checked: { providerTransfers: 12, payments: 4, payouts: 1, refunds: 0 },
    },
    lastFailure: null,
    differences,
  };
}

const STRAY: BooksReconciliation['differences'][number] = {
  source: 'PROVIDER_TRANSFER',
  kind: 'MISSING_IN_LEDGER',
  provider: 'askmebet',
  ref: 'stray-transfer-1',
  unit: 'THB',
  ours: null,
  theirs: { status: 'SUCCESS', amount: '12.34', direction: 'IN', at: '2026-11-25T02:10:00.000Z' },
  firstSeenAt: '2026-11-25T03:00:00.000Z',
};
const UNHEARD: BooksReconciliation['differences'][number] = {
  source: 'PAYMENT',
  kind: 'MISSING_IN_LEDGER',
  provider: null,
  ref: 'SBX123',
  unit: 'LAK',
  ours: null,
  theirs: { status: 'PAID', amount: '32000', direction: null, at: '2026-11-25T02:20:00.000Z' },
  firstSeenAt: '2026-11-25T03:00:00.000Z',
};
const LOST: BooksReconciliation['differences'][number] = {
  ...STRAY,
  kind: 'NOT_DONE_OUTSIDE',
  ref: 'credit-9',
  ours: { status: 'POSTED', amount: '20.00', direction: 'IN', at: '2026-11-25T02:30:00.000Z' },
  theirs: null,
};

describe('the books reconciliation', () => {
  it('lists every difference with both sides, in Lao, with when it ran, and runs it again on request', async () => {
    const today = vientianeDay();
    nock(ADMIN).get('/reconciliation').query({ day: today }).reply(200, report(today, true));
    nock(ADMIN)
      .get('/books-reconciliation')
      .reply(200, books([STRAY, UNHEARD, LOST]));
    renderConsole('/admin/reconciliation');
    expect(await screen.findByText('ມີ 3 ລາຍການທີ່ບໍ່ກົງກັບບັນຊີພາຍນອກ')).toBeInTheDocument();
    expect(screen.getByText('ກວດຫຼ້າສຸດ 25/11/2026, 10:00, ລາຍການແຕ່ 25/11/2026, 09:00 ຫາ 25/11/2026, 09:59')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ບັນຊີຂອງເຮົາ ທຽບກັບ ຜູ້ໃຫ້ບໍລິການ ແລະ ທະນາຄານ' });
    const stray = within(table).getByRole('cell', { name: 'askmebet · stray-transfer-1' }).closest('tr')!;
    expect(stray).toHaveTextContent('ການໂອນຫາຜູ້ໃຫ້ບໍລິການ');
    expect(stray).toHaveTextContent('ເຮັດແລ້ວພາຍນອກ ແຕ່ບໍ່ມີໃນບັນຊີຂອງເຮົາ');
    expect(stray).toHaveTextContent('ບໍ່ມີບັນທຶກ');
    expect(stray).toHaveTextContent('ສຳເລັດ · 12,34 THB · ເຂົ້າກະເປົາເກມ');
    const unheard = within(table).getByRole('cell', { name: 'SBX123' }).closest('tr')!;
    expect(unheard).toHaveTextContent('ເງິນທີ່ໄດ້ຮັບ');
    expect(unheard).toHaveTextContent('ຈ່າຍແລ້ວ · 32.000 LAK');
    const lost = within(table).getByRole('cell', { name: 'askmebet · credit-9' }).closest('tr')!;
    expect(lost).toHaveTextContent('ມີໃນບັນຊີຂອງເຮົາ ແຕ່ພາຍນອກບໍ່ໄດ້ເຮັດ');
    expect(lost).toHaveTextContent('ບັນທຶກແລ້ວ · 20,00 THB · ເຂົ້າກະເປົາເກມ');
    // Nothing in the Lao page is in English.
    expect(table).not.toHaveTextContent(/SUCCESS|POSTED|PAID|MISSING/);

    const ran = nock(ADMIN).post('/books-reconciliation/run').reply(200, books([], '2026-11-25T04:00:00.000Z'));
    await userEvent.click(screen.getByRole('button', { name: 'ກວດດຽວນີ້' }));
    expect(await screen.findByText('ບັນຊີຂອງເຮົາກົງກັບບັນທຶກການໂອນຂອງຜູ້ໃຫ້ບໍລິການ ແລະ ໃບແຈ້ງຍອດຂອງທະນາຄານ')).toBeInTheDocument();
    expect(ran.isDone()).toBe(true);
    expect(screen.getByText(/^ກວດຫຼ້າສຸດ 25\/11\/2026, 11:00/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'ບັນຊີຂອງເຮົາ ທຽບກັບ ຜູ້ໃຫ້ບໍລິການ ແລະ ທະນາຄານ' })).not.toBeInTheDocument();
  });

  it('says when the latest run could not read a book, and that none has run yet', async () => {
    const today = vientianeDay();
    nock(ADMIN).get('/reconciliation').query({ day: today }).reply(200, report(today, true));
    nock(ADMIN)
      .get('/books-reconciliation')
      .reply(200, {
        lastRun: null,
        lastFailure: { at: '2026-11-25T03:00:00.000Z', reason: 'gateway statement: TIMEOUT' },
        differences: [],
      });
    renderConsole('/admin/reconciliation');
    expect(await screen.findByText('ຍັງບໍ່ເຄີຍກວດ')).toBeInTheDocument();
    expect(screen.getByText('ການກວດເມື່ອ 25/11/2026, 10:00 ອ່ານບັນຊີບໍ່ໄດ້: gateway statement: TIMEOUT')).toBeInTheDocument();
  });
});

describe('the reconciliation report', () => {
  it('opens on today in Vientiane, shows a line that does not reconcile in red with its transfers, and offers the CSV', async () => {
    const today = vientianeDay();
    nock(ADMIN).get('/reconciliation').query({ day: today }).reply(200, report(today, false));
    nock(ADMIN).get('/books-reconciliation').reply(200, books([]));
    renderConsole('/admin/reconciliation');
    expect(await screen.findByText('ມີບາງລາຍການບໍ່ກົງກັນ')).toBeInTheDocument();
    expect(screen.getByLabelText('ວັນທີ (ວຽງຈັນ)')).toHaveValue(today);
    const wrong = screen.getByRole('cell', { name: 'ຝາກທີ່ຈ່າຍ ທຽບກັບ ທີ່ເຕີມເຄຣດິດ (THB)' }).closest('tr')!;
    expect(wrong).toHaveAttribute('data-reconciled', 'false');
    expect(getComputedStyle(wrong).color).toBe('rgb(255, 122, 122)');
    expect(wrong).toHaveTextContent('206,25 THB');
    const kip = screen.getByRole('cell', { name: 'ເງິນຝາກທີ່ໄດ້ຮັບ (ກີບ)' }).closest('tr')!;
    expect(kip).toHaveAttribute('data-reconciled', 'true');
    expect(kip).toHaveTextContent('100.000 LAK');

    expect(screen.queryByText(/deposit:D-777:paid/)).not.toBeInTheDocument();
    await userEvent.click(within(wrong).getByRole('button', { name: 'ບໍ່ກົງກັນ: 1 ການໂອນ' }));
    expect(screen.getByText(/DEPOSIT_PAYMENT · POSTED · deposit:D-777:paid · agency_cash 32\.000 LAK/)).toBeInTheDocument();
    expect(screen.getByText('ການໂອນຂອງ D-777')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'ດາວໂຫຼດ CSV' })).toHaveAttribute('href', `/api/v2/admin/reconciliation.csv?day=${today}`);
    expect(screen.getByRole('cell', { name: 'LAK' }).closest('tr')).toHaveTextContent('ສົມດຸນ');
  });

  it('reads another day from the day picker', async () => {
    const today = vientianeDay();
    nock(ADMIN).get('/reconciliation').query({ day: today }).reply(200, report(today, false));
    const other = nock(ADMIN).get('/reconciliation').query({ day: '2026-11-01' }).reply(200, report('2026-11-01', true));
    nock(ADMIN).get('/books-reconciliation').reply(200, books([]));
    renderConsole('/admin/reconciliation');
    const picker = await screen.findByLabelText('ວັນທີ (ວຽງຈັນ)');
    await userEvent.clear(picker);
    await userEvent.type(picker, '2026-11-01');
    expect(await screen.findByText('ທຸກລາຍການກົງກັນ ແລະ ບັນຊີສົມດຸນ')).toBeInTheDocument();
    expect(other.isDone()).toBe(true);
    expect(screen.getByRole('link', { name: 'ດາວໂຫຼດ CSV' })).toHaveAttribute('href', '/api/v2/admin/reconciliation.csv?day=2026-11-01');
  });
});

const entry = (buy: string, sell: string, effectiveAt: string): RateEntry => ({
  currency: 'THB',
  buy,
  sell,
  mid: String((Number(buy) + Number(sell)) / 2),
  effectiveAt,
  changedBy: 'somsak',
});
const RATES: AgencyRates = {
  rates: [
    {
      currency: 'THB',
      current: entry('600', '640', '2026-11-25T01:00:00.000Z'),
      history: [entry('600', '640', '2026-11-25T01:00:00.000Z'), entry('590', '630', '2026-11-20T01:00:00.000Z')],
    },
    { currency: 'USD', current: null, history: [] },
  ],
};

describe('the rates page', () => {
  it('shows the rates in force in the Lao format', async () => {
    nock(ADMIN).get('/rates').reply(200, RATES);
    renderConsole('/admin/rates', STAFF);
    const thb = (await screen.findByRole('cell', { name: 'THB/LAK' })).closest('tr')!;
    expect(
      within(thb)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['600', '640', '620', '25/11/2026, 08:00 · somsak']));
    expect(screen.getByRole('cell', { name: 'USD/LAK' }).closest('tr')).toHaveTextContent('ຍັງບໍ່ໄດ້ຕັ້ງ');
    // Staff see the rates, not the form.
    expect(screen.getByText('ສະເພາະເຈົ້າຂອງເທົ່ານັ້ນທີ່ຕັ້ງອັດຕາໄດ້')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ຕັ້ງອັດຕາ' })).not.toBeInTheDocument();
  });

  it('checks the pair with the shared rule before sending anything', async () => {
    nock(ADMIN).get('/rates').reply(200, RATES);
    renderConsole('/admin/rates');
    await userEvent.type(await screen.findByLabelText('ຊື້'), '650');
    await userEvent.type(screen.getByLabelText('ຂາຍ'), '640');
    await userEvent.click(screen.getByRole('button', { name: 'ຕັ້ງອັດຕາ' }));
    expect(await screen.findByText('ອັດຕາຊື້ຕ້ອງບໍ່ສູງກວ່າອັດຕາຂາຍ')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('ຊື້'));
    await userEvent.type(screen.getByLabelText('ຊື້'), '0');
    expect(await screen.findByText('ອັດຕາຊື້ຕ້ອງເປັນຕົວເລກຫຼາຍກວ່າ 0 (ບໍ່ເກີນ 6 ຕຳແໜ່ງທົດສະນິຍົມ)')).toBeInTheDocument();
  });

  it('sets a small move at once', async () => {
    nock(ADMIN).get('/rates').reply(200, RATES);
    renderConsole('/admin/rates');
    const put = nock(ADMIN)
      .put('/rates/THB', { buy: '605', sell: '645', reason: 'market', confirmLargeMove: false })
      .reply(200, { rate: entry('605', '645', '2026-11-25T05:00:00.000Z') });
    nock(ADMIN).get('/rates').reply(200, RATES);
    await userEvent.type(await screen.findByLabelText('ຊື້'), '605');
    await userEvent.type(screen.getByLabelText('ຂາຍ'), '645');
    await userEvent.type(screen.getByLabelText('ເຫດຜົນ (ບໍ່ບັງຄັບ)'), 'market');
    await userEvent.click(screen.getByRole('button', { name: 'ຕັ້ງອັດຕາ' }));
    expect(await screen.findByText('ຕັ້ງອັດຕາ THB ແລ້ວ')).toBeInTheDocument();
    expect(put.isDone()).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again for a move of more than 5%, and sends it confirmed only after yes', async () => {
    nock(ADMIN).get('/rates').reply(200, RATES);
    renderConsole('/admin/rates');
    await userEvent.type(await screen.findByLabelText('ຊື້'), '600');
    await userEvent.type(screen.getByLabelText('ຂາຍ'), '680');
    await userEvent.click(screen.getByRole('button', { name: 'ຕັ້ງອັດຕາ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ອັດຕາປ່ຽນຫຼາຍ' });
    expect(dialog).toHaveTextContent('ອັດຕາ THB ປ່ຽນ 6.25% (ຊື້ 600, ຂາຍ 680)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຍົກເລີກ' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const put = nock(ADMIN)
      .put('/rates/THB', { buy: '600', sell: '680', confirmLargeMove: true })
      .reply(200, { rate: entry('600', '680', '2026-11-25T05:00:00.000Z') });
    nock(ADMIN).get('/rates').reply(200, RATES);
    await userEvent.click(screen.getByRole('button', { name: 'ຕັ້ງອັດຕາ' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'ແມ່ນ, ຕັ້ງເລີຍ' }));
    expect(await screen.findByText('ຕັ້ງອັດຕາ THB ແລ້ວ')).toBeInTheDocument();
    expect(put.isDone()).toBe(true);
  });
});
