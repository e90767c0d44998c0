import type { OperatorErrorCode } from '../../contract/admin';
import type { ErrorCode } from '../../contract/errors';

/** A refusal the API reports as { code, message } with statusCode; anything else is a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | OperatorErrorCode,
    message: string,
    /** Sent with the refusal for the client's translated message. */
    readonly params?: Record<string, string | null>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found') => new AppError(404, code, message);

/** 429 RATE_LIMITED with the wait, which goes out as Retry-After and as retryAfterSeconds for the page to show. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `Too many attempts; try again in ${retryAfterSeconds} s`);
  }
}
