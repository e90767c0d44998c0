import nock from 'nock';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApp } from '../../console/app/AdminApp';
import { makeAdminStore } from '../../console/app/store';
import { initAdminI18n } from '../../console/i18n';
import type { RiskFlag } from '../../contract/riskFlags';

jest.setTimeout(20_000);

const ADMIN = 'http://localhost/api/v2/admin';
const STAFF = { id: 'op-2', username: 'noy', role: 'staff' as const, secondFactor: 'optional' as const };

const PASS_THROUGH: RiskFlag = {
  id: 'PASS_THROUGH_WITHDRAWAL:W0A1B2C3D4E5F6A7',
  kind: 'PASS_THROUGH_WITHDRAWAL',
  players: [{ id: 'player-1', username: 'khamla99' }],
  raisedAt: '2026-11-25T02:30:00.000Z',
  reviewed: false,
  review: null,
  evidence: {
    kind: 'PASS_THROUGH_WITHDRAWAL',
    withdrawalCode: 'W0A1B2C3D4E5F6A7',
    provider: 'askmebet',
    amount: '25000.00',
    deposited: '25000.00',
    turnover: '1200.50',
    requestedAt: '2026-11-25T02:30:00.000Z',
  },
};

const SHARED: RiskFlag = {
  id: 'SHARED_DEVICE:abc123def456',
  kind: 'SHARED_DEVICE',
  players: [
    { id: 'player-2', username: 'twin77' },
    { id: 'player-3', username: 'twin78' },
  ],
  raisedAt: '2026-11-24T01:00:00.000Z',
  reviewed: false,
  review: { at: '2026-11-20T03:00:00.000Z', by: 'somsak', note: 'ອ້າຍນ້ອງໃຊ້ໂທລະສັບດຽວກັນ', current: false },
  evidence: {
    kind: 'SHARED_DEVICE',
    fingerprint: 'abc123def456',
    players: [
      { id: 'player-2', username: 'twin77', lastSeenAt: '2026-11-20T01:00:00.000Z' },
      { id: 'player-3', username: 'twin78', lastSeenAt: '2026-11-24T01:00:00.000Z' },
    ],
  },
};

const page = (items: RiskFlag[]) => ({ items, page: 1, pageSize: 20, total: items.length });

function renderConsole(path: string) {
  nock(ADMIN).get('/me').reply(200, { operator: STAFF }).persist();
  nock(ADMIN).get('/withdrawals').query(true).reply(200, { items: [], page: 1, pageSize: 50, total: 0 }).persist();
  window.history.replaceState(null, '', path);
  return render(<AdminApp store={makeAdminStore()} i18n={initAdminI18n('lo')} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => nock.cleanAll());

describe('risk flags page', () => {
  it('lists the flags not reviewed in Lao with their evidence, each player linking to the profile', async () => {
    nock(ADMIN)
      .get('/risk-flags')
      .query({ reviewed: 'false', page: '1' })
      .reply(200, page([PASS_THROUGH, SHARED]));
    renderConsole('/admin/risk');
    expect(await screen.findByRole('heading', { name: 'ສັນຍານຄວາມສ່ຽງ', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ສັນຍານຄວາມສ່ຽງ' })).toHaveAttribute('href', '/admin/risk');
    const table = await screen.findByRole('table', { name: 'ສັນຍານຄວາມສ່ຽງ' });
    expect(within(table).getByText('ຖອນເງິນໂດຍຍອດຫຼິ້ນບໍ່ເຖິງ 1 ເທົ່າ')).toBeInTheDocument();
    expect(within(table).getByText('ຝາກນັບແຕ່ການຖອນຄັ້ງກ່ອນ: 25.000,00 THB')).toBeInTheDocument();
    expect(within(table).getByText('ຍອດເດີມພັນນັບແຕ່ການຝາກເຫຼົ່ານັ້ນ: 1.200,50 THB')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'khamla99' })).toHaveAttribute('href', '/admin/players/player-1');
    expect(within(table).getByRole('link', { name: 'twin78' })).toHaveAttribute('href', '/admin/players/player-3');
    // 01:00 UTC is 08:00 in Vientiane.
    expect(within(table).getByText('twin78, ເຫັນຄັ້ງລ່າສຸດ 24/11/2026, 08:00')).toBeInTheDocument();
    expect(within(table).getByText('ມີຫຼັກຖານໃໝ່ຫຼັງການກວດໂດຍ somsak, 20/11/2026, 10:00: ອ້າຍນ້ອງໃຊ້ໂທລະສັບດຽວກັນ')).toBeInTheDocument();
  });

  it('filters by kind, review state and player through the address', async () => {
    nock(ADMIN)
      .get('/risk-flags')
      .query({ reviewed: 'false', page: '1' })
      .reply(200, page([PASS_THROUGH]));
    renderConsole('/admin/risk');
    await screen.findByRole('table', { name: 'ສັນຍານຄວາມສ່ຽງ' });
    const filtered = nock(ADMIN)
      .get('/risk-flags')
      .query({ kind: 'SHARED_DEVICE', reviewed: 'true', player: 'twin', page: '1' })
      .reply(200, page([]));
    await userEvent.selectOptions(screen.getByLabelText('ສັນຍານ'), 'SHARED_DEVICE');
    await userEvent.selectOptions(screen.getByLabelText('ການກວດ'), 'reviewed');
    await userEvent.type(screen.getByLabelText('ຜູ້ຫຼິ້ນ (ຊື່ຜູ້ໃຊ້)'), ' twin ');
    await userEvent.click(screen.getByRole('button', { name: 'ສະແດງ' }));
    expect(await screen.findByText('ບໍ່ມີສັນຍານທີ່ກົງກັນ')).toBeInTheDocument();
    expect(filtered.isDone()).toBe(true);
    expect(new URLSearchParams(window.location.search).get('player')).toBe('twin');
  });

  it('asks for a note before marking a flag reviewed, sends it, and the list refreshes', async () => {
    nock(ADMIN)
      .get('/risk-flags')
      .query({ reviewed: 'false', page: '1' })
      .reply(200, page([PASS_THROUGH]));
    renderConsole('/admin/risk');
    const table = await screen.findByRole('table', { name: 'ສັນຍານຄວາມສ່ຽງ' });
    await userEvent.click(within(table).getByRole('button', { name: 'ໝາຍວ່າກວດແລ້ວ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ກວດ: ຖອນເງິນໂດຍຍອດຫຼິ້ນບໍ່ເຖິງ 1 ເທົ່າ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ໝາຍວ່າກວດແລ້ວ' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();

    const sent = nock(ADMIN)
      .post('/risk-flags/review', { id: PASS_THROUGH.id, note: 'ໂທຫາຜູ້ຫຼິ້ນແລ້ວ' })
      .reply(200, {
        ...PASS_THROUGH,
        reviewed: true,
        review: { at: '2026-11-25T03:00:00.000Z', by: 'noy', note: 'ໂທຫາຜູ້ຫຼິ້ນແລ້ວ', current: true },
      });
    nock(ADMIN).get('/risk-flags').query({ reviewed: 'false', page: '1' }).reply(200, page([]));
    await userEvent.type(within(dialog).getByRole('textbox'), ' ໂທຫາຜູ້ຫຼິ້ນແລ້ວ ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ໝາຍວ່າກວດແລ້ວ' }));
    expect(await screen.findByText('ໝາຍສັນຍານນີ້ວ່າກວດແລ້ວ')).toBeInTheDocument();
    expect(sent.isDone()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('ບໍ່ມີສັນຍານທີ່ກົງກັນ')).toBeInTheDocument();
  });
});
