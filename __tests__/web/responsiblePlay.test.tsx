import nock from 'nock';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RealityCheck } from '../../contract/realityCheck';
import type { Statement } from '../../contract/responsiblePlay';
import { API, renderApp } from '../support/renderApp';
import { mockAgency, mockPlayer, mockVisitor, rememberReportedToday, PLAYER_INFO, AGENCY_ID } from '../support/playerSite';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const NOTICE = { lo: 'ໄດ້ຮັບອະນຸຍາດ ເລກທີ 12/2026 ຈາກກະຊວງ', cn: '许可证 12/2026', vn: 'Giấy phép 12/2026', th: 'ใบอนุญาต 12/2026' };

function mockAgencyInfoWithNotice() {
  nock(API)
    .get('/api/v2/agency/info')
    .reply(200, {
      agency: {
        id: AGENCY_ID,
        name: 'Champa',
        social: { whatsapp: '', line: '', facebook: '', telegram: '', twitter: '' },
        notice: NOTICE,
      },
    })
    .persist();
}

function servePlayer(realityCheck: RealityCheck | (() => RealityCheck)) {
  mockAgency();
  mockPlayer().persist();
  mockAgencyInfoWithNotice();
  rememberReportedToday();
  return nock(API)
    .get('/api/v2/players/reality-check')
    .reply(200, typeof realityCheck === 'function' ? () => realityCheck() : realityCheck)
    .persist();
}

/**
 * A reality check whose session began so that it falls due `dueInMs` after the site first reads it,
 * however long the site took to load; later reads carry the same start.
 */
function dueAfterFirstRead(check: Omit<RealityCheck, 'sessionStartedAt'>, dueInMs: number): () => RealityCheck {
  let sessionStartedAt: string | undefined;
  return () => ({
    ...check,
    sessionStartedAt: (sessionStartedAt ??= new Date(Date.now() - check.minutes * 60_000 + dueInMs).toISOString()),
  });
}

afterEach(() => {
  nock.cleanAll();
  localStorage.clear();
});

