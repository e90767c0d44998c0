import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyActorRef, AnyStateMachine, EventFromLogic, InspectionEvent, SnapshotFrom } from 'xstate';
import { nextTask } from '../nextTask';

/** What a component reads of a machine's state. */
export type MachineView<Machine extends AnyStateMachine> = Pick<SnapshotFrom<Machine>, 'value' | 'context' | 'tags'>;

/**
 * Runs a machine without XState in the chunks a page needs to draw: the shell's (the session, the
 * drawer) and the deposit page's. The page draws and hydrates from `initial`, the state the machine
 * starts in; the machine and XState start loading one task after the page's effects, and the actor
 * starts one task after they arrive. Events sent before it runs are kept and sent to it then, in
 * order.
 */
export function useLazyMachine<Machine extends AnyStateMachine>(
  load: () => Promise<Machine>,
  initial: MachineView<Machine>,
  options: { inspect?: (event: InspectionEvent) => void } = {},
): [MachineView<Machine>, (event: EventFromLogic<Machine>) => void] {
  const [view, setView] = useState(initial);
  // The first render's: the machine starts where that render drew it.
  const start = useRef({ load, initial, inspect: options.inspect });
  const actor = useRef<AnyActorRef>(undefined);
  const early = useRef<EventFromLogic<Machine>[]>([]);

  useEffect(() => {
    const { load, initial, inspect } = start.current;
    let cancelled = false;
    let running: AnyActorRef | undefined;
    // Hydration runs every component's effects in one task, and the chunks' modules evaluate in
    // one task when they arrive: inserting the chunks' scripts and starting the actor each take a
    // task of their own instead of lengthening those.
    const run = async () => {
      await nextTask();
      if (cancelled) return;
      const [machine, { createActor }] = await Promise.all([load(), import(/* webpackChunkName: "xstate" */ 'xstate')]);
      await nextTask();
      if (cancelled) return;
      const started: AnyActorRef = createActor(machine as AnyStateMachine, { snapshot: machine.resolveState(initial), inspect });
      started.start();
      // Subscribed once started: the state it starts in is the one drawn already, and a render
      // for it would redraw the whole shell for nothing.
      started.subscribe((snapshot: MachineView<Machine>) =>
        setView({ value: snapshot.value, context: snapshot.context, tags: snapshot.tags }),
      );
      running = started;
      actor.current = started;
      for (const event of early.current.splice(0)) started.send(event);
    };
    void run();
    return () => {
      cancelled = true;
      running?.stop();
      actor.current = undefined;
    };
  }, []);

  const send = useCallback((event: EventFromLogic<Machine>) => {
    if (actor.current) actor.current.send(event);
    else early.current.push(event);
  }, []);
  return [view, send];
}
