import nock from 'nock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { OperatorAccount } from '../../contract/admin';
import { dashboardFixture } from '../support/adminReports';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER = { id: 'op-1', username: 'anna', role: 'owner' as const, secondFactor: 'enrolled' as const };
const STAFF: OperatorAccount = {
  id: '6f1d2c3b-0000-4000-8000-000000000002',
  username: 'somsak',
  role: 'staff',
  secondFactor: 'optional',
  disabled: false,
  createdAt: '2026-11-20T03:00:00.000Z',
};

function open(path: string) {
  window.history.replaceState(null, '', `/admin${path}`);
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

const operators = (staffTotpRequired = false) => ({
  operators: [{ ...OWNER, disabled: false, createdAt: '2026-11-01T01:00:00.000Z' }, STAFF],
  staffTotpRequired,
});

beforeEach(() => localStorage.clear());
afterEach(() => nock.cleanAll());

describe('signing in with the second factor', () => {
  it('asks for the authenticator’s code after the password, and says when it is wrong', async () => {
    nock(ADMIN).get('/me').reply(401, { code: 'UNAUTHORIZED', message: 'no' });
    nock(ADMIN).post('/login', { username: 'anna', password: 'owner-password' }).reply(401, { code: 'TOTP_REQUIRED', message: 'code' });
    open('');
    await userEvent.type(await screen.findByLabelText('ຊື່ຜູ້ໃຊ້'), 'anna');
    await userEvent.type(screen.getByLabelText('ລະຫັດຜ່ານ'), 'owner-password');
    await userEvent.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByText('ກະລຸນາໃສ່ລະຫັດຈາກແອັບຢືນຢັນ ເພື່ອເຂົ້າສູ່ລະບົບໃຫ້ສຳເລັດ')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByText('ກະລຸນາໃສ່ລະຫັດຈາກແອັບຢືນຢັນ')).toBeInTheDocument();

    nock(ADMIN)
      .post('/login', { username: 'anna', password: 'owner-password', code: '123456' })
      .reply(401, { code: 'TOTP_INVALID', message: 'wrong' });
    await userEvent.type(screen.getByLabelText('ລະຫັດຈາກແອັບຢືນຢັນ'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
    expect(await screen.findByText('ລະຫັດບໍ່ຖືກຕ້ອງ ຫຼື ຖືກໃຊ້ແລ້ວ')).toBeInTheDocument();
  });
});

describe('enrolment', () => {
  it('shows only the enrolment to an owner without a second factor: QR and key, a refused code, then the recovery codes once', async () => {
    nock(ADMIN)
      .get('/me')
      .reply(200, { operator: { ...OWNER, secondFactor: 'required' } });
    nock(ADMIN)
      .post('/me/totp')
      .reply(200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Champa:anna?secret=JBSWY3DPEHPK3PXP' });
    open('/withdrawals');
    expect(await screen.findByRole('heading', { name: 'ຕັ້ງຄ່າການເຂົ້າສູ່ລະບົບສອງຂັ້ນຕອນ' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ການຖອນ' })).not.toBeInTheDocument();
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR ຂອງລະຫັດລັບສຳລັບແອັບຢືນຢັນ' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('ລະຫັດຈາກແອັບ'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'ຢືນຢັນ' }));
    expect(await screen.findByText('ລະຫັດມີ 6 ຕົວເລກ')).toBeInTheDocument();

    nock(ADMIN).post('/me/totp/confirm', { code: '000000' }).reply(400, { code: 'TOTP_INVALID', message: 'no' });
    await userEvent.clear(screen.getByLabelText('ລະຫັດຈາກແອັບ'));
    await userEvent.type(screen.getByLabelText('ລະຫັດຈາກແອັບ'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'ຢືນຢັນ' }));
    expect(await screen.findByText('ລະຫັດບໍ່ກົງກັນ; ກວດໂມງຂອງໂທລະສັບ ແລ້ວລອງລະຫັດຕໍ່ໄປ')).toBeInTheDocument();

    nock(ADMIN)
      .post('/me/totp/confirm', { code: '123456' })
      .reply(200, { recoveryCodes: ['abcd-efgh', 'jkmn-pqrs'] });
    await userEvent.clear(screen.getByLabelText('ລະຫັດຈາກແອັບ'));
    await userEvent.type(screen.getByLabelText('ລະຫັດຈາກແອັບ'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'ຢືນຢັນ' }));
    const codes = await screen.findByRole('list', { name: 'ລະຫັດກູ້ຄືນຂອງທ່ານ' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['abcd-efgh', 'jkmn-pqrs']);

    nock(ADMIN).get('/me').reply(200, { operator: OWNER });
    nock(ADMIN).get('/withdrawals').query(true).reply(200, { items: [], page: 1, pageSize: 50, total: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'ຂ້ອຍເກັບລະຫັດໄວ້ແລ້ວ' }));
    expect(await screen.findByRole('link', { name: 'ການຖອນ' })).toBeInTheDocument();
    expect(screen.queryByText('abcd-efgh')).not.toBeInTheDocument();
  });
});

describe('operators page', () => {
  it('lists the operators and adds one, checking the fields as the server does', async () => {
    nock(ADMIN).get('/me').reply(200, { operator: OWNER });
    nock(ADMIN).get('/operators').reply(200, operators());
    open('/operators');
    const table = await screen.findByRole('table', { name: 'ຜູ້ດຳເນີນການ' });
    const staffRow = within(table).getByRole('cell', { name: 'somsak' }).closest('tr') as HTMLElement;
    expect(
      within(staffRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['ພະນັກງານ', 'ບໍ່ໄດ້ຕັ້ງຄ່າ', 'ໃຊ້ງານ', '20/11/2026, 10:00']));

    const form = screen.getByRole('region', { name: 'ເພີ່ມຜູ້ດຳເນີນການ' });
    await userEvent.type(within(form).getByLabelText('ຊື່ຜູ້ໃຊ້'), 'x');
    await userEvent.type(within(form).getByLabelText('ລະຫັດຜ່ານ'), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'ເພີ່ມ' }));
    expect(await within(form).findByText('ຕົວອັກສອນພາສາອັງກິດໂຕນ້ອຍ, ຕົວເລກ, - ຫຼື _ ຈຳນວນ 3 ຫາ 32 ຕົວ')).toBeInTheDocument();
    expect(within(form).getByText('ຢ່າງໜ້ອຍ 12 ຕົວອັກສອນ')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('ລະຫັດຜ່ານ'));
    await userEvent.type(within(form).getByLabelText('ລະຫັດຜ່ານ'), 'password1234');
    expect(await within(form).findByText('ເດົາງ່າຍເກີນໄປ: ກະລຸນາເລືອກລະຫັດຜ່ານທີ່ຍາວກວ່ານີ້ ແລະ ບໍ່ແມ່ນລະຫັດທີ່ໃຊ້ກັນທົ່ວໄປ')).toBeInTheDocument();

    nock(ADMIN).post('/operators', { username: 'keo', password: 'a-long-password', role: 'owner' }).reply(201, { operator: STAFF });
    nock(ADMIN).get('/operators').reply(200, operators());
    await userEvent.clear(within(form).getByLabelText('ຊື່ຜູ້ໃຊ້'));
    await userEvent.type(within(form).getByLabelText('ຊື່ຜູ້ໃຊ້'), ' Keo ');
    await userEvent.clear(within(form).getByLabelText('ລະຫັດຜ່ານ'));
    await userEvent.type(within(form).getByLabelText('ລະຫັດຜ່ານ'), 'a-long-password');
    await userEvent.selectOptions(within(form).getByLabelText('ບົດບາດ'), 'owner');
    await userEvent.click(within(form).getByRole('button', { name: 'ເພີ່ມ' }));
    expect(await screen.findByText('ເພີ່ມ keo ແລ້ວ')).toBeInTheDocument();
  });

  it('disables an operator only with a reason, and says why the server refused', async () => {
    nock(ADMIN).get('/me').reply(200, { operator: OWNER });
    nock(ADMIN).get('/operators').reply(200, operators());
    open('/operators');
    const staffRow = (await screen.findByRole('cell', { name: 'somsak' })).closest('tr') as HTMLElement;
    await userEvent.click(within(staffRow).getByRole('button', { name: 'ປິດໃຊ້ງານ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ປິດໃຊ້ງານ somsak (ເຊດຊັນຂອງເຂົາຈະສິ້ນສຸດ)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຢືນຢັນ' }));
    expect(await within(dialog).findByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();

    nock(ADMIN)
      .patch(`/operators/${STAFF.id}`, { reason: 'left the agency', disabled: true })
      .reply(409, { code: 'LAST_OWNER', message: 'no' });
    await userEvent.type(within(dialog).getByLabelText('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)'), 'left the agency');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຢືນຢັນ' }));
    expect(await screen.findByText('ເອເຈນຕ້ອງມີເຈົ້າຂອງທີ່ເຂົ້າສູ່ລະບົບໄດ້ຢ່າງໜ້ອຍໜຶ່ງຄົນ')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    nock(ADMIN).patch(`/operators/${STAFF.id}`, { reason: 'left the agency', disabled: true }).reply(204);
    nock(ADMIN)
      .get('/operators')
      .reply(200, { ...operators(), operators: [operators().operators[0], { ...STAFF, disabled: true }] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຢືນຢັນ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const updated = (await screen.findByRole('button', { name: 'ເປີດໃຊ້ງານ' })).closest('tr') as HTMLElement;
    expect(within(updated).getByRole('cell', { name: 'ປິດໃຊ້ງານ' })).toBeInTheDocument();
  });

  it('is not in a staff member’s navigation', async () => {
    nock(ADMIN)
      .get('/me')
      .reply(200, { operator: { ...OWNER, role: 'staff' } });
    nock(ADMIN).get('/dashboard').reply(200, dashboardFixture());
    open('/operators');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
    const nav = screen.getByRole('navigation', { name: 'ໜ້າຕ່າງໆຂອງຄອນໂຊ' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['ພາບລວມ', 'ການຖອນ', 'ການຝາກ', 'ຜູ້ຫຼິ້ນ', 'ສັນຍານຄວາມສ່ຽງ', 'ກວດສອບບັນຊີ', 'ອັດຕາແລກປ່ຽນ', 'ໂປຣໂມຊັນ', 'ເຊດຊັນ', 'ການຕັ້ງຄ່າ']);
  });
});

describe('sessions and the audit log', () => {
  it('ends a session from the list', async () => {
    nock(ADMIN).get('/me').reply(200, { operator: OWNER });
    const session = (id: string, operator: string, current: boolean) => ({
      id,
      operator,
      createdAt: '2026-11-25T01:00:00.000Z',
      lastSeenAt: '2026-11-25T02:15:00.000Z',
      expiresAt: '2026-11-25T13:00:00.000Z',
      ip: '10.0.0.5',
      userAgent: 'Mozilla/5.0',
      current,
    });
    nock(ADMIN)
      .get('/sessions')
      .reply(200, { items: [session('s-1', 'anna', true), session('s-2', 'somsak', false)] });
    open('/sessions');
    expect(await screen.findByRole('cell', { name: 'anna (ບຣາວເຊີນີ້)' })).toBeInTheDocument();
    const row = screen.getByRole('cell', { name: 'somsak' }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: '25/11/2026, 09:15' })).toBeInTheDocument();
    nock(ADMIN).delete('/sessions/s-2').reply(204);
    nock(ADMIN)
      .get('/sessions')
      .reply(200, { items: [session('s-1', 'anna', true)] });
    await userEvent.click(within(row).getByRole('button', { name: 'ສິ້ນສຸດ' }));
    expect(await screen.findByText('ສິ້ນສຸດເຊດຊັນແລ້ວ')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'somsak' })).not.toBeInTheDocument());
  });

  it('filters the audit log and offers the same filter as CSV', async () => {
    nock(ADMIN).get('/me').reply(200, { operator: OWNER });
    const entry = {
      id: '41',
      actor: 'anna',
      operatorId: 'op-1',
      action: 'CHANGE_OPERATOR',
      target: 'somsak',
      reason: 'left the agency',
      details: { disabled: 'true' },
      at: '2026-11-25T03:00:00.000Z',
    };
    nock(ADMIN)
      .get('/audit-log')
      .query({ limit: 100 })
      .reply(200, { items: [entry, { ...entry, id: '40', action: 'LOGIN', target: null, reason: null, details: {} }] });
    open('/audit');
    expect(await screen.findByRole('cell', { name: 'left the agency' })).toBeInTheDocument();

    nock(ADMIN)
      .get('/audit-log')
      .query({ action: 'CHANGE_OPERATOR', from: '2026-11-25', limit: 100 })
      .reply(200, { items: [entry] });
    const filters = screen.getByRole('form', { name: 'ຕົວກອງ' });
    await userEvent.type(within(filters).getByLabelText('ເຮັດຫຍັງ'), 'CHANGE_OPERATOR');
    await userEvent.type(within(filters).getByLabelText('ຈາກວັນທີ'), '2026-11-25');
    await userEvent.click(within(filters).getByRole('button', { name: 'ກອງ' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'LOGIN' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'disabled: true' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ດາວໂຫຼດເປັນ CSV' })).toHaveAttribute(
      'href',
      '/api/v2/admin/audit-log.csv?action=CHANGE_OPERATOR&from=2026-11-25',
    );
  });
});
