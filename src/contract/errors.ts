/**
 * Error codes the API answers with ({ code, message }). The codes of SPEC.md section 8 keep their
 * names; the rest follow the same UPPER_SNAKE style. The client maps a code to a translated message
 * with the key `errors.<CODE>` (namespace common).
 */
export const ErrorCode = {
  NOT_FOUND: 'NOT_FOUND',
  AGENCY_NOT_FOUND: 'AGENCY_NOT_FOUND',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  UNAUTHORIZED: 'UNAUTHORIZED',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiError {
  code: string;
  message: string;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).code === 'string';
}
