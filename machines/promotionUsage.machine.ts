import { assign, fromPromise, setup } from 'xstate';
import type { Provider } from '../src/contract/providers';
import type { PromotionUsage, PromotionUseRequest } from '../src/contract/promotions';

/**
 * What a player does with promotions on the promotion pages: take one (choose the provider among
 * the promotion's, then the server decides: taken, or failed with its error code), cancel the usage
 * in progress (after a confirmation, since a credited bonus is forfeited) and recheck it (the
 * server ends it when the turnover is met or the credit is spent).
 *
 * Pure: the page provides the actors (usePromotion, cancelUsage, recheckUsage call the API); a
 * failed call rejects with an object carrying the API's error code, kept in context.errorCode.
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
  | { type: 'USE'; promotionId: string; providers: Provider[] }
  | { type: 'PICK'; provider: Provider }
  | { type: 'CANCEL'; usageId: string }
  | { type: 'CONFIRM' }
  | { type: 'RECHECK' }
  | { type: 'DISMISS' };

/** The API error code of a failed call, INTERNAL when it has none (a network failure). */
export function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'INTERNAL';
}

/** What the player may start when no dialog is open and no call is running. */
const startable = {
  USE: { guard: 'offersProviders', target: 'choosingProvider', actions: 'choosePromotion' },
  CANCEL: { target: 'confirmingCancel', actions: 'chooseUsageToCancel' },
  RECHECK: { target: 'rechecking' },
} as const;

/** A result shown until dismissed; the player may also start something else at once. */
const result = { on: { ...startable, DISMISS: { target: 'idle' } } };

export const promotionUsageMachine = setup({
  types: {
    context: {} as PromotionUsageContext,
    events: {} as PromotionUsageEvent,
  },
  actors: {
    usePromotion: fromPromise<PromotionUsage, PromotionUseRequest>(() => Promise.reject(new Error('usePromotion is provided by the promotion pages'))),
    cancelUsage: fromPromise<PromotionUsage, string>(() => Promise.reject(new Error('cancelUsage is provided by the promotion pages'))),
    recheckUsage: fromPromise<PromotionUsage | null, void>(() => Promise.reject(new Error('recheckUsage is provided by the promotion pages'))),
  },
  actions: {
    choosePromotion: assign(({ event }) => {
      const { promotionId, providers } = event as Extract<PromotionUsageEvent, { type: 'USE' }>;
      return { promotionId, providers, errorCode: null };
    }),
    chooseUsageToCancel: assign(({ event }) => ({ cancelUsageId: (event as Extract<PromotionUsageEvent, { type: 'CANCEL' }>).usageId, errorCode: null })),
    keepUsage: assign({ usage: ({ event }) => (event as unknown as { output: PromotionUsage | null }).output }),
    keepError: assign({ errorCode: ({ event }) => failureCode((event as unknown as { error: unknown }).error) }),
  },
  guards: {
    offersProviders: ({ event }) => (event as Extract<PromotionUsageEvent, { type: 'USE' }>).providers.length > 0,
    isOffered: ({ context, event }) => context.providers.includes((event as Extract<PromotionUsageEvent, { type: 'PICK' }>).provider),
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
        PICK: { guard: 'isOffered', target: 'using' },
        DISMISS: { target: 'idle' },
      },
    },
    using: {
      invoke: {
        id: 'usePromotion',
        src: 'usePromotion',
        input: ({ context, event }) => ({ promotionId: context.promotionId!, providerId: (event as Extract<PromotionUsageEvent, { type: 'PICK' }>).provider }),
        onDone: { target: 'taken', actions: 'keepUsage' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    /** Taken: the player is told to deposit the set amount for the provider. */
    taken: result,
    /** The warning that a credited bonus is forfeited. */
    confirmingCancel: {
      on: {
        CONFIRM: { target: 'canceling' },
        DISMISS: { target: 'idle' },
      },
    },
    canceling: {
      invoke: {
        id: 'cancelUsage',
        src: 'cancelUsage',
        input: ({ context }) => context.cancelUsageId!,
        onDone: { target: 'canceled', actions: 'keepUsage' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    canceled: result,
    rechecking: {
      entry: assign({ errorCode: null }),
      invoke: {
        id: 'recheckUsage',
        src: 'recheckUsage',
        onDone: { target: 'rechecked', actions: 'keepUsage' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    rechecked: result,
    failed: result,
  },
});
