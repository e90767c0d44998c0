import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { ErrorCode, isApiError, type ApiError } from '../../contract/errors';

/** A failed call: the API's error code (INTERNAL when the answer was not the API's) and the HTTP status. */
export interface CallError extends ApiError {
  status: FetchBaseQueryError['status'];
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so the same code runs in the browser and under Node's fetch in tests.
  baseUrl: new URL('/api/v2/admin', window.location.href).href,
  credentials: 'include',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    return headers;
  },
});

function toCallError(error: FetchBaseQueryError): CallError {
  if (isApiError(error.data)) {
    const { code, message, retryAfterSeconds } = error.data;
    return { status: error.status, code, message, ...(retryAfterSeconds && { retryAfterSeconds }) };
  }
  return { status: error.status, code: ErrorCode.INTERNAL, message: 'error' in error ? error.error : `HTTP ${error.status}` };
}

/** The operator's session is gone (expired or logged out elsewhere): the console shows its login. */
export const operatorSessionLost = createAction('adminApi/operatorSessionLost');

/** Calls whose 401 is an answer ("nobody is signed in" or "wrong password"), not a lost session. */
const ANSWERS_401 = new Set(['getOperator', 'loginOperator']);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, CallError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return result;
  if (result.error.status === 401 && !ANSWERS_401.has(api.endpoint)) api.dispatch(operatorSessionLost());
  return { error: toCallError(result.error), meta: result.meta };
};

/**
 * The console's own RTK Query API on /api/v2/admin, apart from the players' so neither bundle
 * carries the other; each resource adds its endpoints with injectEndpoints in its own file.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  tagTypes: [
    'Operator',
    'Withdrawal',
    'Deposit',
    'Report',
    'Rate',
    'OperatorAccount',
    'OperatorSession',
    'AuditLog',
    'Promotion',
    'BonusPool',
  ],
  refetchOnFocus: true,
  endpoints: () => ({}),
});
