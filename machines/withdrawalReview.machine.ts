import { assertEvent, assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { ErrorCode, failureCodeOf } from '../contract/errors';
import type { WithdrawalApprovalResponse } from '../contract/withdrawalReview';

/**
 * An operator deciding a queued withdrawal in the console, one decision at a time (so a double
 * click never pays twice): approve sends the approval and the answer is paid, or awaiting a second
 * operator's approval at or above the agency's four-eyes amount; reject asks for a reason first.
 * WITHDRAWAL_NOT_OPEN means someone else decided first (decidedElsewhere); any other failure,
 * SECOND_APPROVER_REQUIRED among them, is failed with its code.
 *
 * Pure: the page provides the actors (approve, reject call the API; a failed call rejects with the
 * API's { code, message }) and listens for the `outcome` event emitted on each answer.
 * Tags: `busy` while a call runs, `result` while an answer is shown.
 */
export interface WithdrawalReviewContext {
  /** The withdrawal being decided or last decided. */
  code: string | null;
  errorCode: string | null;
}

export type WithdrawalReviewEvent =
  | { type: 'review.approve'; code: string }
  | { type: 'review.reject'; code: string }
  | { type: 'review.submitReason'; reason: string }
  | { type: 'review.cancel' }
  | { type: 'review.dismiss' };

export type WithdrawalReviewOutcome = 'paid' | 'awaitingSecond' | 'rejected' | 'decidedElsewhere' | 'failed';
export interface WithdrawalReviewEmitted {
  type: 'outcome';
  outcome: WithdrawalReviewOutcome;
  code: string;
  errorCode: string | null;
}

// Named guards and actions see the machine's own events; these read the invoked call's answer.
const approvalOf = (event: unknown) => (event as DoneActorEvent<WithdrawalApprovalResponse>).output;
const failureCodeOfCall = (event: unknown) => failureCodeOf((event as ErrorActorEvent).error);

/** What the operator may start when no call is running. */
const startable = {
  'review.approve': { target: 'approving', actions: 'chooseWithdrawal' },
  'review.reject': { target: 'askingReason', actions: 'chooseWithdrawal' },
} as const;

/** An answer, told to the page once and shown until dismissed or another decision starts. */
const result = (outcome: WithdrawalReviewOutcome) => ({
  tags: ['result'],
  entry: { type: 'tellOutcome' as const, params: { outcome } },
  on: { ...startable, 'review.dismiss': { target: 'idle' } },
});

/** Where a failed call leads: someone else's decision, or a failure with its code. */
const onFailure = [
  { guard: 'decidedElsewhere', target: 'decidedElsewhere', actions: 'keepErrorCode' },
  { target: 'failed', actions: 'keepErrorCode' },
] as const;

export const withdrawalReviewMachine = setup({
  types: {
    context: {} as WithdrawalReviewContext,
    events: {} as WithdrawalReviewEvent,
    emitted: {} as WithdrawalReviewEmitted,
  },
  actors: {
    approve: fromPromise<WithdrawalApprovalResponse, string>(() => Promise.reject(new Error('approve is provided by the console page'))),
    reject: fromPromise<unknown, { code: string; reason: string }>(() =>
      Promise.reject(new Error('reject is provided by the console page')),
    ),
  },
  actions: {
    chooseWithdrawal: assign(({ event }) => {
      assertEvent(event, ['review.approve', 'review.reject']);
      return { code: event.code, errorCode: null };
    }),
    keepErrorCode: assign(({ event }) => ({ errorCode: failureCodeOfCall(event) })),
    tellOutcome: emit(({ context }, params: { outcome: WithdrawalReviewOutcome }) => ({
      type: 'outcome' as const,
      outcome: params.outcome,
      code: context.code ?? '',
      errorCode: context.errorCode,
    })),
  },
  guards: {
    awaitsSecondApproval: ({ event }) => approvalOf(event).awaitingSecondApproval,
    decidedElsewhere: ({ event }) => failureCodeOfCall(event) === ErrorCode.WITHDRAWAL_NOT_OPEN,
  },
}).createMachine({
  id: 'withdrawalReview',
  initial: 'idle',
  context: { code: null, errorCode: null },
  states: {
    idle: { on: startable },
    approving: {
      tags: ['busy'],
      invoke: {
        src: 'approve',
        input: ({ context }) => context.code!,
        onDone: [{ guard: 'awaitsSecondApproval', target: 'awaitingSecond' }, { target: 'paid' }],
        onError: onFailure,
      },
    },
    askingReason: {
      on: {
        'review.submitReason': { target: 'rejecting' },
        'review.cancel': { target: 'idle' },
      },
    },
    rejecting: {
      tags: ['busy'],
      invoke: {
        src: 'reject',
        input: ({ context, event }) => {
          assertEvent(event, 'review.submitReason');
          return { code: context.code!, reason: event.reason };
        },
        onDone: { target: 'rejected' },
        onError: onFailure,
      },
    },
    awaitingSecond: result('awaitingSecond'),
    paid: result('paid'),
    rejected: result('rejected'),
    decidedElsewhere: result('decidedElsewhere'),
    failed: result('failed'),
  },
});
