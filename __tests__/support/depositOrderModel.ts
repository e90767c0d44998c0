import { getShortestPaths } from 'xstate/graph';
import type { StateValue } from 'xstate';
import { depositOrderMachine, type DepositOrderEvent } from '../../machines/depositOrder.machine';
import type { DepositOrder, DepositStatus } from '../../contract/deposits';

/** The depositOrder machine's model: its events and shortest paths, tested on the machine and replayed on the page. */
export const CODE = 'D250601MODELTST';
export function orderWith(status: DepositStatus, expiresInMs = 15 * 60_000): DepositOrder {
  const now = Date.now();
  return {
    code: CODE,
    provider: 'askmebet',
    amount: '100000',
    credit: '156.25',
    rate: '640',
    status,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + expiresInMs).toISOString(),
    paidAt: status === 'PAID' || status === 'SUCCESS' ? new Date(now).toISOString() : null,
    promoCredit: null,
    creditedTotal: null,
  };
}

// The outcomes of the page's calls enter the model as the machine's own done and error events.
export const done = (actor: string, status: DepositStatus) => ({ type: `xstate.done.actor.${actor}`, output: orderWith(status) });
export const failed = (actor: string, code: string) => ({ type: `xstate.error.actor.${actor}`, error: { code } });

export const EVENTS = [
  { type: 'order.create', request: { provider: 'askmebet', amount: '100000' } },
  { type: 'order.resume', order: orderWith('OPEN') },
  done('createOrder', 'OPEN'),
  failed('createOrder', 'DEPOSIT_AMOUNT_OUT_OF_RANGE'),
  { type: 'order.check' },
  done('checkOrder', 'SUCCESS'),
  done('checkOrder', 'PAID'),
  done('checkOrder', 'FAILED'),
  failed('checkOrder', 'DEPOSIT_NOT_PAID'),
  { type: 'order.cancel' },
  { type: 'order.dismissCancel' },
  { type: 'order.confirmCancel' },
  done('cancelOrder', 'CANCELED'),
  { type: 'order.expire' },
  { type: 'order.new' },
  // The page reads the order by itself while it waits on the bank or the provider.
  { type: 'xstate.after.pollDelay.depositOrder.open.waiting' },
  { type: 'xstate.after.pollDelay.depositOrder.paid.waiting' },
  done('pollOrder', 'OPEN'),
  done('pollOrder', 'PAID'),
  done('pollOrder', 'SUCCESS'),
  failed('pollOrder', 'INTERNAL'),
  { type: 'page.hidden' },
  { type: 'page.visible' },
] as unknown as DepositOrderEvent[];

/** A state value as a dotted path: "open.paused". */
export const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, child]) => `${key}.${pathOf(child!)}`)[0];

export const paths = getShortestPaths(depositOrderMachine, {
  events: EVENTS,
  serializeState: (state) =>
    JSON.stringify([state.value, state.context.errorCode, state.context.order?.status ?? null, state.context.pageHidden]),
});

export const describePath = (path: (typeof paths)[number]) =>
  path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start';
