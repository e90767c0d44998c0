import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/renderApp';
import { mockShellApi } from '../support/shell';

// Each test renders the whole site on two cores shared with other test runs: give it room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

afterEach(() => localStorage.clear());

const drawer = () => screen.getByTestId('drawer');
const openDrawer = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'ເປີດເມນູ' }));
  await waitFor(() => expect(drawer()).toHaveAttribute('data-state', 'open'));
};
const touch = (x: number, y: number) => ({ clientX: x, clientY: y });
const swipe = (from: [number, number], to: [number, number]) => {
  fireEvent.touchStart(drawer(), { touches: [touch(...from)] });
  fireEvent.touchEnd(drawer(), { changedTouches: [touch(...to)] });
};

describe('the drawer on a phone', () => {
  it('closes from its visible close button, kept out of the screen reader (the hidden one is theirs)', async () => {
    mockShellApi({ session: 'player' });
    renderApp('/player');
    await openDrawer();
    const visibleClose = screen.getByTestId('drawer-close');
    expect(visibleClose).toHaveAttribute('aria-hidden', 'true');
    expect(within(drawer()).getAllByRole('button', { name: 'ປິດເມນູ' })).toHaveLength(1);
    await userEvent.click(visibleClose);
    expect(drawer()).toHaveAttribute('data-state', 'closed');
    expect(screen.getByRole('button', { name: 'ເປີດເມນູ' })).toHaveFocus();
  });

  it('closes on a tap of the backdrop', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    await openDrawer();
    await userEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(drawer()).toHaveAttribute('data-state', 'closed');
  });

  it('closes on a swipe to the left, not on a short one or a scroll', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    await openDrawer();
    swipe([250, 400], [200, 400]);
    expect(drawer()).toHaveAttribute('data-state', 'open');
    swipe([250, 200], [170, 420]);
    expect(drawer()).toHaveAttribute('data-state', 'open');
    swipe([250, 400], [120, 420]);
    await waitFor(() => expect(drawer()).toHaveAttribute('data-state', 'closed'));
  });
});

describe('the top bar on a phone', () => {
  it('names the language by its short name and keeps the full name for screen readers', async () => {
    mockShellApi({ session: 'visitor' });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'ພາສາ: ລາວ' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Tiếng Việt' }));
    const trigger = await screen.findByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' });
    expect(trigger).toHaveTextContent('Việt');
    expect(trigger).not.toHaveTextContent('Tiếng');
  });
});

describe('scroll position across pages', () => {
  /** The player leaves the home page 640 px down for the withdraw page, which opens at its top. */
  const leaveHomeAt640 = async () => {
    mockShellApi({ session: 'player' });
    renderApp('/player');
    await screen.findByRole('button', { name: /Somchai/ });
    act(() => window.scrollTo(0, 640));
    await openDrawer();
    await userEvent.click(within(drawer()).getByRole('link', { name: 'ຖອນເງິນ' }));
    expect(window.location.pathname).toBe('/player/withdraw');
    expect(window.scrollY).toBe(0);
  };

  it('opens every new page at its top, and back returns to where the player was', async () => {
    await leaveHomeAt640();
    act(() => window.scrollTo(0, 120));

    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/player'));
    await waitFor(() => expect(window.scrollY).toBe(640));
    window.history.forward();
    await waitFor(() => expect(window.location.pathname).toBe('/player/withdraw'));
    await waitFor(() => expect(window.scrollY).toBe(120));
  });

  it('returns as near the place as a page now shorter reaches: its end, not its top', async () => {
    await leaveHomeAt640();

    // The window grew taller meanwhile (a phone's address bar hid): the page reaches 500 px down.
    const reach = Object.getOwnPropertyDescriptor(document.documentElement, 'scrollHeight')!;
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => window.innerHeight + 500 });
    try {
      window.history.back();
      await waitFor(() => expect(window.location.pathname).toBe('/player'));
      await waitFor(() => expect(window.scrollY).toBe(500));
    } finally {
      Object.defineProperty(document.documentElement, 'scrollHeight', reach);
    }
  });
});
