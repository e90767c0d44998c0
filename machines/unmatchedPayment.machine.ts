import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { OperatorErrorCode } from '../contract/admin';
import { failureCodeOf } from '../contract/errors';
import type { Provider } from '../contract/providers';
import type { DepositPlayer, UnmatchedPayment, UnmatchedPaymentResponse } from '../contract/adminDeposits';

/**
 * How an operator resolves an unmatched payment in the console: choose (credit to a player, found
 * by username, at a provider; or refund to the payer), preview (the rate of the payment's time and
 * the THB it credits, or the kip going back), confirm with a reason, then the server decides:
 * resolved, already resolved by someone else (409 PAYMENT_ALREADY_RESOLVED), or failed with its
 * code. A failed call may be sent again with the same Idempotency-Key, so a lost answer never
 * resolves twice.
 *
 * Pure: the page provides the resolvePayment actor (it calls the API) and the key with `confirm`.
 * Tags: `busy` while the call runs, `done` once nothing more can be sent.
 */
export type UnmatchedResolution = { action: 'credit'; player: DepositPlayer; provider: Provider } | { action: 'refund' };

export interface ResolvePaymentInput {
  paymentId: string;
  resolution: UnmatchedResolution;
  reason: string;
  idempotencyKey: string;
}

export interface UnmatchedPaymentContext {
  payment: UnmatchedPayment;
  resolution: UnmatchedResolution | null;
  reason: string;
  idempotencyKey: string | null;
  result: UnmatchedPaymentResponse | null;
  errorCode: string | null;
}

export type UnmatchedPaymentEvent =
  | { type: 'choose.credit'; player: DepositPlayer; provider: Provider }
  | { type: 'choose.refund' }
  | { type: 'preview.accept' }
  | { type: 'confirm'; reason: string; idempotencyKey: string }
  | { type: 'retry' }
  | { type: 'back' };

/** A reason the server takes: 3 to 500 characters, not only spaces (DepositReviewReasonSchema). */
export const isReason = (reason: string) => reason.trim().length >= 3 && reason.length <= 500;

export const unmatchedPaymentMachine = setup({
  types: {
    context: {} as UnmatchedPaymentContext,
    events: {} as UnmatchedPaymentEvent,
    input: {} as { payment: UnmatchedPayment },
  },
  actors: {
    resolvePayment: fromPromise<UnmatchedPaymentResponse, ResolvePaymentInput>(() =>
      Promise.reject(new Error('resolvePayment is provided by the deposits page')),
    ),
  },
  actions: {
    chooseCredit: assign(({ event }) => {
      assertEvent(event, 'choose.credit');
      return { resolution: { action: 'credit' as const, player: event.player, provider: event.provider }, errorCode: null };
    }),
    chooseRefund: assign({ resolution: { action: 'refund' as const }, errorCode: null }),
    takeConfirmation: assign(({ event }) => {
      assertEvent(event, 'confirm');
      return { reason: event.reason.trim(), idempotencyKey: event.idempotencyKey, errorCode: null };
    }),
    keepResult: assign({ result: ({ event }) => (event as unknown as { output: UnmatchedPaymentResponse }).output }),
    keepErrorCode: assign({ errorCode: ({ event }) => failureCodeOf((event as unknown as { error: unknown }).error) }),
  },
  guards: {
    /** Credit needs the THB rate of the payment's time; without it only a refund is possible. */
    canCredit: ({ context }) => context.payment.rate !== null,
    reasonGiven: ({ event }) => {
      assertEvent(event, 'confirm');
      return isReason(event.reason);
    },
    alreadyResolved: ({ event }) =>
      failureCodeOf((event as unknown as { error: unknown }).error) === OperatorErrorCode.PAYMENT_ALREADY_RESOLVED,
  },
}).createMachine({
  id: 'unmatchedPayment',
  context: ({ input }) => ({ payment: input.payment, resolution: null, reason: '', idempotencyKey: null, result: null, errorCode: null }),
  initial: 'choosing',
  states: {
    /** Credit to a player at a provider, or refund. */
    choosing: {
      on: {
        'choose.credit': { guard: 'canCredit', target: 'previewing', actions: 'chooseCredit' },
        'choose.refund': { target: 'previewing', actions: 'chooseRefund' },
      },
    },
    /** What it will do: the rate and THB credited to whom, or the kip refunded. */
    previewing: {
      on: {
        'preview.accept': { target: 'confirming' },
        back: { target: 'choosing' },
      },
    },
    /** The reason, then confirm. */
    confirming: {
      on: {
        confirm: { guard: 'reasonGiven', target: 'resolving', actions: 'takeConfirmation' },
        back: { target: 'previewing' },
      },
    },
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolvePayment',
        src: 'resolvePayment',
        input: ({ context }) => ({
          paymentId: context.payment.id,
          resolution: context.resolution!,
          reason: context.reason,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: { target: 'resolved', actions: 'keepResult' },
        onError: [
          { guard: 'alreadyResolved', target: 'alreadyResolved' },
          { target: 'failed', actions: 'keepErrorCode' },
        ],
      },
    },
    resolved: { tags: ['done'], type: 'final' },
    alreadyResolved: { tags: ['done'], type: 'final' },
    /** The same request again (same key), or back to change the reason. */
    failed: {
      on: {
        retry: { target: 'resolving' },
        back: { target: 'confirming' },
      },
    },
  },
});
