import nock from 'nock';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { Operator } from '../../contract/admin';
import type { PlayerProfile, PlayerRow } from '../../contract/adminPlayers';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const OWNER: Operator = { id: 'op-1', username: 'somsak', role: 'owner', secondFactor: 'enrolled' };
const STAFF: Operator = { id: 'op-2', username: 'noy', role: 'staff', secondFactor: 'optional' };
const ID = '6f1d2c3b-4a59-4e68-9d7c-0b1a2c3d4e5f';

const ROW: PlayerRow = {
  id: ID,
  username: 'khamla99',
  displayName: 'ຄຳຫຼ້າ',
  createdAt: '2026-11-01T03:00:00.000Z',
  backlisted: false,
  suspended: true,
  bankAccountNumber: '010130001234500001',
};

const PROFILE: PlayerProfile = {
  player: {
    id: ID,
    username: 'khamla99',
    displayName: 'ຄຳຫຼ້າ',
    createdAt: '2026-11-01T03:00:00.000Z',
    backlisted: false,
    suspended: false,
    suspendedAt: null,
    mustChangePassword: false,
    passwordChangedAt: null,
  },
  exclusion: { kind: 'TIME_OUT', startsAt: '2026-11-25T03:00:00.000Z', endsAt: '2026-11-26T03:00:00.000Z' },
  bankAccount: {
    id: 'ba-1',
    bank: 'bcel',
    accountNumber: '010130001234500001',
    accountName: 'KHAMLA S',
    currency: 'LAK',
    createdAt: '2026-11-01T03:05:00.000Z',
  },
  balances: [
    { provider: 'alphabet', available: true, amount: '0.00' },
    { provider: 'askmebet', available: true, amount: '25000.00' },
    { provider: 'betflix', available: true, amount: '0.00' },
    { provider: 'gclub', available: false },
    { provider: 'gclub_live', available: true, amount: '12.50' },
  ],
  deposits: [
    {
      code: 'D-2001',
      provider: 'askmebet',
      amount: '17250000',
      credit: '25000.00',
      rate: '690',
      status: 'SUCCESS',
      createdAt: '2026-11-20T02:00:00.000Z',
      expiresAt: '2026-11-20T02:15:00.000Z',
      paidAt: '2026-11-20T02:03:00.000Z',
      promoCredit: null,
      creditedTotal: null,
    },
  ],
  withdrawals: [],
  promotionUsages: [],
  sessions: [{ id: 's-1', createdAt: '2026-11-24T01:00:00.000Z', expiresAt: '2026-11-26T01:00:00.000Z', revokedAt: null, active: true }],
  devices: [
    {
      visitorId: 'abc123def456',
      userAgent: 'Chrome 140',
      lastIp: '10.0.0.7',
      firstSeenAt: '2026-11-01T03:00:00.000Z',
      lastSeenAt: '2026-11-24T01:00:00.000Z',
    },
  ],
  linkedPlayers: [{ id: 'other-id', username: 'twin77', displayName: 'Twin', via: 'device', shared: 'abc123def456' }],
};

function renderConsole(path: string, operator = OWNER) {
  nock(ADMIN).get('/me').reply(200, { operator }).persist();
  nock(ADMIN).get('/withdrawals').query(true).reply(200, { items: [], page: 1, pageSize: 50, total: 0 }).persist();
  window.history.replaceState(null, '', path);
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => nock.cleanAll());

describe('players search', () => {
  it('searches by what was typed and lists the players found, each linking to its profile', async () => {
    nock(ADMIN).get('/players').query({ q: '', page: 1 }).reply(200, { items: [], page: 1, pageSize: 20, total: 0 });
    renderConsole('/admin/players');
    expect(await screen.findByRole('heading', { name: 'ຜູ້ຫຼິ້ນ' })).toBeInTheDocument();
    expect(await screen.findByText('ບໍ່ພົບຜູ້ຫຼິ້ນທີ່ກົງກັນ')).toBeInTheDocument();

    const search = nock(ADMIN)
      .get('/players')
      .query({ q: '0101300012345', page: 1 })
      .reply(200, { items: [ROW], page: 1, pageSize: 20, total: 1 });
    await userEvent.type(screen.getByLabelText('ຄົ້ນຫາຜູ້ຫຼິ້ນ'), ' 0101300012345 ');
    await userEvent.click(screen.getByRole('button', { name: 'ຄົ້ນຫາ' }));
    const table = await screen.findByRole('table', { name: 'ຜູ້ຫຼິ້ນທີ່ພົບ' });
    expect(search.isDone()).toBe(true);
    expect(window.location.search).toBe('?q=0101300012345');
    const link = within(table).getByRole('link', { name: 'khamla99' });
    expect(link).toHaveAttribute('href', `/admin/players/${ID}`);
    expect(within(table).getByText('010130001234500001')).toBeInTheDocument();
    expect(within(table).getByText('ລະງັບການເຂົ້າສູ່ລະບົບ')).toBeInTheDocument();
  });
});

