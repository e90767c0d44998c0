import { createAction, createListenerMiddleware } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { ErrorCode, isApiError, type ApiError } from '../contract/errors';

/**
 * A failed call as every page and machine reads it: the API's error code (INTERNAL when the answer
 * was not the API's, e.g. no connection) and its message, with the HTTP status or fetch's failure kind.
 */
export interface CallError extends ApiError {
  status: FetchBaseQueryError['status'];
}

function toCallError(error: FetchBaseQueryError): CallError {
  if (isApiError(error.data)) {
    const { code, message, params, retryAfterSeconds } = error.data;
    return { status: error.status, code, message, ...(params && { params }), ...(retryAfterSeconds && { retryAfterSeconds }) };
  }
  return { status: error.status, code: ErrorCode.INTERNAL, message: 'error' in error ? error.error : `HTTP ${error.status}` };
}

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

const rawQueries = new WeakMap<ApiTransport, ReturnType<typeof fetchBaseQuery>>();
let browserQuery: ReturnType<typeof fetchBaseQuery> | undefined;

function rawQueryFor(transport: ApiTransport | undefined) {
  const make = (origin: string, fetchFn?: typeof fetch) =>
    fetchBaseQuery({
      // Absolute, so the same code runs in the browser and under Node's fetch in tests.
      baseUrl: new URL('/api', origin).href,
      credentials: 'include',
      fetchFn,
      prepareHeaders: (headers) => {
        headers.set('Accept', 'application/json');
        return headers;
      },
    });
  if (!transport) return (browserQuery ??= make(window.location.href));
  let query = rawQueries.get(transport);
  if (!query) rawQueries.set(transport, (query = make(transport.origin, transport.fetchFn)));
  return query;
}

/**
 * SPEC.md section 8: HTTP 401 on any call other than player info and agency info means the
 * player's session is gone. The session (features/auth) listens for this and goes to /login.
 */
export const sessionLost = createAction('api/sessionLost');

/** The store's listener middleware: parts of the site react to the API's actions through it (startListening). */
export const apiListeners = createListenerMiddleware();

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, CallError> = async (args, api, extraOptions) => {
  const result = await rawQueryFor(api.extra as ApiTransport | undefined)(args, api, extraOptions);
  if (!result.error) return result;
  if (result.error.status === 401 && !ANSWERS_401.has(api.endpoint)) api.dispatch(sessionLost());
  return { error: toCallError(result.error), meta: result.meta };
};

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
    'Exclusion',
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
