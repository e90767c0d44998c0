import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureCodeOf } from '../contract/errors';
import type { Provider } from '../contract/providers';
import type { PromotionUsage, PromotionUseRequest } from '../contract/promotions';

/**
 * What a player does with promotions on the promotion pages: take one (choose the provider among
 * the promotion's, then the server decides: taken, or failed with its error code), cancel the usage
 * in progress (after a confirmation, since a credited bonus is forfeited) and recheck it (the
 * server ends it when the turnover is met or the credit is spent).
 *
 * Pure: the page provides the actors (usePromotion, cancelUsage, recheckUsage call the API); a
 * failed call rejects with the API's { code, message }, its code kept in context.errorCode.
 * Tags: `busy` while a call runs, `result` while an answer is shown.
 */
export interface PromotionUsageContext {
  /** The promotion being taken and the providers it may be taken for. */
  promotionId: string | null;
  providers: Provider[];
  /** The usage the last answer returned (taken, canceled or rechecked); null when none is in progress. */
  usage: PromotionUsage | null;
  /** The usage the player asked to cancel. */
  cancelUsageId: string | null;
  errorCode: string | null;
}

export type PromotionUsageEvent =
  | { type: 'promotion.use'; promotionId: string; providers: Provider[] }
  | { type: 'promotion.pick'; provider: Provider }
  | { type: 'usage.cancel'; usageId: string }
  | { type: 'usage.confirmCancel' }
  | { type: 'usage.recheck' }
  | { type: 'usage.dismiss' };

const errorCodeOf = ({ event }: { event: { error: unknown } }) => failureCodeOf(event.error);

/** What the player may start when no dialog is open and no call is running. */
const startable = {
  'promotion.use': { guard: 'offersProviders', target: 'choosingProvider', actions: 'choosePromotion' },
  'usage.cancel': { target: 'confirmingCancel', actions: 'chooseUsageToCancel' },
  'usage.recheck': { target: 'rechecking' },
} as const;

/** A result shown until dismissed; the player may also start something else at once. */
const result = { tags: ['result'], on: { ...startable, 'usage.dismiss': { target: 'idle' } } };

export const promotionUsageMachine = setup({
  types: {
    context: {} as PromotionUsageContext,
    events: {} as PromotionUsageEvent,
  },
  actors: {
    usePromotion: fromPromise<PromotionUsage, PromotionUseRequest>(() =>
      Promise.reject(new Error('usePromotion is provided by the promotion pages')),
    ),
    cancelUsage: fromPromise<PromotionUsage, string>(() => Promise.reject(new Error('cancelUsage is provided by the promotion pages'))),
    recheckUsage: fromPromise<PromotionUsage | null, void>(() =>
      Promise.reject(new Error('recheckUsage is provided by the promotion pages')),
    ),
  },
  actions: {
    choosePromotion: assign(({ event }) => {
      assertEvent(event, 'promotion.use');
      return { promotionId: event.promotionId, providers: event.providers, errorCode: null };
    }),
    chooseUsageToCancel: assign(({ event }) => {
      assertEvent(event, 'usage.cancel');
      return { cancelUsageId: event.usageId, errorCode: null };
    }),
  },
  guards: {
    offersProviders: ({ event }) => {
      assertEvent(event, 'promotion.use');
      return event.providers.length > 0;
    },
    isOffered: ({ context, event }) => {
      assertEvent(event, 'promotion.pick');
      return context.providers.includes(event.provider);
    },
  },
}).createMachine({
  id: 'promotionUsage',
  context: { promotionId: null, providers: [], usage: null, cancelUsageId: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: { on: startable },
    /** The dialog listing the promotion's providers. */
    choosingProvider: {
      on: {
        'promotion.pick': { guard: 'isOffered', target: 'using' },
        'usage.dismiss': { target: 'idle' },
      },
    },
    using: {
      tags: ['busy'],
      invoke: {
        id: 'usePromotion',
        src: 'usePromotion',
        input: ({ context, event }) => {
          assertEvent(event, 'promotion.pick');
          return { promotionId: context.promotionId!, providerId: event.provider };
        },
        onDone: { target: 'taken', actions: assign({ usage: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    /** Taken: the player is told to deposit the set amount for the provider. */
    taken: result,
    /** The warning that a credited bonus is forfeited. */
    confirmingCancel: {
      on: {
        'usage.confirmCancel': { target: 'canceling' },
        'usage.dismiss': { target: 'idle' },
      },
    },
    canceling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelUsage',
        src: 'cancelUsage',
        input: ({ context }) => context.cancelUsageId!,
        onDone: { target: 'canceled', actions: assign({ usage: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    canceled: result,
    rechecking: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'recheckUsage',
        src: 'recheckUsage',
        onDone: { target: 'rechecked', actions: assign({ usage: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    rechecked: result,
    failed: result,
  },
});
