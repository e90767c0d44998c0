import { PAGE_STATE_ELEMENT_ID } from './contract/pageRender';
import { loadReactDom } from './reactDom';

/**
 * The app (the store, the shell and the page) is a chunk of its own, src/start.tsx, and React's DOM
 * renderer, which it takes only to hydrate, another: both download at once, and each runs its
 * modules in a task of its own, so a phone's main thread is never held for both at once.
 */
const start = () => {
  void loadReactDom();
  void import(/* webpackChunkName: "app" */ './start');
};

/**
 * The server's HTML is painted before the app runs: on a phone's CPU, evaluating the app and
 * hydrating the page would otherwise hold the first paint back. A page without the server's HTML
 * (it could not render it) has nothing to paint first, nor has a hidden tab; and the app never
 * waits longer than a second for a paint the browser may not report.
 */
function afterFirstPaint(then: () => void) {
  const reportsPaints = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!document.getElementById(PAGE_STATE_ELEMENT_ID) || document.visibilityState === 'hidden' || !reportsPaints) {
    then();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    then();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(once, 1000);
}

afterFirstPaint(start);
