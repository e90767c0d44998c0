import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAYER_DRAWER_GROUPS, VISITOR_DRAWER_ENTRIES, isEntryActive, type DrawerEntry } from '../../src/app/layout/drawerEntries';
import { renderApp } from '../support/renderApp';
import { mockShellApi } from '../support/shell';

// Each test renders the whole site on two cores shared with other test runs: give it room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const topEntries: DrawerEntry[] = [...PLAYER_DRAWER_GROUPS.flat(), VISITOR_DRAWER_ENTRIES.login, VISITOR_DRAWER_ENTRIES.register];
const linked = (entries: DrawerEntry[]): DrawerEntry[] =>
  entries.flatMap((entry) => [...(entry.href ? [entry] : []), ...linked(entry.children ?? [])]);
const everyLink = linked(topEntries);

describe('the active-entry rule', () => {
  it('covers every link of the drawer', () => {
    expect(everyLink.map((entry) => entry.href)).toEqual([
      '/player/game/alphabet',
      '/player/game/askmebet',
      '/player/game/betflix',
      '/player/game/gclub',
      '/player/game/gclub_live',
      '/player/deposit',
      '/player/withdraw',
      '/player/promotion',
      '/player/bank',
      '/player/break',
      '/player/limits',
      '/player/deposit/history',
      '/player/withdraw/history',
      '/player/promotion/history',
      '/player/statement',
      '/responsible-play',
      '/login',
      '/register',
    ]);
  });

  describe.each(everyLink.map((entry) => [entry.key, entry] as const))('%s', (_key, entry) => {
    const path = entry.href as string;
    it('is active on its own path, with or without a query or hash', () => {
      expect(isEntryActive(entry, path)).toBe(true);
      expect(isEntryActive(entry, `${path}?tab=Slot`)).toBe(true);
      expect(isEntryActive(entry, `${path}#top`)).toBe(true);
    });

    it('is active on no other entry’s path, nor on a path below or beside its own', () => {
      for (const other of everyLink.filter((candidate) => candidate !== entry))
        expect(isEntryActive(entry, other.href as string)).toBe(false);
      expect(isEntryActive(entry, `${path}/more`)).toBe(false);
      expect(isEntryActive(entry, `${path}x`)).toBe(false);
      expect(isEntryActive(entry, '/')).toBe(false);
    });

    it('ignores the query of its own link', () => {
      expect(isEntryActive({ ...entry, href: `${path}?tab=Slot` }, path)).toBe(true);
    });
  });

  it('makes history active when any of its children is, and only then', () => {
    const history = PLAYER_DRAWER_GROUPS[1].find((entry) => entry.key === 'drawer.history') as DrawerEntry;
    expect(history.href).toBeUndefined();
    for (const child of history.children ?? []) expect(isEntryActive(history, `${child.href}?page=2`)).toBe(true);
    for (const other of everyLink.filter((entry) => !history.children?.includes(entry)))
      expect(isEntryActive(history, other.href as string)).toBe(false);
  });
});

describe('the drawer marks the active entry', () => {
  it.each([
    ['/player/game/askmebet?tab=Fishing', 'AskMeBet', null],
    ['/player/deposit', 'ຝາກເງິນ', null],
    ['/player/withdraw/history', 'ປະຫວັດການຖອນ', 'ປະຫວັດ'],
    ['/player/promotion/history', 'ປະຫວັດໂປຣໂມຊັນ', 'ປະຫວັດ'],
  ])('on %s: %s', async (path, active, activeParent) => {
    mockShellApi({ session: 'player' });
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'ເປີດເມນູ' }));
    const player = await within(screen.getByTestId('drawer')).findByTestId('drawer-player');
    const current = within(player)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([active]);
    const activeLabels = Array.from(player.querySelectorAll('div[data-active="true"]')).map((label) => label.textContent);
    expect(activeLabels).toEqual(activeParent ? [activeParent] : []);
  });

  it('marks the visitor’s login link on /login', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'ເປີດເມນູ' }));
    const visitor = await within(screen.getByTestId('drawer')).findByTestId('drawer-visitor');
    expect(within(visitor).getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toHaveAttribute('aria-current', 'page');
  });
});
