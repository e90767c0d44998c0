import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { realityCheckMachine } from '../../machines/realityCheck.machine';

const MINUTE = 60_000;
const START = Date.parse('2026-03-15T03:00:00Z');

/** A running machine whose provided actions count their calls; time is jest's fake clock. */
function startMachine() {
  const calls = { announceCheck: 0, logOut: 0 };
  const actor = createActor(
    realityCheckMachine.provide({
      actions: {
        announceCheck: () => {
          calls.announceCheck += 1;
        },
        logOut: () => {
          calls.logOut += 1;
        },
      },
    }),
  ).start();
  return { actor, calls, state: () => actor.getSnapshot().value };
}

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('reality check machine', () => {
  it('fires N minutes after the session started, not N minutes after the page loaded', () => {
    // the page is reloaded 10 minutes into the session
    jest.setSystemTime(START + 10 * MINUTE);
    const { actor, calls, state } = startMachine();
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 15 });
    expect(state()).toBe('waiting');
    jest.advanceTimersByTime(5 * MINUTE - 1);
    expect(state()).toBe('waiting');
    jest.advanceTimersByTime(1);
    expect(state()).toBe('showing');
    expect(calls.announceCheck).toBe(1);
  });

  it('re-arms on continue for the next multiple of the interval', () => {
    const { actor, calls, state } = startMachine();
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 30 });
    jest.advanceTimersByTime(30 * MINUTE);
    expect(state()).toBe('showing');
    // the player reads the dialog for two minutes
    jest.advanceTimersByTime(2 * MINUTE);
    actor.send({ type: 'check.continue' });
    expect(state()).toBe('waiting');
    jest.advanceTimersByTime(28 * MINUTE - 1);
    expect(state()).toBe('waiting');
    jest.advanceTimersByTime(1);
    expect(state()).toBe('showing');
    expect(calls.announceCheck).toBe(2);
  });

  it('never fires when off', () => {
    const { actor, calls, state } = startMachine();
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 0 });
    expect(state()).toBe('off');
    jest.advanceTimersByTime(24 * 60 * MINUTE);
    expect(state()).toBe('off');
    expect(calls.announceCheck).toBe(0);
  });

  it('follows a change of interval at once, counted from the session start', () => {
    const { actor, state } = startMachine();
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 60 });
    jest.advanceTimersByTime(20 * MINUTE);
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 15 });
    // the next multiple of 15 minutes after minute 20 is minute 30
    jest.advanceTimersByTime(10 * MINUTE - 1);
    expect(state()).toBe('waiting');
    jest.advanceTimersByTime(1);
    expect(state()).toBe('showing');
    actor.send({ type: 'check.continue' });
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 0 });
    expect(state()).toBe('off');
    jest.advanceTimersByTime(120 * MINUTE);
    expect(state()).toBe('off');
  });

  it('keeps the dialog up when the settings are read again while it shows', () => {
    const { actor, state } = startMachine();
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 15 });
    jest.advanceTimersByTime(15 * MINUTE);
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 30 });
    expect(state()).toBe('showing');
    actor.send({ type: 'check.continue' });
    jest.advanceTimersByTime(15 * MINUTE - 1);
    expect(state()).toBe('waiting');
    jest.advanceTimersByTime(1);
    expect(state()).toBe('showing');
  });

  it('logs out from the dialog and stops', () => {
    const { actor, calls } = startMachine();
    actor.send({ type: 'settings.loaded', sessionStartMs: START, minutes: 15 });
    jest.advanceTimersByTime(15 * MINUTE);
    actor.send({ type: 'check.logOut' });
    expect(calls.logOut).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('reaches every state', () => {
    const reached = getShortestPaths(realityCheckMachine, {
      events: [
        { type: 'settings.loaded', sessionStartMs: START, minutes: 15 },
        { type: 'settings.loaded', sessionStartMs: START, minutes: 0 },
        { type: 'check.continue' },
        { type: 'check.logOut' },
        { type: 'xstate.after.untilNextCheck.realityCheck.waiting' } as never,
      ],
    }).map((path) => JSON.stringify(path.state.value));
    expect(reached).toEqual(expect.arrayContaining(['"unknown"', '"off"', '"waiting"', '"showing"', '"loggingOut"']));
  });
});
