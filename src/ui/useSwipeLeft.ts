import { useEffect, type RefObject } from 'react';

/** How far a finger must travel left, in CSS pixels, before a swipe counts. */
export const SWIPE_DISTANCE = 60;

/**
 * While active, a swipe to the left that starts on the container calls onSwipe: a finger that moved
 * at least SWIPE_DISTANCE leftwards and more sideways than up or down (a scroll is not a swipe).
 */
export function useSwipeLeft(container: RefObject<HTMLElement | null>, active: boolean, onSwipe: () => void) {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    let start: { x: number; y: number } | undefined;
    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : undefined;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = undefined;
      if (dx <= -SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) onSwipe();
    };
    root.addEventListener('touchstart', onTouchStart, { passive: true });
    root.addEventListener('touchend', onTouchEnd, { passive: true });
    return () => {
      root.removeEventListener('touchstart', onTouchStart);
      root.removeEventListener('touchend', onTouchEnd);
    };
  }, [container, active, onSwipe]);
}
