import type { SerializedError } from '@reduxjs/toolkit';
import type { CallError } from './baseApi';

/** The API's error code of a failed call (INTERNAL for network and unexpected failures). */
export function errorCodeOf(error: CallError | SerializedError | undefined): string | undefined {
  return error?.code;
}

/** The common-namespace translation key of a failed call's message (errors.<CODE>). */
export function errorMessageKey(error: CallError | SerializedError | undefined): string {
  return `errors.${error?.code ?? 'INTERNAL'}`;
}
