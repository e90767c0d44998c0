// jsdom lays nothing out and cannot scroll. The site scrolls pages to their top and back, so the
// tests get a window that keeps its scroll position and tells its listeners, as a browser does,
// over a page taller than any position a test scrolls to. Nor has it ResizeObserver: since its
// sizes never change, an observer that is never called is what a browser would give.
if (typeof window !== 'undefined') {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => 100_000 });
  Object.defineProperty(window, 'scrollTo', {
    configurable: true,
    writable: true,
    value(xOrOptions: number | ScrollToOptions, y?: number) {
      const top = typeof xOrOptions === 'number' ? (y ?? 0) : (xOrOptions.top ?? window.scrollY);
      Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
      window.dispatchEvent(new Event('scroll'));
    },
  });
  if (!('ResizeObserver' in window)) {
    class UnchangingSizes {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: UnchangingSizes });
  }
}