describe('reality check dialog', () => {
  it('stops the player when the interval since login is up, with the time and the kip paid in and out, then lets them continue', async () => {
    servePlayer(dueAfterFirstRead({ minutes: 15, chosen: true, paidInKip: '17250000', paidOutKip: '20000000', netKip: '-2750000' }, 2000));
    renderApp('/player');
    const dialog = await screen.findByRole('dialog', { name: 'ແຈ້ງເຕືອນເວລາຫຼິ້ນ' }, { timeout: 15_000 });
    expect(within(dialog).getByTestId('reality-check-elapsed')).toHaveTextContent('ທ່ານເຂົ້າສູ່ລະບົບມາແລ້ວ 0 ຊົ່ວໂມງ 15 ນາທີ');
    expect(within(dialog).getByTestId('reality-check-paid-in')).toHaveTextContent('17.250.000 LAK');
    expect(within(dialog).getByTestId('reality-check-paid-out')).toHaveTextContent('20.000.000 LAK');
    expect(within(dialog).getByTestId('reality-check-net')).toHaveTextContent('-2.750.000 LAK');
    // no way round it: it cannot be dismissed without an answer
    expect(within(dialog).queryByRole('button', { name: /ປິດ/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ຫຼິ້ນຕໍ່' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs the player out from the dialog', async () => {
    servePlayer(dueAfterFirstRead({ minutes: 30, chosen: false, paidInKip: '0', paidOutKip: '0', netKip: '0' }, 2000));
    const logout = nock(API).post('/api/v2/players/logout').reply(200, { loggedOut: true });
    renderApp('/player');
    const dialog = await screen.findByRole('dialog', { name: 'ແຈ້ງເຕືອນເວລາຫຼິ້ນ' }, { timeout: 15_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ອອກຈາກລະບົບ' }));
    await waitFor(() => expect(logout.isDone()).toBe(true));
  });

  it('never shows when the player turned it off', async () => {
    const due = Date.now() + 5000;
    const sessionStartedAt = new Date(due - 15 * 60_000).toISOString();
    servePlayer({ sessionStartedAt, minutes: 0, chosen: true, paidInKip: '0', paidOutKip: '0', netKip: '0' });
    renderApp('/player');
    expect((await screen.findAllByText(PLAYER_INFO.player.displayName)).length).toBeGreaterThan(0);
    // past the moment a 15-minute check would have fired
    await act(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 1000)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('activity statement', () => {
  it('shows each month newest first with counts, kip in the Lao format and the net', async () => {
    servePlayer({ sessionStartedAt: new Date().toISOString(), minutes: 0, chosen: true, paidInKip: '0', paidOutKip: '0', netKip: '0' });
    const statement: Statement = {
      months: [
        { month: '2026-03', deposits: { count: 2, kip: '17250000' }, withdrawals: { count: 1, kip: '5000000' }, netKip: '12250000' },
        { month: '2026-02', deposits: { count: 0, kip: '0' }, withdrawals: { count: 1, kip: '300000' }, netKip: '-300000' },
      ],
    };
    nock(API).get('/api/v2/players/statement').reply(200, statement);
    renderApp('/player/statement');
    expect(await screen.findByRole('heading', { name: 'ສະຫຼຸບການເຄື່ອນໄຫວ', level: 1 })).toBeInTheDocument();
    const months = await screen.findAllByTestId('statement-month');
    expect(months.map((month) => month.getAttribute('data-month'))).toEqual(['2026-03', '2026-02']);
    expect(within(months[0]).getByText('03/2026')).toBeInTheDocument();
    expect(within(months[0]).getByText('ຝາກ (2 ລາຍການ)')).toBeInTheDocument();
    expect(within(months[0]).getByTestId('statement-deposits')).toHaveTextContent('17.250.000 LAK');
    expect(within(months[0]).getByTestId('statement-net')).toHaveTextContent('12.250.000 LAK');
    expect(within(months[1]).getByText('ຖອນ (1 ລາຍການ)')).toBeInTheDocument();
    expect(within(months[1]).getByTestId('statement-net')).toHaveTextContent('-300.000 LAK');
  });
});

describe('play responsibly page', () => {
  it('is open to visitors from the footer, says 18+, links every protection, and the footer shows the licence notice', async () => {
    mockAgency();
    mockVisitor().persist();
    mockAgencyInfoWithNotice();
    renderApp('/');
    const footer = await screen.findByTestId('footer');
    expect(await within(footer).findByTestId('licence-notice')).toHaveTextContent(NOTICE.lo);
    await userEvent.click(within(footer).getByRole('link', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ' }));
    expect(await screen.findByRole('heading', { name: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ', level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/responsible-play');
    expect(screen.getByTestId('adults-only')).toHaveTextContent('18');
    expect(screen.getByRole('link', { name: 'ຕັ້ງຂີດຈຳກັດການຝາກ' })).toHaveAttribute('href', '/player/limits');
    expect(screen.getByRole('link', { name: 'ພັກການຫຼິ້ນ' })).toHaveAttribute('href', '/player/break');
    expect(screen.getByRole('link', { name: 'ເບິ່ງສະຫຼຸບການເຄື່ອນໄຫວ' })).toHaveAttribute('href', '/player/statement');
    expect(within(screen.getByTestId('reality-check-card')).getByRole('link')).toHaveAttribute('href', '/login');
  });

  it('lets a logged-in player choose the reality-check interval', async () => {
    servePlayer({ sessionStartedAt: new Date().toISOString(), minutes: 60, chosen: false, paidInKip: '0', paidOutKip: '0', netKip: '0' });
    const chosen = nock(API)
      .put('/api/v2/players/reality-check', { minutes: 30 })
      .reply(200, { sessionStartedAt: new Date().toISOString(), minutes: 30, chosen: true, paidInKip: '0', paidOutKip: '0', netKip: '0' });
    renderApp('/responsible-play');
    const select = await screen.findByRole('combobox', { name: 'ແຈ້ງເຕືອນທຸກໆ' });
    expect(select).toHaveValue('60');
    expect(screen.getByText('ທ່ານຍັງບໍ່ໄດ້ເລືອກ: ໃຊ້ຄ່າເລີ່ມຕົ້ນຂອງເວັບໄຊ')).toBeInTheDocument();
    await userEvent.selectOptions(select, '30');
    await waitFor(() => expect(chosen.isDone()).toBe(true));
    expect(await screen.findByText('ບັນທຶກການຕັ້ງຄ່າແລ້ວ')).toBeInTheDocument();
  });
});
