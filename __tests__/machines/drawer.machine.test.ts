import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { drawerMachine } from '../../machines/drawer.machine';

/**
 * The drawer's rules as the product states them, independent of the machine: it starts closed, the menu
 * button opens it, and closing it or choosing any entry closes it. Any other event changes nothing.
 */
const EXPECTED: Record<'closed' | 'open', Record<'drawer.open' | 'drawer.close' | 'drawer.chooseEntry', 'closed' | 'open'>> = {
  closed: { 'drawer.open': 'open', 'drawer.close': 'closed', 'drawer.chooseEntry': 'closed' },
  open: { 'drawer.open': 'open', 'drawer.close': 'closed', 'drawer.chooseEntry': 'closed' },
};

const model = createTestModel(drawerMachine, {
  events: [{ type: 'drawer.open' }, { type: 'drawer.close' }, { type: 'drawer.chooseEntry' }],
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
    expect(covered).toEqual(new Set(['closed drawer.open open', 'open drawer.close closed', 'open drawer.chooseEntry closed']));
  });

  it.each(Object.entries(EXPECTED).flatMap(([from, events]) => Object.entries(events).map(([event, to]) => [from, event, to] as const)))(
    'in %s, %s leaves the drawer %s',
    (from, event, to) => {
      const actor = createActor(drawerMachine).start();
      if (from === 'open') actor.send({ type: 'drawer.open' });
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
          'drawer.open': () => {
            expected = EXPECTED[expected]['drawer.open'];
            actor.send({ type: 'drawer.open' });
          },
          'drawer.close': () => {
            expected = EXPECTED[expected]['drawer.close'];
            actor.send({ type: 'drawer.close' });
          },
          'drawer.chooseEntry': () => {
            expected = EXPECTED[expected]['drawer.chooseEntry'];
            actor.send({ type: 'drawer.chooseEntry' });
          },
        },
      });
      expect(actor.getSnapshot().value).toBe(expected);
      actor.stop();
    });
  });
});
