import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DepositOrder, DepositRequest, DepositStatus } from '../src/contract/deposits';
import { failureCodeOf } from '../src/contract/errors';

/**
 * A deposit order on the deposit page: the player creates it (or the page resumes the open one),
 * pays the QR from a banking app, then checks; or cancels after a warning (if already paid, press
 * check first; cancelling after paying means contacting staff). The server's answer decides where
 * the order goes: every answer passes through `settling`, which follows the order's status.
 *
 * Pure: the page provides the actors (createOrder, checkOrder, cancelOrder call the API); a failed
 * call rejects with the API's { code, message }, its code kept in context.errorCode for the page
 * to show (DEPOSIT_NOT_PAID: not paid yet, please scan the QR).
 *
 * Tags tell the page what to show: `form` (the deposit form), `order` (the open order and its QR),
 * `result` (where the order ended up), `busy` (a call is under way).
 */
export interface DepositOrderContext {
  order: DepositOrder | null;
  errorCode: string | null;
}

export type DepositOrderEvent =
  | { type: 'order.create'; request: DepositRequest }
  | { type: 'order.resume'; order: DepositOrder }
  | { type: 'order.check' }
  | { type: 'order.cancel' }
  | { type: 'order.confirmCancel' }
  | { type: 'order.dismissCancel' }
  | { type: 'order.expire' }
  | { type: 'order.new' };

const errorCodeOf = ({ event }: { event: { error: unknown } }) => failureCodeOf(event.error);

const orderIs =
  (status: DepositStatus) =>
  ({ context }: { context: DepositOrderContext }) =>
    context.order?.status === status;

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
    resume: assign({
      order: ({ event }) => {
        assertEvent(event, 'order.resume');
        return event.order;
      },
      errorCode: null,
    }),
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
      tags: ['form'],
      on: {
        'order.create': { target: 'creating' },
        'order.resume': { target: 'settling', actions: 'resume' },
      },
    },
    creating: {
      tags: ['form', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ event }) => {
          assertEvent(event, 'order.create');
          return event.request;
        },
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ errorCode: errorCodeOf }) },
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
      tags: ['order'],
      on: {
        'order.check': { target: 'checking' },
        'order.cancel': { target: 'confirmingCancel', actions: 'clearError' },
        'order.expire': { target: 'expired' },
      },
    },
    checking: {
      tags: ['order', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'checkOrder',
        src: 'checkOrder',
        input: ({ context }) => context.order!.code,
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'settling', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    confirmingCancel: {
      tags: ['order'],
      on: {
        'order.confirmCancel': { target: 'cancelling' },
        'order.dismissCancel': { target: 'open' },
      },
    },
    cancelling: {
      tags: ['order', 'busy'],
      entry: 'clearError',
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => context.order!.code,
        onDone: { target: 'settling', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'settling', actions: assign({ errorCode: errorCodeOf }) },
      },
    },
    /** Paid, the credit not yet at the provider: checking again retries it. */
    paid: {
      tags: ['result'],
      on: { 'order.check': { target: 'checking' } },
    },
    success: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
    canceled: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
    expired: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
    failed: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
  },
});
