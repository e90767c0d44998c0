import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { drawerMachine } from '../../machines/drawer.machine';

/**
 * The drawer's rules as SPEC.md states them, independent of the machine: it starts closed, the menu
 * button opens it, and closing it or choosing any entry closes it. Any other event changes nothing.
 */
const EXPECTED: Record<'closed' | 'open', Record<'OPEN' | 'CLOSE' | 'CHOOSE_ENTRY', 'closed' | 'open'>> = {
  closed: { OPEN: 'open', CLOSE: 'closed', CHOOSE_ENTRY: 'closed' },
  open: { OPEN: 'open', CLOSE: 'closed', CHOOSE_ENTRY: 'closed' },
};

const model = createTestModel(drawerMachine, {
  events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'CHOOSE_ENTRY' }],
  // Each (state, event that led there) is its own vertex, so the shortest paths cover every transition.
  serializeState: (snapshot, event) => `${JSON.stringify(snapshot.value)} via ${event?.type ?? 'start'}`,
});

describe('drawer machine', () => {
  const paths = model.getShortestPaths();

  it('has paths through every transition of the drawer', () => {
    const covered = new Set(
      paths.flatMap((path) =>
        path.steps.slice(1).map((step, index) => `${String(path.steps[index].state.value)} ${step.event.type} ${String(step.state.value)}`),
      ),
    );
    expect(covered).toEqual(new Set(['closed OPEN open', 'open CLOSE closed', 'open CHOOSE_ENTRY closed']));
  });

  it.each(Object.entries(EXPECTED).flatMap(([from, events]) => Object.entries(events).map(([event, to]) => [from, event, to] as const)))(
    'in %s, %s leaves the drawer %s',
    (from, event, to) => {
      const actor = createActor(drawerMachine).start();
      if (from === 'open') actor.send({ type: 'OPEN' });
      actor.send({ type: event as keyof (typeof EXPECTED)['open'] });
      expect(actor.getSnapshot().value).toBe(to);
      actor.stop();
    },
  );

  describe.each(paths.map((path) => [path.description, path] as const))('%s', (_description, path) => {
    it('lands where the drawer rules say, step by step', async () => {
      const actor = createActor(drawerMachine).start();
      let expected: 'closed' | 'open' = 'closed';
      await path.test({
        states: {
          closed: () => expect(actor.getSnapshot().value).toBe('closed'),
          open: () => expect(actor.getSnapshot().value).toBe('open'),
        },
        events: {
          OPEN: () => {
            expected = EXPECTED[expected].OPEN;
            actor.send({ type: 'OPEN' });
          },
          CLOSE: () => {
            expected = EXPECTED[expected].CLOSE;
            actor.send({ type: 'CLOSE' });
          },
          CHOOSE_ENTRY: () => {
            expected = EXPECTED[expected].CHOOSE_ENTRY;
            actor.send({ type: 'CHOOSE_ENTRY' });
          },
        },
      });
      expect(actor.getSnapshot().value).toBe(expected);
      actor.stop();
    });
  });
});
