import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { navigate } from 'wouter/use-browser-location';

/** Calls whose 401 is an answer ("nobody is logged in"), not a reason to leave the page. */
const ANSWERS_401 = new Set(['getPlayerInfo', 'getAgency', 'getAgencyInfo']);

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so the same code runs in the browser and under Node's fetch in tests.
  baseUrl: new URL('/api', window.location.href).href,
  credentials: 'include',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    return headers;
  },
});

/** SPEC.md section 8: HTTP 401 on any call other than player info and agency info goes to /login. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401 && !ANSWERS_401.has(api.endpoint) && window.location.pathname !== '/login') {
    navigate('/login', { replace: true });
  }
  return result;
};

/**
 * The one RTK Query API of the site; each resource adds its endpoints with injectEndpoints in its
 * own file. Data stays fresh for 5 minutes and is refetched when the window regains focus.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Agency', 'Player', 'Credit', 'BankAccount', 'ExchangeRate', 'Deposit', 'Withdrawal', 'Promotion', 'PromotionUsage', 'Game'],
  keepUnusedDataFor: 300,
  refetchOnMountOrArgChange: 300,
  refetchOnFocus: true,
  endpoints: () => ({}),
});
