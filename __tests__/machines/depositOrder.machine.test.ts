import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { depositOrderMachine, pollDelayMs, type DepositOrderEvent } from '../../machines/depositOrder.machine';
import { depositStageOf } from '../../src/features/deposit/useDepositOrder';
import type { DepositOrder, DepositStatus } from '../../contract/deposits';
import { EVENTS, describePath, failed, orderWith, pathOf, paths } from '../support/depositOrderModel';

describe('the depositOrder machine', () => {
  it('reaches every state of the lifecycle', () => {
    const reached = new Set(paths.map((path) => pathOf(path.state.value)));
    for (const state of [
      'idle',
      'open.waiting',
      'open.polling',
      'open.paused',
      'confirmingCancel',
      'paid.waiting',
      'paid.polling',
      'paid.paused',
      'success',
      'canceled',
      'expired',
      'failed',
    ])
      expect(reached).toContain(state);
  });

  it('notices the payment by reading the order, and moves to success with no click', () => {
    const withoutClicks = getShortestPaths(depositOrderMachine, {
      events: EVENTS.filter((event) => !event.type.includes('heck')),
      serializeState: (state) => JSON.stringify([state.value, state.context.order?.status ?? null]),
    });
    const noticed = withoutClicks.find((path) => path.state.value === 'success');
    expect(noticed && describePath(noticed)).toBe('init → order.resume → after.pollDelay.depositOrder.open.waiting → done.actor.pollOrder');
  });

  it('keeps the not-paid answer for the page and forgets the order on NEW', () => {
    const actor = createActor(depositOrderMachine).start();
    actor.send({ type: 'order.resume', order: orderWith('OPEN') });
    actor.send({ type: 'order.check' });
    actor.send(failed('checkOrder', 'DEPOSIT_NOT_PAID') as unknown as DepositOrderEvent);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'DEPOSIT_NOT_PAID', order: { status: 'OPEN' } });
    actor.send({ type: 'order.expire' });
    actor.send({ type: 'order.new' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ order: null, errorCode: null });
  });
});

describe('reading the order while it waits', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function pollingActor(answers: DepositStatus[]) {
    const reads: number[] = [];
    const actor = createActor(
      depositOrderMachine.provide({
        actors: {
          pollOrder: fromPromise<DepositOrder, string>(async () => {
            reads.push(Date.now());
            return orderWith(answers.shift() ?? 'OPEN');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'order.resume', order: orderWith('OPEN') });
    return { actor, reads };
  }

  it('waits 2 s, then longer after each unchanged answer, never more than 4 s', async () => {
    expect([0, 1, 2, 3, 4, 10].map(pollDelayMs)).toEqual([2000, 2500, 3125, 3906, 4000, 4000]);
    const start = Date.now();
    const { actor, reads } = pollingActor([]);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(reads.map((at) => at - start)).toEqual([2000, 4500, 7625, 11531, 15531, 19531]);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    actor.stop();
  });

  it('moves to success on the read that sees the payment, and reads no more', async () => {
    const { actor, reads } = pollingActor(['OPEN', 'SUCCESS']);
    await jest.advanceTimersByTimeAsync(4500);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.order?.status).toBe('SUCCESS');
    await jest.advanceTimersByTimeAsync(20_000);
    expect(reads).toHaveLength(2);
    actor.stop();
  });

  it('keeps reading a paid order until the provider has the credit', async () => {
    const { actor, reads } = pollingActor(['PAID', 'PAID', 'SUCCESS']);
    await jest.advanceTimersByTimeAsync(2000);
    expect(depositStageOf(actor.getSnapshot().value)).toBe('paid');
    await jest.advanceTimersByTimeAsync(4500);
    expect(actor.getSnapshot().value).toBe('success');
    expect(reads).toHaveLength(3);
    actor.stop();
  });

  it('does not read while the tab is hidden, and reads at once when it is shown again', async () => {
    const { actor, reads } = pollingActor(['SUCCESS']);
    actor.send({ type: 'page.hidden' });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(reads).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ open: 'paused' });
    actor.send({ type: 'page.visible' });
    await jest.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('success');
    actor.stop();
  });

  it('keeps the page quiet when a read fails, and tries again later', async () => {
    const reads: number[] = [];
    const actor = createActor(
      depositOrderMachine.provide({
        actors: {
          pollOrder: fromPromise<DepositOrder, string>(() => {
            reads.push(Date.now());
            return Promise.reject(Object.assign(new Error('down'), { code: 'INTERNAL' }));
          }),
        },
      }),
    ).start();
    actor.send({ type: 'order.resume', order: orderWith('OPEN') });
    await jest.advanceTimersByTimeAsync(5000);
    expect(reads).toHaveLength(2);
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    actor.stop();
  });
});
