import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { breakMachine } from '../../machines/break.machine';
import type { Break, BreakDuration, BreakKind } from '../../contract/breaks';

/** A refused call as the site's API reports it: an error carrying the API's code. */
const apiError = (code: string) => Object.assign(new Error(code), { code });

const AT = new Date('2026-11-25T10:00:00Z');

/** The flow with a take call that answers as the test says, in order; `calls` records what was sent. */
function breakFlow(answers: Array<'ok' | 'shorten'> = ['ok']) {
  const calls: Array<{ kind: BreakKind; duration: BreakDuration }> = [];
  const actor = createActor(
    breakMachine.provide({
      actors: {
        take: fromPromise<Break, { kind: BreakKind; duration: BreakDuration }>(async ({ input }) => {
          calls.push(input);
          if (answers.shift() === 'shorten') throw apiError('EXCLUSION_CANNOT_SHORTEN');
          return { kind: input.kind, startsAt: AT.toISOString(), endsAt: null };
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('break machine: a break is confirmed twice', () => {
  it('takes nothing before the second confirmation, which names the end reckoned from the first', async () => {
    const { actor, calls } = breakFlow();
    actor.send({ type: 'break.choose', kind: 'TIME_OUT', duration: 'HOURS_24' });
    expect(actor.getSnapshot().value).toBe('confirmingChoice');
    actor.send({ type: 'break.confirmAgain' });
    expect(actor.getSnapshot().value).toBe('confirmingChoice');
    actor.send({ type: 'break.confirm', at: AT });
    expect(actor.getSnapshot().value).toBe('confirmingEnd');
    expect(actor.getSnapshot().context.endsAt).toBe('2026-11-26T10:00:00.000Z');
    expect(calls).toEqual([]);
    actor.send({ type: 'break.confirmAgain' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual([{ kind: 'TIME_OUT', duration: 'HOURS_24' }]);
    expect(actor.getSnapshot().context.taken).toMatchObject({ kind: 'TIME_OUT' });
  });

  it('names no end for good', () => {
    const { actor } = breakFlow();
    actor.send({ type: 'break.choose', kind: 'SELF_EXCLUSION', duration: 'FOR_GOOD' });
    actor.send({ type: 'break.confirm', at: AT });
    expect(actor.getSnapshot().value).toBe('confirmingEnd');
    expect(actor.getSnapshot().context.endsAt).toBeNull();
  });

  it('goes back to choosing from either confirmation, taking nothing', () => {
    const { actor, calls } = breakFlow();
    actor.send({ type: 'break.choose', kind: 'TIME_OUT', duration: 'DAYS_7' });
    actor.send({ type: 'break.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'break.choose', kind: 'SELF_EXCLUSION', duration: 'MONTHS_6' });
    actor.send({ type: 'break.confirm', at: AT });
    actor.send({ type: 'break.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(calls).toEqual([]);
  });

  it('keeps a refusal with its code, and starts over from a new choice', async () => {
    const { actor, calls } = breakFlow(['shorten', 'ok']);
    actor.send({ type: 'break.choose', kind: 'TIME_OUT', duration: 'HOURS_24' });
    actor.send({ type: 'break.confirm', at: AT });
    actor.send({ type: 'break.confirmAgain' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.errorCode).toBe('EXCLUSION_CANNOT_SHORTEN');
    actor.send({ type: 'break.confirmAgain' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'break.choose', kind: 'TIME_OUT', duration: 'DAYS_30' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    actor.send({ type: 'break.confirm', at: AT });
    actor.send({ type: 'break.confirmAgain' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.map((call) => call.duration)).toEqual(['HOURS_24', 'DAYS_30']);
  });

  it('reaches taking only through both confirmations, on every shortest path', () => {
    const paths = getShortestPaths(breakMachine, {
      events: [
        { type: 'break.choose', kind: 'TIME_OUT', duration: 'HOURS_24' },
        { type: 'break.confirm', at: AT },
        { type: 'break.confirmAgain' },
        { type: 'break.back' },
      ],
    });
    const toTaking = paths.filter((path) => path.state.matches('taking'));
    expect(toTaking.length).toBeGreaterThan(0);
    for (const path of toTaking) {
      expect(path.steps.map((step) => step.event.type).slice(-3)).toEqual(['break.choose', 'break.confirm', 'break.confirmAgain']);
    }
  });
});
