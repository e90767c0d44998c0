import nock from 'nock';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import { IDLE_TIMEOUT_MS } from '../../console/features/auth/useIdleSignOut';
import type { AgencyWithdrawal } from '../../console/api/withdrawals';
import { dashboardFixture } from '../support/adminReports';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OPERATOR = { id: 'op-1', username: 'somsak', role: 'owner' as const, secondFactor: 'enrolled' as const };
const NOT_SIGNED_IN = { code: 'UNAUTHORIZED', message: 'Not signed in' };

const WAITING: AgencyWithdrawal = {
  code: 'W-1001',
  date: '2026-11-25T02:30:00.000Z',
  provider: 'askmebet',
  status: 'OPEN',
  amountWithdrawn: '25000.00',
  rate: '690',
  creditReceived: '17250000',
  amountReceived: null,
  creditReturned: '0.00',
  promotionRetained: null,
  bankName: 'BCEL',
  accountName: 'Noy',
  accountNumber: '0101',
  reason: null,
  completedAt: null,
  player: 'noy99',
  payoutSent: false,
  decidedBy: null,
  approvals: [],
  approvalsNeeded: 1,
  awaitingSecondApproval: false,
  approvalRefusal: null,
};

const page = (items: AgencyWithdrawal[]) => ({ items, page: 1, pageSize: 50, total: items.length });

function renderConsole() {
  window.history.replaceState(null, '', '/admin/withdrawals');
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

function signedIn(queue: AgencyWithdrawal[] = [WAITING]) {
  nock(ADMIN).get('/me').reply(200, { operator: OPERATOR });
  nock(ADMIN).get('/settings/withdrawal-review').reply(200, { fourEyesThb: null });
  nock(ADMIN).get('/withdrawals').query({ status: 'OPEN', page: 1 }).reply(200, page(queue));
}

const row = (player: string) => screen.getByRole('cell', { name: player }).closest('tr') as HTMLElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  nock.cleanAll();
  jest.useRealTimers();
});

