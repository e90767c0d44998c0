import { assertEvent, assign, setup } from 'xstate';
import { nextCheckAt } from '../contract/realityCheck';

/**
 * The reality check of a logged-in session: every N minutes, counted from the session's start
 * (so a reload does not restart the count), the site stops the player with the time since login
 * and the money paid in and out since; the player continues (the next check is armed at the next
 * multiple of N) or logs out. Off (0) never fires. A new interval (the player's choice, or the
 * agency's default read again) re-arms the timer at once.
 *
 * Pure: the React side sends the settings it read (settings.loaded) and provides announceCheck
 * (read the latest sums for the dialog) and logOut.
 */
export interface RealityCheckContext {
  sessionStartMs: number;
  minutes: number;
}

export type RealityCheckEvent =
  { type: 'settings.loaded'; sessionStartMs: number; minutes: number } | { type: 'check.continue' } | { type: 'check.logOut' };

export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
  },
  actions: {
    keepSettings: assign(({ event }) => {
      assertEvent(event, 'settings.loaded');
      return { sessionStartMs: event.sessionStartMs, minutes: event.minutes };
    }),
    announceCheck: () => {},
    logOut: () => {},
  },
  guards: {
    checkIsOff: ({ context }) => context.minutes <= 0,
  },
  delays: {
    untilNextCheck: ({ context }) => {
      const now = Date.now();
      return (nextCheckAt(context.sessionStartMs, context.minutes, now) ?? now) - now;
    },
  },
}).createMachine({
  id: 'realityCheck',
  context: { sessionStartMs: 0, minutes: 0 },
  initial: 'unknown',
  on: {
    'settings.loaded': { target: '.deciding', actions: 'keepSettings' },
  },
  states: {
    /** The settings have not been read yet. */
    unknown: {},
    deciding: {
      always: [{ guard: 'checkIsOff', target: 'off' }, { target: 'waiting' }],
    },
    off: {},
    waiting: {
      after: { untilNextCheck: 'showing' },
    },
    showing: {
      entry: 'announceCheck',
      on: {
        // The dialog stays until the player answers; the new interval applies after it.
        'settings.loaded': { actions: 'keepSettings' },
        'check.continue': 'deciding',
        'check.logOut': 'loggingOut',
      },
    },
    loggingOut: {
      entry: 'logOut',
      type: 'final',
    },
  },
});
