import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureCodeOf } from '../contract/errors';

/**
 * An operator enrols the second factor (TOTP) before the console opens for them: the server makes
 * a secret, the operator scans it (QR or typed), proves it with the app's first code, and is shown
 * the recovery codes once; they leave only after saying the codes are kept somewhere safe.
 *
 * Pure: the console provides the actors (startEnrolment, confirmEnrolment call the API); a failed
 * call rejects with the API's { code, message }, its code kept in context.errorCode.
 */
export interface SecondFactorEnrolmentContext {
  secret: string | null;
  otpauthUri: string | null;
  recoveryCodes: string[];
  errorCode: string | null;
}

export type SecondFactorEnrolmentEvent = { type: 'code.submit'; code: string } | { type: 'codes.saved' } | { type: 'retry' };

const errorCodeOf = ({ event }: { event: { error: unknown } }) => failureCodeOf(event.error);

export const secondFactorEnrolmentMachine = setup({
  types: {
    context: {} as SecondFactorEnrolmentContext,
    events: {} as SecondFactorEnrolmentEvent,
  },
  actors: {
    startEnrolment: fromPromise<{ secret: string; otpauthUri: string }, void>(() =>
      Promise.reject(new Error('startEnrolment is provided by the console')),
    ),
    confirmEnrolment: fromPromise<string[], string>(() => Promise.reject(new Error('confirmEnrolment is provided by the console'))),
  },
}).createMachine({
  id: 'secondFactorEnrolment',
  initial: 'starting',
  context: { secret: null, otpauthUri: null, recoveryCodes: [], errorCode: null },
  states: {
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'startEnrolment',
        onDone: {
          target: 'scanning',
          actions: assign(({ event }) => ({ secret: event.output.secret, otpauthUri: event.output.otpauthUri, errorCode: null })),
        },
        onError: { target: 'startFailed', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    startFailed: {
      on: { retry: 'starting' },
    },
    scanning: {
      on: { 'code.submit': 'confirming' },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        src: 'confirmEnrolment',
        input: ({ event }) => {
          assertEvent(event, 'code.submit');
          return event.code;
        },
        onDone: { target: 'showingRecoveryCodes', actions: assign(({ event }) => ({ recoveryCodes: event.output, errorCode: null })) },
        onError: { target: 'scanning', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    showingRecoveryCodes: {
      on: { 'codes.saved': 'enrolled' },
    },
    enrolled: {
      type: 'final',
    },
  },
});
