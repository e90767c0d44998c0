import { createActor, fromPromise, waitFor } from 'xstate';
import { withdrawalReviewMachine, type WithdrawalReviewEmitted } from '../../machines/withdrawalReview.machine';
import type { WithdrawalApprovalResponse } from '../../contract/withdrawalReview';

const answer = (awaitingSecondApproval: boolean) =>
  ({ awaitingSecondApproval, approvals: [], approvalsNeeded: awaitingSecondApproval ? 2 : 1 }) as unknown as WithdrawalApprovalResponse;

/** The machine with its calls answered as given; every emitted outcome is kept. */
function start({ approve, reject }: { approve?: () => Promise<WithdrawalApprovalResponse>; reject?: () => Promise<unknown> }) {
  const calls: unknown[] = [];
  const machine = withdrawalReviewMachine.provide({
    actors: {
      approve: fromPromise(async ({ input }: { input: string }) => {
        calls.push(['approve', input]);
        return approve!();
      }),
      reject: fromPromise(async ({ input }: { input: { code: string; reason: string } }) => {
        calls.push(['reject', input]);
        return reject!();
      }),
    },
  });
  const actor = createActor(machine).start();
  const outcomes: WithdrawalReviewEmitted[] = [];
  actor.on('outcome', (event) => outcomes.push(event));
  return { actor, calls, outcomes };
}

/** A failed call: the API's { code, message } (an Error here, which the machine reads the same). */
const apiFailure = (code: string): Promise<never> => Promise.reject(Object.assign(new Error('no'), { code }));

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));

describe('withdrawal review machine', () => {
  it('approves: paid when one approval was enough, told once', async () => {
    const { actor, calls, outcomes } = start({ approve: () => Promise.resolve(answer(false)) });
    actor.send({ type: 'review.approve', code: 'W1' });
    expect(actor.getSnapshot().value).toBe('approving');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second click while the first is with the server changes nothing.
    actor.send({ type: 'review.approve', code: 'W2' });
    expect((await settled(actor)).value).toBe('paid');
    expect(calls).toEqual([['approve', 'W1']]);
    expect(outcomes).toEqual([{ type: 'outcome', outcome: 'paid', code: 'W1', errorCode: null }]);
  });

  it('approves: awaitingSecond when the four-eyes amount asks for another operator', async () => {
    const { actor, outcomes } = start({ approve: () => Promise.resolve(answer(true)) });
    actor.send({ type: 'review.approve', code: 'W1' });
    expect((await settled(actor)).value).toBe('awaitingSecond');
    expect(outcomes.map((o) => o.outcome)).toEqual(['awaitingSecond']);
  });

  it('a 409 WITHDRAWAL_NOT_OPEN is decidedElsewhere; SECOND_APPROVER_REQUIRED and others are failed with their code', async () => {
    for (const [code, state] of [
      ['WITHDRAWAL_NOT_OPEN', 'decidedElsewhere'],
      ['SECOND_APPROVER_REQUIRED', 'failed'],
      ['INTERNAL', 'failed'],
    ] as const) {
      const { actor, outcomes } = start({ approve: () => apiFailure(code) });
      actor.send({ type: 'review.approve', code: 'W1' });
      const snapshot = await settled(actor);
      expect([code, snapshot.value, snapshot.context.errorCode]).toEqual([code, state, code]);
      expect(outcomes).toEqual([{ type: 'outcome', outcome: state, code: 'W1', errorCode: code }]);
    }
  });

  it('rejects only after a reason; cancel asks nothing', async () => {
    const { actor, calls, outcomes } = start({ reject: () => Promise.resolve({}) });
    actor.send({ type: 'review.reject', code: 'W1' });
    expect(actor.getSnapshot().value).toBe('askingReason');
    actor.send({ type: 'review.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);

    actor.send({ type: 'review.reject', code: 'W2' });
    actor.send({ type: 'review.submitReason', reason: 'name mismatch' });
    expect(actor.getSnapshot().value).toBe('rejecting');
    expect((await settled(actor)).value).toBe('rejected');
    expect(calls).toEqual([['reject', { code: 'W2', reason: 'name mismatch' }]]);
    expect(outcomes.map((o) => [o.outcome, o.code])).toEqual([['rejected', 'W2']]);
  });

  it('a reject someone else beat is decidedElsewhere', async () => {
    const { actor } = start({ reject: () => apiFailure('WITHDRAWAL_NOT_OPEN') });
    actor.send({ type: 'review.reject', code: 'W1' });
    actor.send({ type: 'review.submitReason', reason: 'late' });
    expect((await settled(actor)).value).toBe('decidedElsewhere');
  });

  it('from an answer the operator starts the next decision or dismisses it', async () => {
    const { actor } = start({ approve: () => Promise.resolve(answer(false)) });
    actor.send({ type: 'review.approve', code: 'W1' });
    await settled(actor);
    actor.send({ type: 'review.reject', code: 'W2' });
    expect(actor.getSnapshot().value).toBe('askingReason');
    expect(actor.getSnapshot().context).toEqual({ code: 'W2', errorCode: null });
    actor.send({ type: 'review.cancel' });
    actor.send({ type: 'review.approve', code: 'W3' });
    await settled(actor);
    actor.send({ type: 'review.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
