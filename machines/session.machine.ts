import { assertEvent, assign, setup } from 'xstate';

/**
 * Who is using the site. The session is unknown until the player info
 * call answers: loggedIn when it loads the player, loggedOut when it fails. session.login (after a
 * login or registration) and session.logout (after the server ended the session) move between the two. The
 * player id comes from player.id and is cleared at logout.
 *
 * session.lost is a 401 on any other call: the player goes to /login, and after
 * logging in again returns to the page they were on (returnTo); a fresh login lands on /player.
 *
 * Pure: what leaving and entering mean for the page (dropping the cached player data, reloading,
 * moving to a path) is provided by the React side as the forgetPlayer, reloadPage and goTo actions.
 */
export type SessionEvent =
  | { type: 'player.loaded'; player: { id: string } }
  | { type: 'player.loadFailed' }
  | { type: 'session.login'; player: { id: string } }
  | { type: 'session.logout' }
  | { type: 'session.lost'; path: string };

export interface SessionContext {
  playerId: string | null;
  /** Where a player whose session was lost was, to return there after logging in again. */
  returnTo: string | null;
}

/** Where a player lands after logging in when no lost session left a page to return to. */
export const PLAYER_HOME = '/player';

/**
 * A player enters: back to the page a lost session left, else /player. (The login's answer already
 * refreshed the player's data in the API cache.)
 */
const ENTER_SITE = [
  'storePlayerId',
  { type: 'goTo', params: ({ context }: { context: SessionContext }) => ({ path: context.returnTo ?? PLAYER_HOME }) },
  'clearReturnPath',
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    storePlayerId: assign({
      playerId: ({ event }) => {
        assertEvent(event, ['session.login', 'player.loaded']);
        return event.player.id;
      },
    }),
    clearPlayerId: assign({ playerId: null }),
    rememberReturnPath: assign({
      returnTo: ({ event }) => {
        assertEvent(event, 'session.lost');
        return event.path;
      },
    }),
    clearReturnPath: assign({ returnTo: null }),
    forgetPlayer: () => {},
    reloadPage: () => {},
    goTo: (_, _params: { path: string }) => {},
  },
}).createMachine({
  id: 'session',
  initial: 'unknown',
  context: { playerId: null, returnTo: null },
  states: {
    unknown: {
      on: {
        'player.loaded': { target: 'loggedIn', actions: 'storePlayerId' },
        'player.loadFailed': { target: 'loggedOut' },
      },
    },
    loggedIn: {
      on: {
        'session.logout': { target: 'loggedOut', actions: ['clearPlayerId', 'forgetPlayer', 'reloadPage'] },
        // The session ended elsewhere (expired, or revoked by a password change on another device).
        'player.loadFailed': { target: 'loggedOut', actions: ['clearPlayerId', 'forgetPlayer'] },
        'session.lost': {
          target: 'loggedOut',
          actions: ['clearPlayerId', 'rememberReturnPath', { type: 'goTo', params: { path: '/login' } }],
        },
      },
    },
    loggedOut: {
      on: {
        'session.login': { target: 'loggedIn', actions: ENTER_SITE },
        // Logged in from another tab: the refetch on focus finds the player.
        'player.loaded': { target: 'loggedIn', actions: ENTER_SITE },
      },
    },
  },
});

export type SessionStatus = 'unknown' | 'loggedIn' | 'loggedOut';
