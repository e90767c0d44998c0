import { ErrorCode } from '../../src/contract/errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH, isIdempotencyKey } from '../../src/contract/idempotency';
import { AppError } from './errors';

/** The Idempotency-Key of a money-moving call, by the one rule of src/contract; anything else is refused before anything moves. */
export function requireIdempotencyKey(headerValue: unknown): string {
  if (!isIdempotencyKey(headerValue)) {
    throw new AppError(
      400,
      ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
      `Send an Idempotency-Key header of ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
    );
  }
  return headerValue;
}
