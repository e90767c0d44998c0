import type { SerializedError } from '@reduxjs/toolkit';
import type { CallError } from '../../web/api/baseQuery';

/** The common-namespace translation key of a failed call's message (errors.<CODE>). */
export function errorMessageKey(error: CallError | SerializedError | undefined): string {
  return `errors.${error?.code ?? 'INTERNAL'}`;
}
