import type { ApiError } from './apiError';

/**
 * Error codes the API answers with ({ code, message }). The catalogue's first codes keep their
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

  // The catalogue's first codes
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  ACCOUNT_IN_USED: 'ACCOUNT_IN_USED',
  PROMOTION_ONLY_FOR_FIRST_ORDER: 'PROMOTION_ONLY_FOR_FIRST_ORDER',
  CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN: 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN',
  OPEN_ORDER: 'OPEN_ORDER',
  PROMOTION_ALREADY_USED: 'PROMOTION_ALREADY_USED',
  PROMOTION_USAGE: 'PROMOTION_USAGE',
  PROMOTION_INACTIVE: 'PROMOTION_INACTIVE',
  PROMOTION_CREDIT_USED: 'PROMOTION_CREDIT_USED',
  // the user messages of the catalogue
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  BANK_ACCOUNT_EXISTS: 'BANK_ACCOUNT_EXISTS',
  WITHDRAW_REJECTED: 'WITHDRAW_REJECTED',
  DEPOSIT_UNAVAILABLE: 'DEPOSIT_UNAVAILABLE',
  NO_CREDIT: 'NO_CREDIT',
  PLAYER_BLOCKED: 'PLAYER_BLOCKED',
  PASSWORD_INCORRECT: 'PASSWORD_INCORRECT',
  /** HTTP 400: a new password (a player's or an operator's) that is too easy to guess (contract/passwords.ts). */
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  // money movements
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  UNKNOWN_PROVIDER: 'UNKNOWN_PROVIDER',
  INSUFFICIENT_CREDIT: 'INSUFFICIENT_CREDIT',
  // bank accounts
  UNKNOWN_BANK: 'UNKNOWN_BANK',
  CURRENCY_NOT_ACCEPTED: 'CURRENCY_NOT_ACCEPTED',
  // exchange rates
  UNKNOWN_CURRENCY: 'UNKNOWN_CURRENCY',
  INVALID_RATE: 'INVALID_RATE',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  // game providers
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  UNKNOWN_GAME: 'UNKNOWN_GAME',
  UNKNOWN_GAME_TAB: 'UNKNOWN_GAME_TAB',
  // withdrawals
  INVALID_AMOUNT: 'INVALID_AMOUNT',
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  BANK_ACCOUNT_REQUIRED: 'BANK_ACCOUNT_REQUIRED',
  WITHDRAW_BELOW_MINIMUM: 'WITHDRAW_BELOW_MINIMUM',
  WITHDRAW_ABOVE_MAXIMUM: 'WITHDRAW_ABOVE_MAXIMUM',
  WITHDRAW_DAILY_LIMIT: 'WITHDRAW_DAILY_LIMIT',
  EXCHANGE_RATE_MISSING: 'EXCHANGE_RATE_MISSING',
  WITHDRAWAL_NOT_OPEN: 'WITHDRAWAL_NOT_OPEN',
  /** HTTP 409: at or above the agency's four-eyes amount, the operator who approved first may not also give the second approval. */
  SECOND_APPROVER_REQUIRED: 'SECOND_APPROVER_REQUIRED',
  /**
   * HTTP 409: four-eyes counts people, not accounts. The second approver and the first are one person
   * to it when, in the last 30 days, one created, promoted or re-enabled the other, or one operator did
   * so for both; params operator (the first approver) and person (who stands behind both).
   */
  FOUR_EYES_SAME_PERSON: 'FOUR_EYES_SAME_PERSON',
  // operators
  FORBIDDEN: 'FORBIDDEN',
  // deposits
  DEPOSIT_AMOUNT_INVALID: 'DEPOSIT_AMOUNT_INVALID',
  DEPOSIT_AMOUNT_OUT_OF_RANGE: 'DEPOSIT_AMOUNT_OUT_OF_RANGE',
  DEPOSIT_NOT_PAID: 'DEPOSIT_NOT_PAID',
  DEPOSIT_NOT_OPEN: 'DEPOSIT_NOT_OPEN',
  INVALID_WEBHOOK: 'INVALID_WEBHOOK',
  /**
   * The agency has no LaoQR merchant id (MID) yet, so no deposit QR can be made ("MID required"). HTTP 503 like DEPOSIT_UNAVAILABLE: the request is fine and nothing the player
   * can change fixes it; deposits come back once the operator sets the MID.
   */
  MERCHANT_ID_REQUIRED: 'MERCHANT_ID_REQUIRED',
  /** An operator's merchant id that LaoQR cannot carry (1 to 25 ASCII letters, digits or hyphens); HTTP 400. */
  MERCHANT_ID_INVALID: 'MERCHANT_ID_INVALID',
  /**
   * HTTP 409: the order would take the player over a deposit limit; params name the period (day,
   * week, month), the limit and what is left, in kip.
   */
  DEPOSIT_LIMIT_EXCEEDED: 'DEPOSIT_LIMIT_EXCEEDED',
  /** HTTP 400: a deposit limit that is not whole kip from 1 to the agency's maximum. */
  DEPOSIT_LIMIT_INVALID: 'DEPOSIT_LIMIT_INVALID',
  // promotions
  PROMOTION_WITHDRAW_WHOLE_CREDIT: 'PROMOTION_WITHDRAW_WHOLE_CREDIT',
  PROMOTION_MIN_BALANCE: 'PROMOTION_MIN_BALANCE',
  PROMOTION_CREDIT_TOO_LOW: 'PROMOTION_CREDIT_TOO_LOW',
  PROMOTION_DEPOSIT_AMOUNT: 'PROMOTION_DEPOSIT_AMOUNT',
  PROMOTION_PROVIDER_NOT_ALLOWED: 'PROMOTION_PROVIDER_NOT_ALLOWED',
  PROMOTION_USAGE_NOT_CANCELABLE: 'PROMOTION_USAGE_NOT_CANCELABLE',
  /** The usage's deposit is paid but its credit is not at the provider yet (HTTP 409): a cancel would take the player's own credit. */
  PROMOTION_DEPOSIT_CREDITING: 'PROMOTION_DEPOSIT_CREDITING',
  // the operator's player actions
  /** An operator suspended the player's login: HTTP 403 at login; the player's sessions were ended. */
  PLAYER_SUSPENDED: 'PLAYER_SUSPENDED',
  /** An operator reset the password: until the player picks a new one, other player calls answer HTTP 403. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  /** The bank account cannot change while a withdrawal to it is OPEN (HTTP 409): the payout goes to the old one. */
  WITHDRAWAL_OPEN: 'WITHDRAWAL_OPEN',
  // responsible play
  /**
   * HTTP 403: the player is on a break (a time-out or self-exclusion), so nothing that starts play
   * (a deposit, a promotion, a game launch) is taken; params kind and until (null for good).
   */
  PLAYER_EXCLUDED: 'PLAYER_EXCLUDED',
  /** HTTP 409: a break is never shortened; a time-out must end after the running one, and none is taken during a self-exclusion. */
  EXCLUSION_CANNOT_SHORTEN: 'EXCLUSION_CANNOT_SHORTEN',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type { ApiError };

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).code === 'string';
}

/** The code of a failed call: the API's answer carries one; anything else (a bug, no API at all) is INTERNAL. */
export function failureCodeOf(error: unknown): string {
  return isApiError(error) ? error.code : ErrorCode.INTERNAL;
}
