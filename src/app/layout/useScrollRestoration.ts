import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * How long a back or forward move holds the player's place while its page settles: a cheap phone on
 * 4G may take seconds to load the page and refill its list. The player's own input ends it sooner.
 */
const RESTORE_WAIT_MS = 10_000;

/**
 * The key of the history entry in view, written into its state the first time it is seen. An entry
 * that already has one is being seen again: back, forward or a reload.
 */
function historyEntry(): { key: string; revisited: boolean } {
  const state: unknown = window.history.state;
  const known = state && typeof state === 'object' && 'scrollKey' in state ? state.scrollKey : undefined;
  if (typeof known === 'string') return { key: known, revisited: true };
  const key = Math.random().toString(36).slice(2);
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), scrollKey: key }, '');
  return { key, revisited: false };
}

/** What the player does to scroll or leave the place: any of it ends the restoring. */
const PLAYER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls back to where the player was on that entry, or as near as the page reaches, whenever its
 * height changes, until the player acts or the wait ends: pages load lazily and fill with data, and
 * a list that refetches may shrink for a moment after the place was reached (the browser then pulls
 * the page up). A place the page no longer reaches (a phone's address bar hidden meanwhile makes the
 * window taller; an item may have gone) ends at the page's end rather than its top.
 */
function restore(top: number): () => void {
  // The top of a page is always there to scroll to, however the page grows or shrinks.
  if (top === 0) {
    window.scrollTo(0, 0);
    return () => {};
  }
  const hold = () => {
    const nearest = Math.min(top, document.documentElement.scrollHeight - window.innerHeight);
    if (nearest > 0 && window.scrollY !== nearest) window.scrollTo(0, nearest);
  };
  hold();
  const observer = new ResizeObserver(hold);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const input of PLAYER_INPUT) window.removeEventListener(input, stop);
  };
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  observer.observe(document.body);
  for (const input of PLAYER_INPUT) window.addEventListener(input, stop, { passive: true });
  return stop;
}

/**
 * Issue 15: a new page starts at its top; back and forward return to where the player was. The
 * browser's own restoration is off because it runs before a lazily loaded page has any height.
 */
export function useScrollRestoration(location: string) {
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const { key, revisited } = historyEntry();
    let stopRestoring = () => {};
    if (revisited) stopRestoring = restore(positions.current.get(key) ?? 0);
    else window.scrollTo(0, 0);
    const onScroll = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      stopRestoring();
      window.removeEventListener('scroll', onScroll);
    };
  }, [location]);
}
