import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { agencyApi } from '../api/agency';
import { playersApi } from '../api/players';
import { promotionsApi } from '../api/promotions';
import { gamesApi } from '../api/games';
import { FEATURED } from '../features/home/featured';
import { baseApi } from '../api/baseApi';
import type { ApiCall, PageRequest, RenderedPage } from '../../contract/pageRender';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/languages';
import { i18nOptions } from '../i18n';
import { GLOBAL_CSS } from '../../web/ui/GlobalStyle';
import { ALL_RESOURCES } from '../i18n/allResources';
import { App } from './App';
import { routeFor } from './routes';
import { makeStore, type AppStore } from './store';

/** The renderer's store calls the API through the server, never over the network. */
const ORIGIN = 'http://champa.internal';

function inProcessFetch(callApi: PageRequest['callApi']): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const call: ApiCall = {
      method: request.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text(),
    };
    const answer = await callApi(call);
    return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}

/** An i18next of its own for each page, so pages in different languages render side by side. */
function i18nFor(language: Language) {
  const resources = { [language]: ALL_RESOURCES[language], [DEFAULT_LANGUAGE]: ALL_RESOURCES[DEFAULT_LANGUAGE] };
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ ...i18nOptions(language, resources), initAsync: false });
  return i18n;
}

/**
 * The public data the page shows beyond the agency and the session, so it is drawn complete rather
 * than filled in (and shifted) after it loads: the promotions (footer and lobby) and, on the home
 * page, the featured games. A player's own data stays for the browser to fetch.
 */
function prefetchShown(store: AppStore, path: string) {
  const subscribe = false;
  return Promise.all([
    store.dispatch(promotionsApi.endpoints.getPromotions.initiate(undefined, { subscribe })),
    ...(path === '/' ? FEATURED.map((provider) => store.dispatch(gamesApi.endpoints.getLobbyGames.initiate(provider, { subscribe }))) : []),
  ]);
}

/** The namespaces the page's components asked for (react-i18next notes them on the instance). */
function usedNamespaces(i18n: I18n): string[] {
  return (i18n as I18n & { reportNamespaces: { getUsedNamespaces(): string[] } }).reportNamespaces.getUsedNamespaces();
}

/**
 * Renders one page of the site as the browser would draw it first: the agency, its info and the
 * session are asked first (as the browser's store would), so the page is complete HTML; a logged-in
 * player's pages show their shell and whatever else they need as the skeleton the browser fills.
 * A visitor on a player page, or a player on a public one, is sent where the site would send them.
 */
export const renderPage = async ({ url, language, callApi }: PageRequest): Promise<RenderedPage> => {
  const store = makeStore({ origin: ORIGIN, fetchFn: inProcessFetch(callApi) });
  const [path, search = ''] = url.split('#')[0].split('?');
  const route = routeFor(path);
  try {
    const agency = await store.dispatch(agencyApi.endpoints.getAgency.initiate(undefined, { subscribe: false }));
    const [, player] = agency.data
      ? await Promise.all([
          store.dispatch(agencyApi.endpoints.getAgencyInfo.initiate(undefined, { subscribe: false })),
          store.dispatch(playersApi.endpoints.getPlayerInfo.initiate(undefined, { subscribe: false })),
        ])
      : [];
    const loggedIn = Boolean(player?.data);
    if (agency.data && route?.access === 'visitor' && loggedIn) return { kind: 'redirect', location: '/player' };
    if (agency.data && route?.access === 'player' && !loggedIn) return { kind: 'redirect', location: '/login' };
    if (agency.data) await prefetchShown(store, path);

    const i18n = i18nFor(language);
    const sheet = new ServerStyleSheet();
    try {
      const stream = await renderToReadableStream(
        sheet.collectStyles(
          <StrictMode>
            <App store={store} i18n={i18n} serverLocation={{ path, search }} />
          </StrictMode>,
        ),
        // The page leaves whole (below): no part may be sent later, which takes an inline script the CSP refuses.
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      // Public pages are whole: every lazy page and its styles are in before the HTML leaves.
      await stream.allReady;
      const html = await new Response(stream).text();
      // The global rules apart from styled-components' tags, which the browser's hydration rewrites (web/ui/GlobalStyle.ts).
      const styles = `<style>${GLOBAL_CSS.replace(/\s+/g, ' ').trim()}</style>${sheet.getStyleTags()}`;
      const translations = Object.fromEntries(usedNamespaces(i18n).map((namespace) => [namespace, ALL_RESOURCES[language][namespace]]));
      const cannotEnter = agency.error !== undefined && 'status' in agency.error && agency.error.status === 404;
      const status = cannotEnter || !route ? 404 : agency.data ? 200 : 503;
      return {
        kind: 'page',
        status,
        html,
        styles,
        title: agency.data?.agency.name,
        state: { language, translations, api: store.getState()[baseApi.reducerPath] },
        shared: status === 200 && route?.access === 'visitor' && !loggedIn,
        agencyId: agency.data?.agency.id,
      };
    } finally {
      sheet.seal();
    }
  } finally {
    // Drops the cache entries' timers of the store with it.
    store.dispatch(baseApi.util.resetApiState());
  }
};
