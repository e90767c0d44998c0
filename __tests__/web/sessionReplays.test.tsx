import nock from 'nock';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestModel } from 'xstate/graph';
import { sessionMachine } from '../../machines/session.machine';
import { API, renderApp } from '../support/renderApp';
import { PLAYER_INFO, mockAgency, rememberReportedToday } from '../support/playerSite';
import { sessionEvents } from '../support/sessionModel';
import { reloadPage } from '../../src/ui/reloadPage';

jest.mock('../../src/ui/reloadPage');

// Each replay renders the whole site and types into forms; on a shared machine that can take a while.
jest.setTimeout(30_000);

const PLAYER = PLAYER_INFO.player;
const EVENTS = sessionEvents(PLAYER.id);

/**
 * Every shortest path of the model (one per state reached by each distinct transition) replayed
 * against the real site in jsdom: the events are real UI actions and server answers, and each state
 * is checked on the screen (top bar, page, location) and against the machine's player id.
 */
describe('session machine paths replayed on the site', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    jest.mocked(reloadPage).mockClear();
  });

  const model = createTestModel(sessionMachine, { events: EVENTS });
  // The shortest paths reach each state once; the return after a lost session is a longer one.
  const paths = [
    ...model.getShortestPaths(),
    ...model.getPathsFromEvents([
      { type: 'player.loaded', player: { id: PLAYER.id } },
      { type: 'session.lost', path: '/player/withdraw/history' },
      { type: 'session.login', player: { id: PLAYER.id } },
    ]),
  ];

  it('covers every transition of the machine', () => {
    const transitions = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(transitions).toEqual(new Set(['xstate.init', ...EVENTS.map((event) => event.type)]));
  });

  const banner = () => screen.getByRole('banner');
  const accountButton = () => within(banner()).queryByRole('button', { name: new RegExp(PLAYER.displayName) });
  const loginLink = () => within(banner()).queryByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' });

  /** The first player info answer waits until the path's first event decides it. */
  function holdFirstPlayerInfo() {
    let answer: ((status: number) => void) | undefined;
    nock(API)
      .get('/api/v2/players/info')
      .reply((_uri, _body, callback) => {
        answer = (status) => callback(null, status === 200 ? [200, PLAYER_INFO] : [401, { code: 'UNAUTHORIZED', message: 'Log in first' }]);
      });
    return async (status: number) => {
      // The site may ask after the footer shows: waited for as testing-library waits, so that what
      // the site draws meanwhile (the agency info in the top bar and footer) is drawn inside act().
      const reply = await waitFor(() => {
        if (!answer) throw new Error('the site has not asked for the player info yet');
        return answer;
      });
      reply(status);
    };
  }

  /** A refetch of the player info, as the site does when the window regains focus. */
  async function refetchOnFocus(status: number) {
    const call = nock(API)
      .get('/api/v2/players/info')
      .reply(status, status === 200 ? PLAYER_INFO : { code: 'UNAUTHORIZED', message: 'Session ended' });
    fireEvent.focus(window);
    await waitFor(() => expect(call.isDone()).toBe(true));
  }

  for (const startPath of ['/', '/player/deposit']) {
    describe(`starting at ${startPath}`, () => {
      for (const path of paths) {
        it(path.description, async () => {
          rememberReportedToday();
          mockAgency();
          const answerFirstLoad = holdFirstPlayerInfo();
          renderApp(startPath);
          await screen.findByTestId('footer');
          let firstLoadAnswered = false;
          let lostAt: string | undefined;

          await path.test({
            states: {
              unknown: () => {
                expect(accountButton()).not.toBeInTheDocument();
                expect(loginLink()).not.toBeInTheDocument();
                expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
              },
              loggedIn: async (snapshot) => {
                expect(snapshot.context.playerId).toBe(PLAYER.id);
                expect(await screen.findByRole('button', { name: new RegExp(PLAYER.displayName) })).toBeInTheDocument();
                expect(loginLink()).not.toBeInTheDocument();
                await waitFor(() => expect(window.location.pathname).toMatch(/^\/player(\/|$)/));
                // Logged in again after a lost session: back on the page the 401 came from.
                if (lostAt) await waitFor(() => expect(window.location.pathname).toBe(lostAt));
                lostAt = undefined;
              },
              loggedOut: async (snapshot) => {
                expect(snapshot.context.playerId).toBeNull();
                expect(await within(banner()).findByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toHaveAttribute('href', '/login');
                expect(within(banner()).getByRole('link', { name: 'ສະໝັກສະມາຊິກ' })).toHaveAttribute('href', '/register');
                expect(accountButton()).not.toBeInTheDocument();
                await waitFor(() => expect(window.location.pathname).not.toMatch(/^\/player(\/|$)/));
                if (startPath.startsWith('/player')) {
                  expect(window.location.pathname).toBe('/login');
                  await within(await screen.findByRole('main')).findByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບ' });
                }
              },
            },
            events: {
              'player.loaded': async () => {
                if (firstLoadAnswered) {
                  // Logged in meanwhile (another tab): the refetch on focus finds the player.
                  await refetchOnFocus(200);
                } else {
                  firstLoadAnswered = true;
                  await answerFirstLoad(200);
                }
              },
              'player.loadFailed': async () => {
                if (firstLoadAnswered) {
                  // The session ended elsewhere: the refetch on focus is refused.
                  await refetchOnFocus(401);
                } else {
                  firstLoadAnswered = true;
                  await answerFirstLoad(401);
                }
              },
              'session.lost': async () => {
                // Any call but player info answering 401: the withdraw history's list.
                nock(API).get('/api/v2/withdrawals').query(true).reply(401, { code: 'UNAUTHORIZED', message: 'Session ended' });
                await userEvent.click(screen.getByTestId('open-drawer'));
                await userEvent.click(within(screen.getByTestId('drawer')).getByRole('link', { name: 'ປະຫວັດການຖອນ' }));
                lostAt = '/player/withdraw/history';
                await waitFor(() => expect(window.location.pathname).toBe('/login'));
              },
              'session.login': async () => {
                if (lostAt) nock(API).get('/api/v2/withdrawals').query(true).reply(200, { items: [], page: 1, pageSize: 10, total: 0 });
                if (window.location.pathname !== '/login') await userEvent.click(within(banner()).getByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' }));
                const form = within(await screen.findByRole('main'));
                await form.findByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບ' });
                nock(API).post('/api/v2/players/login').reply(200, { player: PLAYER });
                nock(API).get('/api/v2/players/info').reply(200, PLAYER_INFO);
                await userEvent.type(form.getByLabelText('ຊື່ຜູ້ໃຊ້'), PLAYER.username);
                await userEvent.type(form.getByLabelText('ລະຫັດຜ່ານ'), 'secret-pass-1');
                await userEvent.click(form.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ' }));
              },
              'session.logout': async () => {
                const logout = nock(API).post('/api/v2/players/logout').reply(200, { loggedOut: true });
                await userEvent.click(await screen.findByRole('button', { name: new RegExp(PLAYER.displayName) }));
                await userEvent.click(screen.getByRole('menuitem', { name: 'ອອກຈາກລະບົບ' }));
                await waitFor(() => expect(logout.isDone()).toBe(true));
                await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
              },
            },
          });
        });
      }
    });
  }
});
