import nock from 'nock';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROVIDERS, PROVIDER_NAMES, type Provider } from '../../contract/providers';
import { API, renderApp } from '../support/renderApp';
import { mockShellApi } from '../support/shell';
import { serveLoggedInPlayer } from '../support/playerSite';
import { PROMOTION, SECOND_PROMOTION, usageWith } from '../support/promotionFixtures';

// The whole site renders on two cores shared with other test runs: give it room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const gamesOf = (provider: Provider, names: string[]) => ({
  provider,
  tab: null,
  tabs: [],
  lobby: false,
  games: names.map((name, i) => ({
    code: `${provider}-${i}`,
    name,
    category: 'Slot',
    image: `/sandbox/providers/${provider}/art/${provider}-${i}.svg`,
  })),
});

describe('the visitor lobby at /', () => {
  it('shows the register call, the five providers, featured games, the live promotions and the three deposit steps', async () => {
    mockShellApi({ session: 'visitor' });
    nock(API)
      .get('/api/v2/promotions')
      .reply(200, { promotions: [PROMOTION, SECOND_PROMOTION] })
      .persist();
    nock(API)
      .get('/api/v2/games/askmebet')
      .reply(200, gamesOf('askmebet', ['Golden Naga Fortune', 'Mekong Treasure', 'Lucky Lotus', 'Elephant Riches', 'Temple of Gold']));
    nock(API)
      .get('/api/v2/games/betflix')
      .reply(200, gamesOf('betflix', ['Sugar Storm', 'Thunder Gates']));
    renderApp('/');

    const hero = await screen.findByRole('region', { name: 'ເກມອອນລາຍທີ່ດີທີ່ສຸດໃນລາວ' });
    expect(within(hero).getByRole('link', { name: 'ສະໝັກສະມາຊິກ' })).toHaveAttribute('href', '/register');
    expect(within(hero).getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toHaveAttribute('href', '/login');

    const providers = within(screen.getByTestId('lobby-providers')).getAllByRole('link');
    expect(providers.map((card) => card.getAttribute('href'))).toEqual(PROVIDERS.map((provider) => `/player/game/${provider}`));
    for (const [i, provider] of PROVIDERS.entries()) {
      expect(providers[i]).toHaveTextContent(PROVIDER_NAMES[provider]);
      // Artwork without words, with its size set so the page does not jump. The first row, on a phone's
      // first screen, is fetched at once and first; the rest when near (jsdom has no IntersectionObserver,
      // so here at once: Chromium's lobby test sees them wait).
      const picture = providers[i].querySelector('img')!;
      expect(picture).toHaveAttribute('src', `/images/providers/${provider}.webp`);
      if (i < 2) expect(picture).toHaveAttribute('fetchpriority', 'high');
      else expect(picture).not.toHaveAttribute('fetchpriority');
      expect(picture).toHaveAttribute('width');
      expect(picture).toHaveAttribute('height');
    }

    // Three games of each featured provider, with their pictures and names as live text; each
    // provider's games arrive on their own, so wait for both.
    const games = await waitFor(() => {
      const links = within(screen.getByTestId('lobby-games')).getAllByRole('link');
      expect(links).toHaveLength(5);
      return links;
    });
    expect(games.map((game) => game.querySelector('strong')?.textContent)).toEqual([
      'Golden Naga Fortune',
      'Mekong Treasure',
      'Lucky Lotus',
      'Sugar Storm',
      'Thunder Gates',
    ]);
    expect(games[0].querySelector('img')).toHaveAttribute('src', '/sandbox/providers/askmebet/art/askmebet-0.svg');
    // Below the first screen: drawn when it comes near, and decoded off the page's way.
    expect(games[0].querySelector('img')).not.toHaveAttribute('fetchpriority');
    expect(games[0].querySelector('img')).toHaveAttribute('decoding', 'async');
    expect(games[3]).toHaveAttribute('href', '/player/game/betflix');

    // The agency's promotions from the API: name, percent and cap as Lao text over the picture.
    const teasers = within(await screen.findByTestId('lobby-promotions')).getAllByRole('link');
    expect(teasers).toHaveLength(2);
    expect(teasers[0]).toHaveAttribute('href', '/player/promotion/promo-welcome');
    expect(teasers[0]).toHaveTextContent('ໂບນັດຕ້ອນຮັບ 100%100%ສູງສຸດ 500,00 ບາດ');
    expect(teasers[1]).toHaveTextContent('ໂບນັດປະຈຳວັນ+50,00 ບາດ');
    expect(teasers[0].querySelector('img')).toHaveAttribute('src', PROMOTION.imageUrl);

    const steps = within(screen.getByTestId('lobby-steps')).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual(['ສະໝັກ ແລະ ເພີ່ມບັນຊີທະນາຄານ', 'ສະແກນ LaoQR', 'ເລີ່ມຫຼິ້ນ']);
  });
});

const creditReply = (amount: string) => ({ credit: { amount, currency: 'THB' } });

function serveLobbyData() {
  nock(API)
    .get('/api/v2/players/promotions/using')
    .reply(200, { usage: usageWith('USED') })
    .persist();
  nock(API)
    .get('/api/v2/deposits')
    .query({ page: 1, pageSize: 5 })
    .reply(200, {
      items: [
        {
          code: 'D260101AAAA',
          provider: 'askmebet',
          amount: '640000',
          credit: '1000.00',
          rate: '640',
          status: 'SUCCESS',
          createdAt: '2026-03-04T05:06:07.000Z',
          expiresAt: '2026-03-04T05:21:07.000Z',
          paidAt: '2026-03-04T05:08:00.000Z',
          promoCredit: null,
          creditedTotal: null,
        },
      ],
      page: 1,
      pageSize: 5,
      total: 1,
    });
  nock(API).get('/api/v2/withdrawals').query({ page: 1, pageSize: 5 }).reply(200, { items: [], page: 1, pageSize: 5, total: 0 });
}

describe('the player lobby at /player', () => {
  it('shows the five balances and their total in the Lao format, and its one refresh fetches all five again', async () => {
    serveLoggedInPlayer();
    serveLobbyData();
    const amounts = ['1234.50', '0.00', '10.25', '100000.00', '5.00'];
    const first = PROVIDERS.map((provider, i) => nock(API).get(`/api/v2/players/credits/${provider}`).reply(200, creditReply(amounts[i])));
    renderApp('/player');

    expect(await within(await screen.findByTestId('balance-alphabet')).findByText('1.234,50 THB')).toBeInTheDocument();
    for (const [i, provider] of PROVIDERS.entries()) {
      const expected = ['1.234,50 THB', '0,00 THB', '10,25 THB', '100.000,00 THB', '5,00 THB'][i];
      expect(await within(screen.getByTestId(`balance-${provider}`)).findByText(expected)).toBeInTheDocument();
    }
    expect(screen.getByTestId('balance-total')).toHaveTextContent('101.249,75 THB');
    first.forEach((scope) => expect(scope.isDone()).toBe(true));

    const second = PROVIDERS.map((provider) => nock(API).get(`/api/v2/players/credits/${provider}`).reply(200, creditReply('1.00')));
    const refreshes = screen.getAllByRole('button', { name: 'ໂຫຼດເຄຣດິດໃໝ່' });
    expect(refreshes).toHaveLength(1);
    await userEvent.click(refreshes[0]);
    expect(await within(screen.getByTestId('balance-total')).findByText('5,00 THB')).toBeInTheDocument();
    second.forEach((scope) => expect(scope.isDone()).toBe(true));
  });

  it('links deposit and withdraw, shows the promotion in use with its turnover, and the latest deposits and withdrawals', async () => {
    serveLoggedInPlayer();
    serveLobbyData();
    for (const provider of PROVIDERS) nock(API).get(`/api/v2/players/credits/${provider}`).reply(200, creditReply('0.00')).persist();
    renderApp('/player');

    const credits = await screen.findByRole('region', { name: 'ເຄຣດິດຂອງທ່ານ' });
    expect(within(credits).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute('href', '/player/deposit');
    expect(within(credits).getByRole('link', { name: 'ຖອນເງິນ' })).toHaveAttribute('href', '/player/withdraw');

    const promotion = await screen.findByTestId('lobby-promotion');
    expect(await within(promotion).findByText('ໂບນັດຕ້ອນຮັບ 100% · AskMeBet')).toBeInTheDocument();
    expect(within(promotion).getByTestId('lobby-turnover')).toHaveTextContent('ເທີນໂອເວີ 200,00 / 1.562,50 ບາດ');
    const bar = within(promotion).getByRole('progressbar');
    expect(bar).toHaveAttribute('value', '20000');
    expect(bar).toHaveAttribute('max', '156250');

    const deposits = screen.getByRole('region', { name: /ການຝາກລ່າສຸດ/ });
    const [deposit] = await within(deposits).findAllByTestId('latest-deposit');
    expect(deposit).toHaveTextContent('640.000 LAK');
    expect(deposit).toHaveTextContent('AskMeBet');
    expect(within(deposits).getByRole('link', { name: 'ເບິ່ງທັງໝົດ' })).toHaveAttribute('href', '/player/deposit/history');

    const withdrawals = screen.getByRole('region', { name: /ການຖອນລ່າສຸດ/ });
    expect(await within(withdrawals).findByText('ຍັງບໍ່ມີລາຍການຖອນ')).toBeInTheDocument();
    expect(within(withdrawals).getByRole('link', { name: 'ເບິ່ງທັງໝົດ' })).toHaveAttribute('href', '/player/withdraw/history');
  });
});
