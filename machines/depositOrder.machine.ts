import { assign, fromPromise, setup } from 'xstate';
import type { DepositOrder, DepositRequest, DepositStatus } from '../src/contract/deposits';

/**
 * A deposit order on the deposit page: the player creates it (or the page resumes the open one),
 * pays the QR from a banking app, then checks; or cancels after a warning (if already paid, press
 * check first; cancelling after paying means contacting staff). The server's answer decides where
 * the order goes: every answer passes through `settling`, which follows the order's status.
 *
 * Pure: the page provides the actors (createOrder, checkOrder, cancelOrder call the API); a failed
 * call rejects with an object carrying the API's error code, kept in context.errorCode for the page
 * to show (DEPOSIT_NOT_PAID: not paid yet, please scan the QR).
 */
export interface DepositOrderContext {
  order: DepositOrder | null;
  errorCode: string | null;
}

export type DepositOrderEvent =
  | { type: 'CREATE'; request: DepositRequest }
  | { type: 'RESUME'; order: DepositOrder }
  | { type: 'CHECK' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' }
  | { type: 'EXPIRE' }
  | { type: 'NEW' };

/** The API error code of a failed call, INTERNAL when it has none (a network failure). */
export function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'INTERNAL';
}

const orderIs = (status: DepositStatus) => ({ context }: { context: DepositOrderContext }) => context.order?.status === status;

export const depositOrderMachine = setup({
  types: {
    context: {} as DepositOrderContext,
    events: {} as DepositOrderEvent,
  },
  actors: {
    createOrder: fromPromise<DepositOrder, DepositRequest>(() => Promise.reject(new Error('createOrder is provided by the deposit page'))),
    checkOrder: fromPromise<DepositOrder, string>(() => Promise.reject(new Error('checkOrder is provided by the deposit page'))),
    cancelOrder: fromPromise<DepositOrder, string>(() => Promise.reject(new Error('cancelOrder is provided by the deposit page'))),
  },
  actions: {
    clearError: assign({ errorCode: null }),
    forget: assign({ order: null, errorCode: null }),
  },
  guards: {
    isOpen: orderIs('OPEN'),
    isPaid: orderIs('PAID'),
    isSuccess: orderIs('SUCCESS'),
    isCanceled: orderIs('CANCELED'),
    isExpired: orderIs('EXPIRED'),
  },
}).createMachine({
  id: 'depositOrder',
  context: { order: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CREATE: { target: 'creating' },
        RESUME: { target: 'settling', actions: assign({ order: ({ event }) => event.order, errorCode: null }) },
      },
    },
    creating: {
      entry: 'clearError',
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ event }) => (event as Extract<DepositOrderEvent, { type: 'CREATE' }>).request,
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ errorCode: ({ event }) => failureCode(event.error) }) },
      },
    },
    /** Follows the order's status after any answer of the server. */
    settling: {
      always: [
        { guard: 'isOpen', target: 'open' },
        { guard: 'isPaid', target: 'paid' },
        { guard: 'isSuccess', target: 'success' },
        { guard: 'isCanceled', target: 'canceled' },
        { guard: 'isExpired', target: 'expired' },
        { target: 'failed' },
      ],
    },
    open: {
      on: {
        CHECK: { target: 'checking' },
        CANCEL: { target: 'confirmingCancel', actions: 'clearError' },
        EXPIRE: { target: 'expired' },
      },
    },
    checking: {
      entry: 'clearError',
      invoke: {
        id: 'checkOrder',
        src: 'checkOrder',
        input: ({ context }) => context.order!.code,
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'settling', actions: assign({ errorCode: ({ event }) => failureCode(event.error) }) },
      },
    },
    confirmingCancel: {
      on: {
        CONFIRM: { target: 'cancelling' },
        DISMISS: { target: 'open' },
      },
    },
    cancelling: {
      entry: 'clearError',
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => context.order!.code,
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'settling', actions: assign({ errorCode: ({ event }) => failureCode(event.error) }) },
      },
    },
    /** Paid, the credit not yet at the provider: checking again retries it. */
    paid: {
      on: { CHECK: { target: 'checking' } },
    },
    success: { on: { NEW: { target: 'idle', actions: 'forget' } } },
    canceled: { on: { NEW: { target: 'idle', actions: 'forget' } } },
    expired: { on: { NEW: { target: 'idle', actions: 'forget' } } },
    failed: { on: { NEW: { target: 'idle', actions: 'forget' } } },
  },
});
