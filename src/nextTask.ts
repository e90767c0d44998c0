/**
 * Resolves in a task of its own, once the browser has had its turn (a tap, a paint): work split
 * with it never holds a phone's main thread for long.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
