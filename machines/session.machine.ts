import { assertEvent, assign, setup } from 'xstate';

/**
 * Who is using the site (SPEC.md sections 3 and 4). The session is unknown until the player info
 * call answers: loggedIn when it loads the player, loggedOut when it fails. session.login (after a
 * login or registration) and session.logout (after the server ended the session) move between the two. The
 * player id comes from player.id and is cleared at logout.
 *
 * Pure: what leaving means for the page (dropping the cached player info, reloading) is provided
 * by the React side as the forgetPlayer and reloadPage actions.
 */
export type SessionEvent =
  | { type: 'player.loaded'; player: { id: string } }
  | { type: 'player.loadFailed' }
  | { type: 'session.login'; player: { id: string } }
  | { type: 'session.logout' };

export interface SessionContext {
  playerId: string | null;
}

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
    forgetPlayer: () => {},
    reloadPage: () => {},
  },
}).createMachine({
  id: 'session',
  initial: 'unknown',
  context: { playerId: null },
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
      },
    },
    loggedOut: {
      on: {
        'session.login': { target: 'loggedIn', actions: 'storePlayerId' },
        // Logged in from another tab: the refetch on focus finds the player.
        'player.loaded': { target: 'loggedIn', actions: 'storePlayerId' },
      },
    },
  },
});

export type SessionStatus = 'unknown' | 'loggedIn' | 'loggedOut';