describe('operator sign-in', () => {
  it('asks for both fields in Lao, then shows a refused login', async () => {
    nock(ADMIN).get('/me').reply(401, NOT_SIGNED_IN);
    renderConsole();
    await userEvent.click(await screen.findByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByText('ກະລຸນາໃສ່ຊື່ຜູ້ໃຊ້')).toBeInTheDocument();
    expect(screen.getByText('ກະລຸນາໃສ່ລະຫັດຜ່ານ')).toBeInTheDocument();

    nock(ADMIN)
      .post('/login', { username: 'somsak', password: 'wrong-password' })
      .reply(401, { code: 'INVALID_CREDENTIALS', message: 'no' });
    await userEvent.type(screen.getByLabelText('ຊື່ຜູ້ໃຊ້'), ' somsak ');
    await userEvent.type(screen.getByLabelText('ລະຫັດຜ່ານ'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByText('ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ')).toBeInTheDocument();
  });

  it.each([
    ['lo', 'ຊື່ຜູ້ໃຊ້', 'ລະຫັດຜ່ານ', 'ເຂົ້າສູ່ລະບົບ', 'ພະຍາຍາມຫຼາຍເກີນໄປ, ກະລຸນາລອງໃໝ່ໃນອີກ 45 ວິນາທີ'],
    ['th', 'ชื่อผู้ใช้', 'รหัสผ่าน', 'เข้าสู่ระบบ', 'พยายามหลายครั้งเกินไป กรุณาลองใหม่ในอีก 45 วินาที'],
    ['en', 'Username', 'Password', 'Sign in', 'Too many attempts; try again in 45 s'],
  ] as const)('says in %s how long to wait after too many attempts', async (language, username, password, submit, message) => {
    nock(ADMIN).get('/me').reply(401, NOT_SIGNED_IN);
    nock(ADMIN)
      .post('/login')
      .reply(
        429,
        { code: 'RATE_LIMITED', message: 'Too many attempts; try again in 45 s', retryAfterSeconds: 45 },
        { 'Retry-After': '45' },
      );
    window.history.replaceState(null, '', '/admin/withdrawals');
    render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n(language)} />);
    await userEvent.type(await screen.findByLabelText(username), 'somsak');
    await userEvent.type(screen.getByLabelText(password), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('signs in and shows the operator’s name and role in the top bar', async () => {
    nock(ADMIN).get('/me').reply(401, NOT_SIGNED_IN);
    nock(ADMIN).post('/login').reply(200, { operator: OPERATOR });
    signedIn([]);
    renderConsole();
    await userEvent.type(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'), 'somsak');
    await userEvent.type(screen.getByLabelText('ລະຫັດຜ່ານ'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await within(await screen.findByRole('banner')).findByText('somsak · ເຈົ້າຂອງ')).toBeInTheDocument();
    expect(await screen.findByText('ບໍ່ມີການຖອນເງິນລໍຖ້າກວດສອບ')).toBeInTheDocument();
  });
});

describe('the console’s pages', () => {
  it('lands an address it does not know on the first page, the dashboard, marked as current in the navigation', async () => {
    nock(ADMIN).get('/me').reply(200, { operator: OPERATOR });
    nock(ADMIN).get('/dashboard').reply(200, dashboardFixture());
    window.history.replaceState(null, '', '/admin/no-such-page');
    render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
    const nav = await screen.findByRole('navigation', { name: 'ໜ້າຕ່າງໆຂອງຄອນໂຊ' });
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
    expect(within(nav).getByRole('link', { name: 'ພາບລວມ' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('withdrawal review queue', () => {
  it('lists the waiting withdrawals in the Lao format, at Vientiane time', async () => {
    signedIn();
    renderConsole();
    const cells = within(await waitFor(() => row('noy99'))).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['noy99', 'askmebet', '25.000,00 THB', '17.250.000 LAK', '25/11/2026, 09:30']),
    );
  });

  it('leaves out OPEN withdrawals whose payout is already sent', async () => {
    signedIn([WAITING, { ...WAITING, code: 'W-1002', player: 'keo77', payoutSent: true }]);
    renderConsole();
    await waitFor(() => row('noy99'));
    expect(screen.queryByRole('cell', { name: 'keo77' })).not.toBeInTheDocument();
  });

  it('approves once, with both buttons disabled while the server decides', async () => {
    signedIn();
    renderConsole();
    const approve = within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ອະນຸມັດ' });
    nock(ADMIN)
      .post('/withdrawals/W-1001/approve')
      .delay(200)
      .reply(200, { withdrawal: { ...WAITING, status: 'SUCCESS' }, approvals: [], approvalsNeeded: 1, awaitingSecondApproval: false });
    nock(ADMIN).get('/withdrawals').query(true).reply(200, page([]));
    await userEvent.click(approve);
    expect(within(row('noy99')).getByRole('button', { name: 'ອະນຸມັດ' })).toBeDisabled();
    expect(within(row('noy99')).getByRole('button', { name: 'ປະຕິເສດ' })).toBeDisabled();
    expect(await screen.findByText('ອະນຸມັດ W-1001 ແລ້ວ')).toBeInTheDocument();
    expect(await screen.findByText('ບໍ່ມີການຖອນເງິນລໍຖ້າກວດສອບ')).toBeInTheDocument();
  });

  it('sends each decision with an Idempotency-Key, the same one again after a lost answer', async () => {
    signedIn();
    renderConsole();
    const keys: string[] = [];
    const keyOf = (headers: Record<string, string | string[] | undefined>) => keys.push(String(headers['idempotency-key']));
    nock(ADMIN)
      .post('/withdrawals/W-1001/approve')
      .reply(function () {
        keyOf(this.req.headers);
        return [503, { code: 'SERVICE_UNAVAILABLE', message: 'no answer' }];
      });
    nock(ADMIN)
      .get('/withdrawals')
      .query(true)
      .times(2)
      .reply(200, page([WAITING]));
    await userEvent.click(within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ອະນຸມັດ' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    const approved = nock(ADMIN)
      .post('/withdrawals/W-1001/approve')
      .reply(function () {
        keyOf(this.req.headers);
        return [200, { withdrawal: { ...WAITING, status: 'SUCCESS' }, approvals: [], approvalsNeeded: 1, awaitingSecondApproval: false }];
      });
    await waitFor(() => expect(within(row('noy99')).getByRole('button', { name: 'ອະນຸມັດ' })).toBeEnabled());
    await userEvent.click(within(row('noy99')).getByRole('button', { name: 'ອະນຸມັດ' }));
    expect(await screen.findByText('ອະນຸມັດ W-1001 ແລ້ວ')).toBeInTheDocument();
    expect(approved.isDone()).toBe(true);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('rejects only with a reason', async () => {
    signedIn();
    renderConsole();
    await userEvent.click(within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ປະຕິເສດ' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຢືນຢັນການປະຕິເສດ' }));
    expect(await within(dialog).findByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();

    const rejected = nock(ADMIN)
      .post('/withdrawals/W-1001/reject', { reason: 'Account name does not match' })
      .reply(200, { withdrawal: { ...WAITING, status: 'REJECTED' } });
    nock(ADMIN).get('/withdrawals').query(true).reply(200, page([]));
    fireEvent.change(within(dialog).getByLabelText('ເຫດຜົນຂອງການປະຕິເສດ'), { target: { value: '  Account name does not match ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຢືນຢັນການປະຕິເສດ' }));
    await waitFor(() => expect(rejected.isDone()).toBe(true));
    expect(await screen.findByText('ປະຕິເສດ W-1001 ແລ້ວ')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when someone else decided first, and refetches the queue', async () => {
    signedIn();
    renderConsole();
    const approve = within(await waitFor(() => row('noy99'))).getByRole('button', { name: 'ອະນຸມັດ' });
    nock(ADMIN).post('/withdrawals/W-1001/approve').reply(409, { code: 'WITHDRAWAL_NOT_OPEN', message: 'already decided' });
    const refetched = nock(ADMIN).get('/withdrawals').query(true).reply(200, page([]));
    await userEvent.click(approve);
    expect(await screen.findByText('W-1001 ຖືກຕັດສິນໂດຍຄົນອື່ນແລ້ວ')).toBeInTheDocument();
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    expect(await screen.findByText('ບໍ່ມີການຖອນເງິນລໍຖ້າກວດສອບ')).toBeInTheDocument();
  });
});

describe('idle sign-out', () => {
  it('signs out after 30 minutes without input and says why on the login page', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    signedIn([]);
    renderConsole();
    await screen.findByText('ບໍ່ມີການຖອນເງິນລໍຖ້າກວດສອບ');
    const loggedOut = nock(ADMIN).post('/logout').reply(204);
    nock(ADMIN).get('/me').reply(401, NOT_SIGNED_IN);
    act(() => {
      jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
      fireEvent.keyDown(window, { key: 'a' });
      jest.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    });
    expect(loggedOut.isDone()).toBe(false);
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(await screen.findByText('ທ່ານຖືກອອກຈາກລະບົບ ເພາະບໍ່ມີການໃຊ້ງານ 30 ນາທີ')).toBeInTheDocument();
    expect(loggedOut.isDone()).toBe(true);
  });
});
