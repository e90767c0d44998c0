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

  // SPEC.md section 8
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  ACCOUNT_IN_USED: 'ACCOUNT_IN_USED',
  PROMOTION_ONLY_FOR_FIRST_ORDER: 'PROMOTION_ONLY_FOR_FIRST_ORDER',
  CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN: 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  OPEN_ORDER: 'OPEN_ORDER',
  PROMOTION_ALREADY_USED: 'PROMOTION_ALREADY_USED',
  PROMOTION_USAGE: 'PROMOTION_USAGE',
  PROMOTION_INACTIVE: 'PROMOTION_INACTIVE',
  PROMOTION_CREDIT_USED: 'PROMOTION_CREDIT_USED',
  // the user messages of SPEC.md section 8
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  BANK_ACCOUNT_EXISTS: 'BANK_ACCOUNT_EXISTS',
  WITHDRAW_REJECTED: 'WITHDRAW_REJECTED',
  DEPOSIT_UNAVAILABLE: 'DEPOSIT_UNAVAILABLE',
  NO_CREDIT: 'NO_CREDIT',
  PLAYER_BLOCKED: 'PLAYER_BLOCKED',
  // money movements
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  UNKNOWN_PROVIDER: 'UNKNOWN_PROVIDER',
  INSUFFICIENT_CREDIT: 'INSUFFICIENT_CREDIT',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiError {
  code: string;
  message: string;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).code === 'string';
}
