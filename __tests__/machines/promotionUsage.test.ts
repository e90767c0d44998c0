import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { promotionUsageMachine, type PromotionUsageEvent } from '../../machines/promotionUsage.machine';
import type { PromotionUsage, PromotionUseRequest } from '../../contract/promotions';
import { PROMOTION, usageWith } from '../support/promotionFixtures';

// The outcomes of the page's calls enter the model as the machine's own done and error events.
const PROMOTION_USAGE_EVENTS = [
  { type: 'promotion.use', promotionId: PROMOTION.id, providers: PROMOTION.providers },
  { type: 'promotion.pick', provider: 'betflix' },
  { type: 'promotion.pick', provider: 'gclub' },
  { type: 'xstate.done.actor.usePromotion', output: usageWith('ACTIVE', { provider: 'betflix' }) },
  { type: 'xstate.error.actor.usePromotion', error: { code: 'PROMOTION_ONLY_FOR_FIRST_ORDER' } },
  { type: 'usage.cancel', usageId: 'usage-1' },
  { type: 'usage.confirmCancel' },
  { type: 'xstate.done.actor.cancelUsage', output: usageWith('CANCELED') },
  { type: 'xstate.error.actor.cancelUsage', error: { code: 'PROMOTION_USAGE_NOT_CANCELABLE' } },
  { type: 'usage.recheck' },
  { type: 'xstate.done.actor.recheckUsage', output: usageWith('SUCCESS') },
  { type: 'xstate.error.actor.recheckUsage', error: {} },
  { type: 'usage.dismiss' },
] as unknown as PromotionUsageEvent[];

const serializeState = (state: { value: unknown; context: { errorCode: string | null; usage: { status: string } | null } }) =>
  JSON.stringify([state.value, state.context.errorCode, state.context.usage?.status ?? null]);

describe('the promotionUsage machine', () => {
  const paths = getShortestPaths(promotionUsageMachine, { events: PROMOTION_USAGE_EVENTS, serializeState });

  it('reaches every state: use, cancel and recheck with each of their outcomes', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(
      [
        'canceled',
        'canceling',
        'choosingProvider',
        'confirmingCancel',
        'failed',
        'idle',
        'rechecked',
        'rechecking',
        'taken',
        'using',
      ].sort(),
    );
  });

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start', path] as const))(
    'replays %s with the calls answering as the path says',
    async (_, path) => {
      // Each call answers with the outcome event that follows the step which started it; a path ending on a call leaves it running.
      let answer: AnyEventObject | undefined;
      const answered = <T>(): Promise<T> => {
        const outcome = answer;
        if (!outcome) return new Promise<T>(() => {});
        return outcome.type.startsWith('xstate.done')
          ? Promise.resolve((outcome as unknown as { output: T }).output)
          : Promise.reject((outcome as unknown as { error: Error }).error);
      };
      const actor = createActor(
        promotionUsageMachine.provide({
          actors: {
            usePromotion: fromPromise<PromotionUsage, PromotionUseRequest>(() => answered()),
            cancelUsage: fromPromise<PromotionUsage, string>(() => answered()),
            recheckUsage: fromPromise<PromotionUsage | null, void>(() => answered()),
          },
        }),
      ).start();
      for (let index = 0; index < path.steps.length; index++) {
        const { state } = path.steps[index];
        const event = path.steps[index].event as AnyEventObject;
        if (event.type === 'xstate.init') continue;
        if (event.type.startsWith('xstate.')) {
          // The answer of the call the previous step started: wait for the machine to take it.
          await waitFor(actor, (snapshot) => snapshot.value === state.value);
        } else {
          const next = path.steps[index + 1]?.event as AnyEventObject | undefined;
          answer = next?.type.startsWith('xstate.') ? next : undefined;
          actor.send(event as PromotionUsageEvent);
        }
        expect(actor.getSnapshot().value).toEqual(state.value);
        expect(actor.getSnapshot().context.errorCode).toBe(state.context.errorCode);
        expect(actor.getSnapshot().context.usage?.status ?? null).toBe(state.context.usage?.status ?? null);
      }
      actor.stop();
    },
  );

  it('asks only for a provider the promotion offers, and uses the one picked', () => {
    const actor = createActor(promotionUsageMachine).start();
    actor.send({ type: 'promotion.use', promotionId: PROMOTION.id, providers: PROMOTION.providers });
    actor.send({ type: 'promotion.pick', provider: 'gclub' });
    expect(actor.getSnapshot().value).toBe('choosingProvider');
    actor.send({ type: 'promotion.pick', provider: 'betflix' });
    expect(actor.getSnapshot().value).toBe('using');
    expect(actor.getSnapshot().children.usePromotion).toBeDefined();
  });

  it('ignores use for a promotion without providers, and keeps a failure code until dismissed', () => {
    const actor = createActor(promotionUsageMachine).start();
    actor.send({ type: 'promotion.use', promotionId: PROMOTION.id, providers: [] });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'usage.cancel', usageId: 'usage-1' });
    expect(actor.getSnapshot().context.cancelUsageId).toBe('usage-1');
    actor.send({ type: 'usage.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'usage.recheck' });
    // The default actor has no API: it fails, and the machine says INTERNAL.
    return new Promise<void>((resolve) => {
      actor.subscribe((snapshot) => {
        if (snapshot.matches('failed')) {
          expect(snapshot.context.errorCode).toBe('INTERNAL');
          resolve();
        }
      });
    });
  });
});
