import { useEffect } from 'react';

/** Issue 16: an operator's console signs out after 30 minutes without input. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Calls onIdle once 30 minutes pass without a key, pointer, wheel or touch anywhere on the page. */
export function useIdleSignOut(onIdle: () => void) {
  useEffect(() => {
    let timer = setTimeout(onIdle, IDLE_TIMEOUT_MS);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, IDLE_TIMEOUT_MS);
    };
    for (const event of INPUT_EVENTS) window.addEventListener(event, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of INPUT_EVENTS) window.removeEventListener(event, restart);
    };
  }, [onIdle]);
}
