import { useCallback, useState } from 'react';

/**
 * How near the screen a part must come before it is drawn: half a screen ahead. Chromium's own
 * `loading="lazy"` counts 1,250 px or more as near, which on a phone fetches every picture of the
 * first three screens while the page is still loading, each SVG a document for the main thread.
 */
const NEAR = '50% 0px';

/**
 * Whether an element has come near the screen yet (once near, it stays so), and the ref that
 * watches it. `watch` false leaves it unwatched and never near. A browser without
 * IntersectionObserver counts everything as near.
 */
export function useNearScreen<T extends Element>(watch = true): [(element: T | null) => (() => void) | undefined, boolean] {
  const [near, setNear] = useState(false);
  const frameRef = useCallback(
    (element: T | null) => {
      if (!watch || near || !element) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: NEAR },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [watch, near],
  );
  return [frameRef, near];
}
