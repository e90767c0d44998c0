import fs from 'node:fs';
import path from 'node:path';
import nock from 'nock';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as StoreProvider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { I18nextProvider } from 'react-i18next';
import { Header } from '../../src/app/layout/Header';
import { makeStore } from '../../src/app/store';
import { initI18n } from '../../src/i18n';
import { theme } from '../../web/ui/theme';
import { ErrorBoundary } from '../../src/ui/ErrorBoundary';
import { PROMOTION, SECOND_PROMOTION } from '../support/promotionFixtures';
import { API, renderApp } from '../support/renderApp';
import { SOCIAL, mockShellApi } from '../support/shell';

// Each test renders the whole site on two cores shared with other test runs: give it room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const drawer = () => screen.getByTestId('drawer');
const openDrawer = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'ເປີດເມນູ' }));
  await waitFor(() => expect(drawer()).toHaveAttribute('data-state', 'open'));
  return within(drawer());
};

describe('the top bar and drawer for visitors and players', () => {
  it('shows a visitor the banner with the configured numbers, the visitor area and the login and register entries', async () => {
    mockShellApi({ session: 'visitor', site: { signUpMinutes: 3, gameCount: 1500 } });
    renderApp('/');
    expect(await screen.findByTestId('visitor-area')).toBeInTheDocument();
    const banner = await screen.findByTestId('banner');
    expect(banner).toHaveTextContent('ເວັບເກມອອນລາຍທີ່ດີທີ່ສຸດໃນລາວ ມີຫຼາຍກວ່າ 1500 ເກມ');
    expect(banner).toHaveTextContent('ສະໝັກງ່າຍພາຍໃນ 3 ນາທີ');
    expect(within(banner).getByRole('link', { name: 'ສະໝັກເລີຍ' })).toHaveAttribute('href', '/register');
    expect(screen.queryByTestId('player-area')).not.toBeInTheDocument();
    expect(screen.queryByTestId('top-bar-deposit')).not.toBeInTheDocument();

    const inDrawer = await openDrawer();
    expect(inDrawer.getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toHaveAttribute('href', '/login');
    expect(inDrawer.getByRole('link', { name: 'ສະໝັກສະມາຊິກ' })).toHaveAttribute('href', '/register');
    expect(inDrawer.queryByTestId('drawer-player')).not.toBeInTheDocument();
  });

  it('shows a player the deposit button, the player area and the two groups of the drawer, and no banner', async () => {
    mockShellApi({ session: 'player', displayName: 'Somchai V.' });
    renderApp('/player');
    const playerArea = await screen.findByTestId('player-area');
    expect(within(playerArea).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute('href', '/player/deposit');
    expect(screen.queryByTestId('visitor-area')).not.toBeInTheDocument();
    expect(screen.queryByTestId('banner')).not.toBeInTheDocument();

    const inDrawer = await openDrawer();
    expect(inDrawer.getByText('Somchai V.')).toBeInTheDocument();
    expect(inDrawer.queryByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).not.toBeInTheDocument();
    const player = inDrawer.getByTestId('drawer-player');
    const lists = within(player).getAllByRole('list');
    const games = within(lists[0])
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(games).toEqual([
      '/player/game/alphabet',
      '/player/game/askmebet',
      '/player/game/betflix',
      '/player/game/gclub',
      '/player/game/gclub_live',
    ]);
    expect(within(player).getAllByRole('separator')).toHaveLength(1);
    expect(within(player).getByRole('link', { name: 'ຝາກເງິນ' })).toHaveAttribute('href', '/player/deposit');
    expect(within(player).getByRole('link', { name: 'ຖອນເງິນ' })).toHaveAttribute('href', '/player/withdraw');
    expect(within(player).getByRole('link', { name: 'ໂປຣໂມຊັນ' })).toHaveAttribute('href', '/player/promotion');
    expect(within(player).getByRole('link', { name: 'ບັນຊີທະນາຄານ' })).toHaveAttribute('href', '/player/bank');
    expect(within(player).getByText('ປະຫວັດ')).toBeInTheDocument();
    expect(within(player).getByRole('link', { name: 'ປະຫວັດການຝາກ' })).toHaveAttribute('href', '/player/deposit/history');
    expect(within(player).getByRole('link', { name: 'ປະຫວັດການຖອນ' })).toHaveAttribute('href', '/player/withdraw/history');
    expect(within(player).getByRole('link', { name: 'ປະຫວັດໂປຣໂມຊັນ' })).toHaveAttribute('href', '/player/promotion/history');
  });

  it('shows neither state while the session is unknown, and fills the account slots once it is known', () => {
    mockShellApi();
    const i18n = initI18n('lo');
    const store = makeStore();
    const ui = (status: 'unknown' | 'loggedIn' | 'loggedOut') => (
      <StoreProvider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <Header
              session={{ status, displayName: 'Somchai' }}
              drawerOpen={false}
              onOpenDrawer={() => {}}
              visitorArea={<span>visitor slot</span>}
              playerArea={<span>player slot</span>}
            />
          </ThemeProvider>
        </I18nextProvider>
      </StoreProvider>
    );
    const { rerender } = render(ui('unknown'));
    expect(screen.queryByText('visitor slot')).not.toBeInTheDocument();
    expect(screen.queryByText('player slot')).not.toBeInTheDocument();
    expect(screen.queryByTestId('top-bar-deposit')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Champa' })).toHaveAttribute('href', '/');
    rerender(ui('loggedOut'));
    expect(screen.getByText('visitor slot')).toBeInTheDocument();
    expect(screen.queryByText('player slot')).not.toBeInTheDocument();
    rerender(ui('loggedIn'));
    expect(screen.getByText('player slot')).toBeInTheDocument();
    expect(screen.getByTestId('top-bar-deposit')).toBeInTheDocument();
    expect(screen.queryByText('visitor slot')).not.toBeInTheDocument();
  });
});

describe('the drawer', () => {
  it('closes when an entry is chosen, after navigating to it', async () => {
    mockShellApi({ session: 'player' });
    renderApp('/player/deposit');
    const inDrawer = await openDrawer();
    // The player's entries appear once the session has loaded the player.
    await userEvent.click(await inDrawer.findByRole('link', { name: 'ຖອນເງິນ' }));
    expect(window.location.pathname).toBe('/player/withdraw');
    expect(drawer()).toHaveAttribute('data-state', 'closed');
    expect(drawer()).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps focus inside while open, closes on Escape and gives focus back to the menu button', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    const menuButton = await screen.findByRole('button', { name: 'ເປີດເມນູ' });
    await openDrawer();
    const close = within(drawer()).getByRole('button', { name: 'ປິດເມນູ' });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(drawer()).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 10; i++) {
      await userEvent.tab();
      expect(drawer()).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(drawer()).toHaveAttribute('data-state', 'closed');
    expect(menuButton).toHaveFocus();
  });

  it('offers th among the languages and switches to it, loading the Thai translations', async () => {
    mockShellApi({ session: 'visitor' });
    for (const ns of ['common', 'shell'])
      nock(API)
        .get(`/locales/th/${ns}.json`)
        .reply(200, JSON.parse(fs.readFileSync(path.join('public/locales/th', `${ns}.json`), 'utf8')));
    const { container } = renderApp('/');
    const inDrawer = await openDrawer();
    const languages = inDrawer.getByRole('group', { name: 'ພາສາ' });
    expect(
      within(languages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['ລາວ', '中文', 'Tiếng Việt', 'ไทย']);
    await userEvent.click(within(languages).getByRole('button', { name: 'ไทย' }));
    expect(await inDrawer.findByRole('group', { name: 'ภาษา' })).toBeInTheDocument();
    expect(within(inDrawer.getByRole('group', { name: 'ภาษา' })).getByRole('button', { name: 'ไทย' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(inDrawer.getByRole('link', { name: 'เข้าสู่ระบบ' })).toHaveAttribute('href', '/login');
    expect(container.ownerDocument.documentElement).toHaveAttribute('lang', 'th');
    expect(window.localStorage.getItem('i18nextLng')).toBe('th');
  });
});

describe('the top bar menus', () => {
  it('lists lo, cn and vn in the language dropdown and switches language', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'ພາສາ: ລາວ' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['ລາວ', '中文', 'Tiếng Việt']);
    expect(within(menu).getByRole('menuitemradio', { name: 'ລາວ' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Tiếng Việt' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' })).toBeInTheDocument();
    expect(window.localStorage.getItem('i18nextLng')).toBe('vn');
  });

  it('lists the five contact links of the agency, each opening in a new tab without opener or referrer', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'ຕິດຕໍ່ພວກເຮົາ' }));
    await waitFor(() => expect(screen.getAllByRole('menuitem')).toHaveLength(5));
    const links = screen.getAllByRole('menuitem');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['WhatsApp', SOCIAL.whatsapp],
      ['Line', SOCIAL.line],
      ['Facebook', SOCIAL.facebook],
      ['Telegram', SOCIAL.telegram],
      ['Twitter', SOCIAL.twitter],
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('works from the keyboard: ArrowDown opens, arrows move, Escape closes and returns focus', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'ພາສາ: ລາວ' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitemradio');
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});

describe('bottom app bar and footer', () => {
  it('has deposit and withdraw, the round game button, bank and a contact-us drawer', async () => {
    mockShellApi({ session: 'player' });
    renderApp('/player');
    // jsdom applies no media queries, so the phone-only bar counts as hidden here.
    const bar = await screen.findByTestId('bottom-app-bar');
    expect(
      within(bar)
        .getAllByRole('link', { hidden: true })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/player/deposit', '/player/withdraw', '/player/game/askmebet?tab=Slot', '/player/bank']);
    await userEvent.click(within(bar).getByRole('button', { name: 'ຕິດຕໍ່', hidden: true }));
    // The sheet's code loads on the first tap.
    const sheet = await screen.findByRole('dialog', { name: 'ຕິດຕໍ່ພວກເຮົາ' });
    await waitFor(() => expect(within(sheet).getAllByRole('link')).toHaveLength(5));
    for (const link of within(sheet).getAllByRole('link')) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'ຕິດຕໍ່ພວກເຮົາ' })).not.toBeInTheDocument();
  });

  it('shows the game categories, promotion names, six bank badges with alt text and the three info links', async () => {
    mockShellApi({ session: 'visitor', promotions: [PROMOTION, SECOND_PROMOTION] });
    renderApp('/');
    const footer = await screen.findByTestId('footer');
    for (const category of ['ເກມໄພ່', 'ສະລັອດ', 'ເກມຍິງປາ', 'ຣູເລັດ', 'ເກມອື່ນໆ']) expect(footer).toHaveTextContent(category);
    // The agency's live promotions, by name in Lao, each linking to its page.
    const promotions = within(footer).getByRole('region', { name: 'ໂປຣໂມຊັນ' });
    expect(await within(promotions).findByRole('link', { name: 'ໂບນັດຕ້ອນຮັບ 100%' })).toHaveAttribute(
      'href',
      '/player/promotion/promo-welcome',
    );
    expect(
      within(promotions)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['ໂບນັດຕ້ອນຮັບ 100%', 'ໂບນັດປະຈຳວັນ']);
    // Each badge is named for screen readers whether or not its picture is drawn yet (when near the
    // screen; jsdom has no IntersectionObserver, so here at once).
    const badges = within(within(footer).getByTestId('footer-banks')).getAllByRole('img');
    expect(badges.map((badge) => badge.getAttribute('aria-label'))).toEqual(
      ['BCEL', 'JDB', 'LDB', 'Indochina Bank', 'KBank', 'LVB'].map((bank) => `ໂລໂກ້ທະນາຄານ ${bank}`),
    );
    expect(badges.map((badge) => badge.querySelector('img')?.getAttribute('src'))).toEqual(
      ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'].map((bank) => `/images/banks/${bank}.webp`),
    );
    for (const name of ['ບໍລິການ', 'ກ່ຽວກັບພວກເຮົາ', 'ວິທີຫຼິ້ນ']) expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
  });
});

describe('the generic fallback and Not Found', () => {
  function Broken(): never {
    throw new Error('the deposit list exploded');
  }

  it("shows 'Something went wrong!' with a Show Error / Hide Error toggle", async () => {
    const i18n = initI18n('lo');
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <ErrorBoundary>
            <Broken />
          </ErrorBoundary>
        </ThemeProvider>
      </I18nextProvider>,
    );
    const fallback = screen.getByTestId('error-fallback');
    expect(fallback).toHaveTextContent('Something went wrong!');
    expect(fallback).not.toHaveTextContent('the deposit list exploded');
    await userEvent.click(screen.getByRole('button', { name: 'ສະແດງຂໍ້ຜິດພາດ' }));
    expect(fallback).toHaveTextContent('the deposit list exploded');
    await userEvent.click(screen.getByRole('button', { name: 'ເຊື່ອງຂໍ້ຜິດພາດ' }));
    expect(fallback).not.toHaveTextContent('the deposit list exploded');
    jest.mocked(console.error).mockRestore();
  });

  it('shows the Not Found page with a way home for an unknown path', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: /Not Found/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ກັບໜ້າຫຼັກ' })).toHaveAttribute('href', '/');
  });
});
