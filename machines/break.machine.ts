import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { failureCodeOf } from '../contract/errors';
import { breakEnd, type Break, type BreakDuration, type BreakKind } from '../contract/breaks';

/**
 * A player taking a break (/player/break), confirmed twice: choose a kind and duration and confirm
 * the choice, then confirm again with the end date named (Vientiane time), and only then is the
 * break taken. Back from either confirmation returns to choosing; a refusal (e.g.
 * EXCLUSION_CANNOT_SHORTEN) is kept as failed with its code until the player chooses again.
 *
 * Pure: the page provides the take actor (the API call; a refused call rejects with the API's
 * { code, message }) and the moment of the first confirmation, from which the end shown is reckoned.
 * Tags: `busy` while the call runs.
 */
export interface BreakContext {
  kind: BreakKind | null;
  duration: BreakDuration | null;
  /** The end named in the second confirmation, ISO; null for good (or before it is reckoned). */
  endsAt: string | null;
  /** The break as the server recorded it. */
  taken: Break | null;
  errorCode: string | null;
}

export type BreakEvent =
  | { type: 'break.choose'; kind: BreakKind; duration: BreakDuration }
  | { type: 'break.confirm'; at: Date }
  | { type: 'break.confirmAgain' }
  | { type: 'break.back' };

export const breakMachine = setup({
  types: {
    context: {} as BreakContext,
    events: {} as BreakEvent,
  },
  actors: {
    take: fromPromise<Break, { kind: BreakKind; duration: BreakDuration }>(() =>
      Promise.reject(new Error('take is provided by the break page')),
    ),
  },
  actions: {
    keepChoice: assign(({ event }) => {
      assertEvent(event, 'break.choose');
      return { kind: event.kind, duration: event.duration, endsAt: null, errorCode: null };
    }),
    reckonEnd: assign(({ context, event }) => {
      assertEvent(event, 'break.confirm');
      return { endsAt: breakEnd(event.at, context.duration!)?.toISOString() ?? null };
    }),
    // Named actions see the machine's own events; these two read the invoked call's answer.
    keepTaken: assign(({ event }) => ({ taken: (event as unknown as DoneActorEvent<Break>).output })),
    keepErrorCode: assign(({ event }) => ({ errorCode: failureCodeOf((event as unknown as ErrorActorEvent).error) })),
  },
}).createMachine({
  id: 'break',
  initial: 'choosing',
  context: { kind: null, duration: null, endsAt: null, taken: null, errorCode: null },
  states: {
    choosing: {
      on: { 'break.choose': { target: 'confirmingChoice', actions: 'keepChoice' } },
    },
    confirmingChoice: {
      on: {
        'break.confirm': { target: 'confirmingEnd', actions: 'reckonEnd' },
        'break.back': { target: 'choosing' },
      },
    },
    confirmingEnd: {
      on: {
        'break.confirmAgain': { target: 'taking' },
        'break.back': { target: 'choosing' },
      },
    },
    taking: {
      tags: ['busy'],
      invoke: {
        src: 'take',
        input: ({ context }) => ({ kind: context.kind!, duration: context.duration! }),
        onDone: { target: 'taken', actions: 'keepTaken' },
        onError: { target: 'failed', actions: 'keepErrorCode' },
      },
    },
    taken: { type: 'final' },
    failed: {
      on: { 'break.choose': { target: 'confirmingChoice', actions: 'keepChoice' } },
    },
  },
});
