import { PAGE_STATE_ELEMENT_ID } from '../contract/pageRender';
import { loadReactDom } from './reactDom';
import { nextTask } from './nextTask';

/**
 * The app (the store, the shell and the page) is a chunk group of its own, and React's DOM renderer,
 * which the app takes only to hydrate, another: both download at once. The app's modules then run in
 * steps, each in a task of its own: run at once, their libraries and what each module builds when it
 * loads (the API's endpoints, the styled components) would hold a phone's main thread in one long
 * task, which blocks input and counts as blocking time. A step runs only the modules the steps
 * before it did not, so the steps follow the imports, libraries first; a library's step names an
 * export the app takes of it, so the rest of the library is still left out of the build.
 */
const appSteps = [
  () => import(/* webpackChunkName: "app", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react'),
  () => import(/* webpackChunkName: "app" */ './api/baseApi'),
  () => import(/* webpackChunkName: "app" */ './app/store'),
  () => import(/* webpackChunkName: "app" */ './i18n'),
  () => import(/* webpackChunkName: "app", webpackExports: ["default"] */ 'styled-components'),
  () => import(/* webpackChunkName: "app" */ './api/agency'),
  () => import(/* webpackChunkName: "app" */ './api/players'),
  () => import(/* webpackChunkName: "app" */ './app/routes'),
  () => import(/* webpackChunkName: "app" */ './app/App'),
  () => import(/* webpackChunkName: "app" */ './start'),
];

async function start() {
  void loadReactDom();
  for (const step of appSteps) {
    await step();
    await nextTask();
  }
}

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

afterFirstPaint(() => void start());
