/**
 * One rule for the Idempotency-Key of every money-moving request (deposits, withdrawals, operator
 * money actions): 8 to 100 visible ASCII characters. A client makes one key when a form is filled,
 * keeps it across a lost answer and makes a new one after a definite answer.
 */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7e]{8,100}$';

const idempotencyKeyPattern = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export function isIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && idempotencyKeyPattern.test(key);
}
