import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while React takes over the server's HTML of the part, true right after
 * that and wherever the browser draws the part itself: the server's answer draws the HTML, the
 * browser's follows once hydrated.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
