import { StrictMode, startTransition } from 'react';
import { App } from './app/App';
import { GlobalStyle } from '../web/ui/GlobalStyle';
import { makeStore } from './app/store';
import { preloadRoute } from './app/routes';
import { hydrateApi } from './api/baseApi';
import { chosenLanguage, initI18n, translationsLoaded } from './i18n';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../contract/pageRender';
import type { ResourceLanguage } from 'i18next';
import { loadReactDom } from './reactDom';
import { nextTask } from './nextTask';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const stateElement = document.getElementById(PAGE_STATE_ELEMENT_ID);
if (stateElement?.textContent) {
  const serverState = stateElement.textContent;
  // The page's chunk is fetched at once rather than when hydration reaches it.
  preloadRoute(window.location.pathname);
  // The app's modules were evaluated in this task: setting the app up and hydrating wait for the
  // next one, so the main thread is not held for both at once.
  void nextTask().then(() => hydrate(root, JSON.parse(serverState) as PageState));
} else {
  // The server could not render the page and sent the bare one: the browser draws it all.
  const i18n = initI18n();
  // A failed load still renders: i18next falls back to Lao.
  void Promise.all([translationsLoaded().catch(() => undefined), loadReactDom()]).then(([, { createRoot }]) =>
    createRoot(root).render(
      <StrictMode>
        <GlobalStyle />
        <App store={makeStore()} i18n={i18n} />
      </StrictMode>,
    ),
  );
}

/**
 * The server rendered this page: the same language, translations and API state draw it again, so
 * React takes over the HTML as it is.
 */
async function hydrate(root: HTMLElement, state: PageState) {
  // Read before i18next starts, which stores the page's own language in its place.
  const chosen = chosenLanguage();
  const i18n = initI18n(state.language, state.translations as ResourceLanguage);
  // i18next, the store and its state are set up in tasks of their own, each short enough not to
  // hold back a tap.
  await nextTask();
  const store = makeStore();
  await nextTask();
  store.dispatch(hydrateApi({ api: state.api }));
  await nextTask();
  // If React's DOM renderer arrives only now, its modules run in its script's task, not in this one.
  const { hydrateRoot } = await loadReactDom();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread (and a tap on the page) until the whole page is done.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App store={store} i18n={i18n} />
      </StrictMode>,
    );
  });
  // A language chosen in this browser before the server knew of it (no cookie yet) takes over now;
  // a browser that chose none keeps the page's language, the one its cookie asked the server for.
  if (chosen !== undefined && chosen !== state.language) void i18n.changeLanguage(chosen);
}
