import type { TFunction } from 'i18next';
import type { CallError } from '../../web/api/baseQuery';

/** A refused call in the operator's language: the console's text for its code, else the server's own words. */
export function callErrorText(t: TFunction, error: unknown): string {
  const failure = error as CallError;
  const key = `errors.${failure.code}`;
  return t(key, { defaultValue: '' }) || t('errors.failed', { message: failure.message });
}
