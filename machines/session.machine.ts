import { assign, setup } from 'xstate';

/**
 * Who is using the site (SPEC.md sections 3 and 4). The session is unknown until the player info
 * call answers: loggedIn when it loads the player, loggedOut when it fails. LOGIN (after a login
 * or registration) and LOGOUT (after the server ended the session) move between the two. The
 * player id comes from player.id and is cleared at logout.
 *
 * Pure: what leaving means for the page (dropping the cached player info, reloading) is provided
 * by the React side as the forgetPlayer and reloadPage actions.
 */
export type SessionEvent =
  | { type: 'PLAYER_LOADED'; player: { id: string } }
  | { type: 'PLAYER_LOAD_FAILED' }
  | { type: 'LOGIN'; player: { id: string } }
  | { type: 'LOGOUT' };

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
      playerId: ({ event }) => (event.type === 'LOGIN' || event.type === 'PLAYER_LOADED' ? event.player.id : null),
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
        PLAYER_LOADED: { target: 'loggedIn', actions: 'storePlayerId' },
        PLAYER_LOAD_FAILED: { target: 'loggedOut' },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: 'loggedOut', actions: ['clearPlayerId', 'forgetPlayer', 'reloadPage'] },
        // The session ended elsewhere (expired, or revoked by a password change on another device).
        PLAYER_LOAD_FAILED: { target: 'loggedOut', actions: ['clearPlayerId', 'forgetPlayer'] },
      },
    },
    loggedOut: {
      on: {
        LOGIN: { target: 'loggedIn', actions: 'storePlayerId' },
        // Logged in from another tab: the refetch on focus finds the player.
        PLAYER_LOADED: { target: 'loggedIn', actions: 'storePlayerId' },
      },
    },
  },
});

export type SessionStatus = 'unknown' | 'loggedIn' | 'loggedOut';
