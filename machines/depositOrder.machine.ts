import { assertEvent, assign, fromPromise, not, setup, type DoneActorEvent } from 'xstate';
import type { DepositOrder, DepositRequest, DepositStatus } from '../contract/deposits';
import { failureCodeOf, isApiError } from '../contract/errors';

/**
 * A deposit order on the deposit page: the player creates it (or the page resumes the open one),
 * pays the QR from a banking app, then checks; or cancels after a warning (if already paid, press
 * check first; cancelling after paying means contacting staff). The server's answer decides where
 * the order goes: every answer passes through `settling`, which follows the order's status.
 *
 * Pure: the page provides the actors (createOrder, checkOrder, cancelOrder call the API); a failed
 * call rejects with the API's { code, message, params? }, its code kept in context.errorCode (and its
 * params, e.g. the limit a DEPOSIT_LIMIT_EXCEEDED names, in context.errorParams) for the page
 * to show (DEPOSIT_NOT_PAID: not paid yet, please scan the QR).
 *
 * The page also notices a payment by itself: while the order is OPEN (waiting on the bank) or PAID
 * (waiting on the provider's credit) it reads the order again (pollOrder), first after 2 s and then
 * less often up to every 4 s, so a payment shows within 5 s of the bank's webhook. A hidden tab does
 * not poll; showing or focusing it again reads the order at once.
 *
 * Tags tell the page what to show: `form` (the deposit form), `order` (the open order and its QR),
 * `result` (where the order ended up), `busy` (a call is under way).
 */
export interface DepositOrderContext {
  order: DepositOrder | null;
  errorCode: string | null;
  /** The refusal's own params (what it names), null without them. */
  errorParams: Record<string, string | null> | null;
  /** Reads of the order since it reached its current status: each one waits a little longer. */
  polls: number;
  pageHidden: boolean;
}

export type DepositOrderEvent =
  | { type: 'order.create'; request: DepositRequest }
  | { type: 'order.resume'; order: DepositOrder }
  | { type: 'order.check' }
  | { type: 'order.cancel' }
  | { type: 'order.confirmCancel' }
  | { type: 'order.dismissCancel' }
  | { type: 'order.expire' }
  | { type: 'order.new' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

const FIRST_POLL_MS = 2000;
const SLOWEST_POLL_MS = 4000;

/** How long the page waits before reading the order again after `polls` reads. */
export function pollDelayMs(polls: number): number {
  return Math.min(Math.round(FIRST_POLL_MS * 1.25 ** polls), SLOWEST_POLL_MS);
}

const errorCodeOf = ({ event }: { event: { error: unknown } }) => failureCodeOf(event.error);
/** What a refusal names (e.g. the limit a DEPOSIT_LIMIT_EXCEEDED went over), kept with its code. */
const errorParamsOf = ({ event }: { event: { error: unknown } }) => (isApiError(event.error) && event.error.params) || null;

const orderIs =
  (status: DepositStatus) =>
  ({ context }: { context: DepositOrderContext }) =>
    context.order?.status === status;

/** The order a read brought back (only on pollOrder's done event). */
const polledOrder = (event: unknown) => (event as DoneActorEvent<DepositOrder>).output;

/** Reads the order until its status moves: the same while it waits on the bank (open) or the provider (paid). */
const pollingStates = {
  initial: 'waiting',
  states: {
    waiting: { after: { pollDelay: [{ guard: 'pageHidden', target: 'paused' }, { target: 'polling' }] } },
    paused: { on: { 'page.visible': { target: 'polling', actions: 'markVisible' } } },
    polling: {
      invoke: {
        id: 'pollOrder',
        src: 'pollOrder',
        input: ({ context }: { context: DepositOrderContext }) => context.order!.code,
        onDone: [
          { guard: 'orderMoved', target: '#depositOrder.settling', actions: 'keepPolledOrder' },
          { target: 'waiting', actions: 'countPoll' },
        ],
        // A failed read is not the player's business: the next one may succeed (a 401 ends the session elsewhere).
        onError: { target: 'waiting', actions: 'countPoll' },
      },
    },
  },
} as const;

export const depositOrderMachine = setup({
  types: {
    context: {} as DepositOrderContext,
    events: {} as DepositOrderEvent,
  },
  actors: {
    createOrder: fromPromise<DepositOrder, DepositRequest>(() => Promise.reject(new Error('createOrder is provided by the deposit page'))),
    checkOrder: fromPromise<DepositOrder, string>(() => Promise.reject(new Error('checkOrder is provided by the deposit page'))),
    cancelOrder: fromPromise<DepositOrder, string>(() => Promise.reject(new Error('cancelOrder is provided by the deposit page'))),
    pollOrder: fromPromise<DepositOrder, string>(() => Promise.reject(new Error('pollOrder is provided by the deposit page'))),
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.polls),
  },
  actions: {
    clearError: assign({ errorCode: null, errorParams: null }),
    forget: assign({ order: null, errorCode: null, errorParams: null }),
    resetPolls: assign({ polls: 0 }),
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
    markHidden: assign({ pageHidden: true }),
    markVisible: assign({ pageHidden: false }),
    keepPolledOrder: assign({ order: ({ event }) => polledOrder(event) }),
    resume: assign({
      order: ({ event }) => {
        assertEvent(event, 'order.resume');
        return event.order;
      },
      errorCode: null,
      errorParams: null,
    }),
  },
  guards: {
    isOpen: orderIs('OPEN'),
    isPaid: orderIs('PAID'),
    isSuccess: orderIs('SUCCESS'),
    isCanceled: orderIs('CANCELED'),
    isExpired: orderIs('EXPIRED'),
    pageHidden: ({ context }) => context.pageHidden,
    orderMoved: ({ context, event }) => polledOrder(event).status !== context.order?.status,
  },
}).createMachine({
  id: 'depositOrder',
  context: { order: null, errorCode: null, errorParams: null, polls: 0, pageHidden: false },
  initial: 'idle',
  // Only a change is taken: a focus on a shown page must not make a new snapshot (and a render).
  on: {
    'page.hidden': { guard: not('pageHidden'), actions: 'markHidden' },
    'page.visible': { guard: 'pageHidden', actions: 'markVisible' },
  },
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
        onError: { target: 'idle', actions: assign({ errorCode: errorCodeOf, errorParams: errorParamsOf }) },
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
      entry: 'resetPolls',
      ...pollingStates,
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
        onError: { target: 'settling', actions: assign({ errorCode: errorCodeOf, errorParams: errorParamsOf }) },
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
        onError: { target: 'settling', actions: assign({ errorCode: errorCodeOf, errorParams: errorParamsOf }) },
      },
    },
    /** Paid, the credit not yet at the provider: checking again retries it. */
    paid: {
      tags: ['result'],
      entry: 'resetPolls',
      ...pollingStates,
      on: { 'order.check': { target: 'checking' } },
    },
    success: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
    canceled: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
    expired: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
    failed: { tags: ['result'], on: { 'order.new': { target: 'idle', actions: 'forget' } } },
  },
});