describe('player profile', () => {
  it('shows the sections, an unavailable provider as such, and no actions to staff', async () => {
    nock(ADMIN).get(`/players/${ID}`).reply(200, PROFILE);
    renderConsole(`/admin/players/${ID}`, STAFF);
    expect(await screen.findByRole('heading', { name: 'khamla99', level: 1 })).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'ເຄຣດິດປັດຈຸບັນຢູ່ຄ່າຍເກມ' });
    expect(within(balances).getByText('25.000,00 THB')).toBeInTheDocument();
    expect(within(balances).getByText('ບໍ່ມີຂໍ້ມູນ (ຄ່າຍເກມບໍ່ຕອບ)')).toBeInTheDocument();
    expect(within(balances).queryAllByText('0,00 THB')).toHaveLength(2);
    const deposits = screen.getByRole('table', { name: 'ການຝາກຫຼ້າສຸດ' });
    expect(within(deposits).getByText('17.250.000 LAK')).toBeInTheDocument();
    // 02:00 UTC is 09:00 in Vientiane.
    expect(within(deposits).getByText('20/11/2026, 09:00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'ການຖອນຫຼ້າສຸດ' })).getByText('ບໍ່ມີ')).toBeInTheDocument();
    const linked = screen.getByRole('table', { name: 'ຜູ້ຫຼິ້ນທີ່ເຊື່ອມໂຍງກັນ' });
    expect(within(linked).getByRole('link', { name: 'twin77' })).toHaveAttribute('href', '/admin/players/other-id');
    expect(within(screen.getByRole('table', { name: 'ອຸປະກອນ' })).getByText('10.0.0.7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ລະງັບການເຂົ້າສູ່ລະບົບ' })).not.toBeInTheDocument();
    // The player's break, read-only: 03:00 UTC is 10:00 in Vientiane.
    expect(screen.getByTestId('player-break')).toHaveTextContent('ພັກຊົ່ວຄາວ ຈົນຮອດ 26/11/2026, 10:00');
  });

  it('asks the owner for a reason before suspending, then sends it', async () => {
    nock(ADMIN).get(`/players/${ID}`).reply(200, PROFILE);
    renderConsole(`/admin/players/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'ລະງັບການເຂົ້າສູ່ລະບົບ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ລະງັບການເຂົ້າສູ່ລະບົບຂອງ khamla99' });
    const confirm = within(dialog).getByRole('button', { name: 'ລະງັບການເຂົ້າສູ່ລະບົບ' });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)'), { target: { value: ' ab ' } });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();

    const suspended = nock(ADMIN)
      .post(`/players/${ID}/suspend`, { reason: 'Chargeback case 12' })
      .reply(200, { backlisted: false, suspended: true, mustChangePassword: false });
    nock(ADMIN)
      .get(`/players/${ID}`)
      .reply(200, { ...PROFILE, player: { ...PROFILE.player, suspended: true, suspendedAt: '2026-11-25T01:00:00.000Z' } });
    fireEvent.change(within(dialog).getByLabelText('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)'), { target: { value: ' Chargeback case 12 ' } });
    await userEvent.click(confirm);
    await waitFor(() => expect(suspended.isDone()).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'ຄືນການເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
  });

  it('checks the bank form before sending a change', async () => {
    nock(ADMIN).get(`/players/${ID}`).reply(200, PROFILE);
    renderConsole(`/admin/players/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'ປ່ຽນບັນຊີທະນາຄານ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ປ່ຽນບັນຊີທະນາຄານ' });
    await userEvent.type(within(dialog).getByLabelText('ເລກບັນຊີ'), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ປ່ຽນບັນຊີ' }));
    expect(await within(dialog).findByText('ຈຳນວນຕົວເລກບໍ່ກົງກັບເລກບັນຊີຂອງທະນາຄານນີ້')).toBeInTheDocument();
    expect(within(dialog).getByText('ກະລຸນາໃສ່ເຫດຜົນຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ')).toBeInTheDocument();
  });

  it('shows a reset password once, with a copy button and a warning, and forgets it when closed', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    nock(ADMIN).get(`/players/${ID}`).reply(200, PROFILE).persist();
    nock(ADMIN).post(`/players/${ID}/reset-password`, { reason: 'Lost phone, case 9' }).reply(200, { temporaryPassword: 'Kx7pQm2RtV9a' });
    renderConsole(`/admin/players/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'ຣີເຊັດລະຫັດຜ່ານ' }));
    const ask = await screen.findByRole('dialog', { name: 'ຣີເຊັດລະຫັດຜ່ານຂອງ khamla99' });
    fireEvent.change(within(ask).getByLabelText('ເຫດຜົນ (ບັນທຶກໄວ້ໃນບັນທຶກການກວດສອບ)'), { target: { value: 'Lost phone, case 9' } });
    await userEvent.click(within(ask).getByRole('button', { name: 'ຣີເຊັດລະຫັດຜ່ານ' }));

    const shown = await screen.findByRole('dialog', { name: 'ລະຫັດຜ່ານຊົ່ວຄາວຂອງ khamla99' });
    expect(within(shown).getByText('Kx7pQm2RtV9a')).toBeInTheDocument();
    expect(shown).toHaveTextContent('ລະຫັດຜ່ານນີ້ສະແດງພຽງຄັ້ງດຽວ');
    await userEvent.click(within(shown).getByRole('button', { name: 'ສຳເນົາ' }));
    expect(writeText).toHaveBeenCalledWith('Kx7pQm2RtV9a');
    expect(within(shown).getByRole('button', { name: 'ສຳເນົາແລ້ວ' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'ແລ້ວໆ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Kx7pQm2RtV9a')).not.toBeInTheDocument();
  });
});
