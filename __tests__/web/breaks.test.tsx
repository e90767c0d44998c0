import nock from 'nock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Break } from '../../contract/breaks';
import { API, renderApp } from '../support/renderApp';
import { serveLoggedInPlayer } from '../support/playerSite';

jest.setTimeout(30_000);

/** The page is a lazy chunk, compiled on first import: the first paint may take a while. */
const FIRST_PAINT = { timeout: 15_000 };

// 17:00 in Vientiane (UTC+7), whatever the machine's own time zone.
const TIME_OUT: Break = { kind: 'TIME_OUT', startsAt: '2026-11-25T10:00:00.000Z', endsAt: '2026-11-26T10:00:00.000Z' };

/** A logged-in player; `exclusion` is the break the server says runs (answered before the default null). */
function serve(exclusion: Break | null) {
  nock(API).get('/api/v2/players/exclusion').reply(200, { exclusion }).persist();
  serveLoggedInPlayer();
}

describe('the break page (/player/break) in Lao', () => {
  it('asks twice, the second time naming the end in Vientiane time, and only then takes the break once', async () => {
    serve(null);
    const user = userEvent.setup({ delay: null });
    renderApp('/player/break');
    const form = await screen.findByRole('form', { name: 'ພັກການຫຼິ້ນ' }, FIRST_PAINT);
    expect(screen.getByRole('heading', { name: 'ພັກການຫຼິ້ນ' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'ສືບຕໍ່' }));
    expect(await screen.findByText('ເລືອກປະເພດການພັກ')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /ພັກຊົ່ວຄາວ/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'ໄລຍະເວລາ' }), '24 ຊົ່ວໂມງ');
    await user.click(screen.getByRole('button', { name: 'ສືບຕໍ່' }));

    const first = await screen.findByTestId('break-first-confirmation');
    expect(first).toHaveTextContent('ທ່ານເລືອກ ພັກຊົ່ວຄາວ: 24 ຊົ່ວໂມງ. ທ່ານແນ່ໃຈບໍ?');
    const post = nock(API)
      .post('/api/v2/players/exclusions', { kind: 'TIME_OUT', duration: 'HOURS_24' })
      .matchHeader('idempotency-key', /^[0-9a-f]{32}$/)
      .reply(201, { exclusion: TIME_OUT });

    const before = Date.now();
    await user.click(within(first).getByRole('button', { name: 'ຢືນຢັນ' }));
    const second = await screen.findByTestId('break-second-confirmation');
    // The end is reckoned from the first confirmation: 24 hours later, on Vientiane's clock.
    const end = new Date(before + 24 * 3_600_000 + 7 * 3_600_000);
    const day = `${String(end.getUTCDate()).padStart(2, '0')}/${String(end.getUTCMonth() + 1).padStart(2, '0')}/${end.getUTCFullYear()}`;
    expect(second).toHaveTextContent(`ການພັກນີ້ຈະສິ້ນສຸດວັນທີ ${day}`);
    expect(second).toHaveTextContent('(ເວລາວຽງຈັນ)');
    expect(post.isDone()).toBe(false);

    await user.click(within(second).getByRole('button', { name: 'ເລີ່ມພັກດຽວນີ້' }));
    expect(await screen.findByTestId('break-taken')).toHaveTextContent('ການພັກຂອງທ່ານເລີ່ມແລ້ວ.');
    expect(post.isDone()).toBe(true);
  });

  it('goes back to choosing from the second confirmation, sending nothing', async () => {
    serve(null);
    const user = userEvent.setup({ delay: null });
    renderApp('/player/break');
    await screen.findByRole('form', { name: 'ພັກການຫຼິ້ນ' }, FIRST_PAINT);
    await user.click(screen.getByRole('radio', { name: /ລະງັບຕົນເອງ/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'ໄລຍະເວລາ' }), 'ຖາວອນ');
    await user.click(screen.getByRole('button', { name: 'ສືບຕໍ່' }));
    await user.click(await screen.findByRole('button', { name: 'ຢືນຢັນ' }));
    const second = await screen.findByTestId('break-second-confirmation');
    expect(second).toHaveTextContent('ການພັກນີ້ເປັນແບບຖາວອນ');
    await user.click(within(second).getByRole('button', { name: 'ກັບຄືນ' }));
    expect(await screen.findByRole('form', { name: 'ພັກການຫຼິ້ນ' })).toBeInTheDocument();
  });

  it('shows a refusal to shorten in Lao', async () => {
    serve(TIME_OUT);
    nock(API).post('/api/v2/players/exclusions').reply(409, { code: 'EXCLUSION_CANNOT_SHORTEN', message: 'no' });
    const user = userEvent.setup({ delay: null });
    renderApp('/player/break');
    await screen.findByRole('form', { name: 'ພັກການຫຼິ້ນ' }, FIRST_PAINT);
    expect(await screen.findByRole('region', { name: 'ການພັກປັດຈຸບັນ' })).toHaveTextContent('ພັກຊົ່ວຄາວ ຈົນຮອດ 26/11/2026 17:00 (ເວລາວຽງຈັນ)');
    await user.click(screen.getByRole('radio', { name: /ພັກຊົ່ວຄາວ/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'ໄລຍະເວລາ' }), '24 ຊົ່ວໂມງ');
    await user.click(screen.getByRole('button', { name: 'ສືບຕໍ່' }));
    await user.click(await screen.findByRole('button', { name: 'ຢືນຢັນ' }));
    await user.click(await screen.findByRole('button', { name: 'ເລີ່ມພັກດຽວນີ້' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ບໍ່ສາມາດຫຍໍ້ການພັກໃຫ້ສັ້ນລົງໄດ້');
  });
});

describe('while a break runs', () => {
  it('shows the notice with the kind and the end date in Lao format on the player pages', async () => {
    serve(TIME_OUT);
    nock(API).get('/api/v2/withdrawals').query(true).reply(200, { items: [], page: 1, pageSize: 10, total: 0 }).persist();
    renderApp('/player/withdraw/history');
    const notice = await screen.findByTestId('break-notice', undefined, FIRST_PAINT);
    expect(notice).toHaveTextContent('ພັກຊົ່ວຄາວ ຈົນຮອດ 26/11/2026 17:00 (ເວລາວຽງຈັນ)');
    expect(notice).toHaveTextContent('ຝາກເງິນ, ຮັບໂປຣໂມຊັນ ແລະ ເຂົ້າເກມບໍ່ໄດ້');
  });

  it.each(['/player/deposit', '/player/promotion', '/player/game/askmebet'])(
    'explains on %s why it is closed and until when',
    async (path) => {
      serve({ kind: 'SELF_EXCLUSION', startsAt: TIME_OUT.startsAt, endsAt: null });
      renderApp(path);
      const explanation = await screen.findByTestId('break-explanation', undefined, FIRST_PAINT);
      expect(within(explanation).getByRole('heading', { name: 'ທ່ານກຳລັງພັກການຫຼິ້ນ' })).toBeInTheDocument();
      expect(explanation).toHaveTextContent('ລະງັບຕົນເອງ ແບບຖາວອນ');
      expect(within(explanation).getByRole('link', { name: 'ໄປໜ້າຖອນເງິນ' })).toHaveAttribute('href', '/player/withdraw');
    },
  );

  it('shows no notice when no break runs', async () => {
    const asked = nock(API).get('/api/v2/players/exclusion').reply(200, { exclusion: null });
    serveLoggedInPlayer();
    nock(API).get('/api/v2/withdrawals').query(true).reply(200, { items: [], page: 1, pageSize: 10, total: 0 }).persist();
    renderApp('/player/withdraw/history');
    await waitFor(() => expect(asked.isDone()).toBe(true), FIRST_PAINT);
    await screen.findByTestId('player-area');
    expect(screen.queryByTestId('break-notice')).not.toBeInTheDocument();
  });
});
