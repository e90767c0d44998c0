import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestModel } from 'xstate/graph';
import { drawerMachine } from '../../machines/drawer.machine';
import { renderApp } from '../support/renderApp';
import { mockShellApi } from '../support/shell';

// Each test renders the whole site on two cores shared with other test runs: give it room.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);

const model = createTestModel(drawerMachine, {
  events: [{ type: 'drawer.open' }, { type: 'drawer.close' }, { type: 'drawer.chooseEntry' }],
  serializeState: (snapshot, event) => `${JSON.stringify(snapshot.value)} via ${event?.type ?? 'start'}`,
});

/** The three ways a user closes the drawer without choosing an entry. */
const closers: Record<string, () => Promise<unknown>> = {
  Escape: () => userEvent.keyboard('{Escape}'),
  'the hidden close button': () => userEvent.click(within(screen.getByTestId('drawer')).getByRole('button', { name: 'ປິດເມນູ' })),
  'the backdrop': async () => {
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
  },
};

/** Every shortest path; a path that closes the drawer runs once per way of closing it. */
type DrawerPath = ReturnType<typeof model.getShortestPaths>[number];
const cases: [string, DrawerPath, () => Promise<unknown>][] = model
  .getShortestPaths()
  .flatMap((path): [string, DrawerPath, () => Promise<unknown>][] =>
    path.steps.some((step) => step.event.type === 'drawer.close')
      ? Object.entries(closers).map(([closer, close]) => [`${path.description}, closing with ${closer}`, path, close])
      : [[path.description, path, closers.Escape]],
  );

describe('drawer machine paths replayed against the shell', () => {
  it.each(cases)('%s', async (_description, path, close) => {
    mockShellApi({ session: 'player' });
    renderApp('/player/deposit');
    const menuButton = await screen.findByRole('button', { name: 'ເປີດເມນູ' });
    await screen.findByTestId('player-area');
    const drawer = screen.getByTestId('drawer');
    await path.test({
      states: {
        closed: () => {
          expect(drawer).toHaveAttribute('data-state', 'closed');
          expect(drawer).toHaveAttribute('aria-hidden', 'true');
          expect(menuButton).toHaveAttribute('aria-expanded', 'false');
        },
        open: () => {
          expect(drawer).toHaveAttribute('data-state', 'open');
          expect(menuButton).toHaveAttribute('aria-expanded', 'true');
          expect(drawer).toContainElement(document.activeElement as HTMLElement);
        },
      },
      events: {
        'drawer.open': () => userEvent.click(menuButton),
        'drawer.close': async () => {
          await close();
          expect(window.location.pathname).toBe('/player/deposit');
        },
        'drawer.chooseEntry': async () => {
          await userEvent.click(within(drawer).getByRole('link', { name: 'ປະຫວັດການຖອນ' }));
          await waitFor(() => expect(window.location.pathname).toBe('/player/withdraw/history'));
        },
      },
    });
  });
});
