import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

/**
 * `?inspect` on a page of a development build (`npm run dev`) opens the Stately inspector for every
 * machine the site runs (docs/machines.md): pass `{ inspect }` to useMachine. The inspector's
 * code is fetched only then, and production builds leave it out entirely; events from before it
 * has loaded are kept and handed over, so it sees each machine from its start.
 */
function developmentInspect(): Inspect | undefined {
  if (process.env.NODE_ENV === 'development') {
    if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('inspect')) return undefined;
    const early: InspectionEvent[] = [];
    let forward: Inspect | undefined;
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector();
      const send: Inspect = (event) => inspector.inspect.next?.(event);
      forward = send;
      early.splice(0).forEach(send);
    });
    return (event) => (forward ? forward(event) : void early.push(event));
  }
  return undefined;
}

export const inspect = developmentInspect();
