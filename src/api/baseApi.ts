import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { callingBaseQuery, jsonQuery } from '../../web/api/baseQuery';

/** Calls whose 401 is an answer ("nobody is logged in"), not a reason to leave the page. */
const ANSWERS_401 = new Set(['getPlayerInfo', 'getAgency', 'getAgencyInfo']);

/**
 * How a store reaches the API: the browser's fetch at the page's own origin, or, in the server's
 * renderer, the server itself answering in-process (the store's thunk extra argument).
 */
export interface ApiTransport {
  origin: string;
  fetchFn: typeof fetch;
}

const rawQueries = new WeakMap<ApiTransport, ReturnType<typeof jsonQuery>>();
let browserQuery: ReturnType<typeof jsonQuery> | undefined;

function rawQueryFor(transport: ApiTransport | undefined) {
  // Absolute, so the same code runs in the browser and under Node's fetch in tests.
  const make = (origin: string, fetchFn?: typeof fetch) => jsonQuery(new URL('/api', origin).href, fetchFn);
  if (!transport) return (browserQuery ??= make(window.location.href));
  let query = rawQueries.get(transport);
  if (!query) rawQueries.set(transport, (query = make(transport.origin, transport.fetchFn)));
  return query;
}

/**
 * HTTP 401 on any call other than player info and agency info means the
 * player's session is gone. The session (features/auth) listens for this and goes to /login.
 */
export const sessionLost = createAction('api/sessionLost');

/** The store's listener middleware: parts of the site react to the API's actions through it (startListening). */
export const apiListeners = createListenerMiddleware();

const baseQuery = callingBaseQuery((api) => rawQueryFor(api.extra as ApiTransport | undefined), {
  answers401: ANSWERS_401,
  sessionLost,
});

/** Hands the server renderer's API state to the browser's store before it hydrates the page. */
export const hydrateApi = createAction<unknown>('api/hydrate');

/**
 * The one RTK Query API of the site; each resource adds its endpoints with injectEndpoints in its
 * own file. Data stays fresh for 5 minutes and is refetched when the window regains focus.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Agency',
    'Player',
    'Credit',
    'BankAccount',
    'ExchangeRate',
    'Deposit',
    'Withdrawal',
    'Promotion',
    'PromotionUsage',
    'Game',
    'Break',
    'DepositLimit',
  ],
  keepUnusedDataFor: 300,
  refetchOnMountOrArgChange: 300,
  refetchOnFocus: true,
  // The state is a store's of this same API, filled by the server's renderer (typed there, not here).
  extractRehydrationInfo: (action, { reducerPath }) =>
    hydrateApi.match(action) ? (action.payload as Record<string, never>)[reducerPath] : undefined,
  endpoints: () => ({}),
});
