import { createActor, fromPromise, waitFor } from 'xstate';
import { unmatchedPaymentMachine, type ResolvePaymentInput } from '../../machines/unmatchedPayment.machine';
import type { UnmatchedPayment, UnmatchedPaymentResponse } from '../../contract/adminDeposits';

const PAYMENT: UnmatchedPayment = {
  id: '7d1f3f3e-2a7c-4d0e-9b4b-1c2d3e4f5a6b',
  billNumber: 'D261125ABCDEFGH',
  reason: 'AMOUNT_MISMATCH',
  amount: '123456',
  transactionId: 'SBX1',
  paidAt: '2026-11-25T08:00:00.000Z',
  status: 'UNRESOLVED',
  rate: '640',
  credit: '192.90',
  resolution: null,
  creditedDeposit: null,
  resolvedBy: null,
  resolutionReason: null,
  resolvedAt: null,
};
const PLAYER = { id: 'b0b0b0b0-0000-4000-8000-000000000001', username: 'noy' };
const ANSWER: UnmatchedPaymentResponse = {
  payment: { ...PAYMENT, status: 'RESOLVED', resolution: 'CREDITED', creditedDeposit: 'D261125ZZZZZZZZ' },
  refund: null,
};

/** The machine with a resolvePayment that answers with each of `outcomes` in turn, recording its inputs. */
function start(outcomes: Array<UnmatchedPaymentResponse | { code: string; status: number }>, payment = PAYMENT) {
  const calls: ResolvePaymentInput[] = [];
  const machine = unmatchedPaymentMachine.provide({
    actors: {
      resolvePayment: fromPromise<UnmatchedPaymentResponse, ResolvePaymentInput>(({ input }) => {
        calls.push(input);
        const outcome = outcomes[calls.length - 1];
        // The API's refusals carry { code, status }, as the page's calls reject with them.
        return 'payment' in outcome ? Promise.resolve(outcome) : Promise.reject(Object.assign(new Error(outcome.code), outcome));
      }),
    },
  });
  return { actor: createActor(machine, { input: { payment } }).start(), calls };
}

describe('the unmatchedPayment machine', () => {
  it('goes choosing → previewing → confirming → resolving → resolved for a credit', async () => {
    const { actor, calls } = start([ANSWER]);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'choose.credit', player: PLAYER, provider: 'askmebet' });
    expect(actor.getSnapshot().value).toBe('previewing');
    actor.send({ type: 'preview.accept' });
    actor.send({ type: 'confirm', reason: ' no ', idempotencyKey: 'key-00000001' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'confirm', reason: ' wrong amount ', idempotencyKey: 'key-00000001' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(actor.getSnapshot().value).toBe('resolved');
    expect(actor.getSnapshot().context.result).toEqual(ANSWER);
    expect(calls).toEqual([
      {
        paymentId: PAYMENT.id,
        resolution: { action: 'credit', player: PLAYER, provider: 'askmebet' },
        reason: 'wrong amount',
        idempotencyKey: 'key-00000001',
      },
    ]);
  });

  it('ends in alreadyResolved on PAYMENT_ALREADY_RESOLVED', async () => {
    const { actor } = start([{ code: 'PAYMENT_ALREADY_RESOLVED', status: 409 }]);
    actor.send({ type: 'choose.refund' });
    actor.send({ type: 'preview.accept' });
    actor.send({ type: 'confirm', reason: 'payer asked', idempotencyKey: 'key-00000002' });
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(actor.getSnapshot().value).toBe('alreadyResolved');
  });

  it('fails with the code and retries with the same key', async () => {
    const { actor, calls } = start([{ code: 'INTERNAL', status: 502 }, ANSWER]);
    actor.send({ type: 'choose.refund' });
    actor.send({ type: 'preview.accept' });
    actor.send({ type: 'confirm', reason: 'payer asked', idempotencyKey: 'key-00000003' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorCode).toBe('INTERNAL');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(actor.getSnapshot().value).toBe('resolved');
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['key-00000003', 'key-00000003']);
  });

  it('offers no credit without the rate of the payment time, and goes back step by step', () => {
    const { actor } = start([], { ...PAYMENT, rate: null, credit: null });
    actor.send({ type: 'choose.credit', player: PLAYER, provider: 'askmebet' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'choose.refund' });
    actor.send({ type: 'preview.accept' });
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('previewing');
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });
});
