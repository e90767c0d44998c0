import type { Action } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { ErrorCode, isApiError, type ApiError } from '../../contract/errors';

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

/** fetch at one API's root with the session cookie, asking for JSON. */
export function jsonQuery(baseUrl: string, fetchFn?: typeof fetch) {
  return fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    fetchFn,
    prepareHeaders: (headers) => {
      headers.set('Accept', 'application/json');
      return headers;
    },
  });
}

/** What an app does when its session is gone, and which of its calls answer with a 401 instead. */
export interface SessionLoss {
  /** Calls whose 401 is an answer (e.g. "nobody is signed in"), not a lost session. */
  answers401: ReadonlySet<string>;
  /** The action the app's session listens for (the site goes to its login, the console shows its own). */
  sessionLost: () => Action;
}

/**
 * An app's base query: its failures as CallError, and a 401 on any call not in answers401 tells
 * the app its session is gone. rawQueryFor picks the fetch of a call (the site's renderer has its own).
 */
export function callingBaseQuery(
  rawQueryFor: (api: BaseQueryApi) => ReturnType<typeof fetchBaseQuery>,
  { answers401, sessionLost }: SessionLoss,
): BaseQueryFn<string | FetchArgs, unknown, CallError> {
  return async (args, api, extraOptions) => {
    const result = await rawQueryFor(api)(args, api, extraOptions);
    if (!result.error) return result;
    if (result.error.status === 401 && !answers401.has(api.endpoint)) api.dispatch(sessionLost());
    return { error: toCallError(result.error), meta: result.meta };
  };
}
