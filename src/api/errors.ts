import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { isApiError } from '../contract/errors';

/** The API's error code of a failed call, or undefined for network and unexpected failures. */
export function errorCodeOf(error: FetchBaseQueryError | SerializedError | undefined): string | undefined {
  if (error && 'status' in error && isApiError(error.data)) return error.data.code;
  return undefined;
}

/** The common-namespace translation key of a failed call's message (errors.<CODE>). */
export function errorMessageKey(error: FetchBaseQueryError | SerializedError | undefined): string {
  return `errors.${errorCodeOf(error) ?? 'INTERNAL'}`;
}
