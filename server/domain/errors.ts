import type { OperatorErrorCode } from '../../src/contract/admin';
import type { ErrorCode } from '../../src/contract/errors';

/** A refusal the API reports as { code, message } with statusCode; anything else is a 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | OperatorErrorCode,
    message: string,
    /** What the client's translated message names (ApiError.params). */
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found') => new AppError(404, code, message);
