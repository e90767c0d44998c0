import { newIdempotencyKey } from '../features/deposits/shared';

/** The status of a failed call, as RTK Query's unwrap throws it: a number when the server answered. */
const answeredStatus = (failure: unknown) => (failure as { status?: unknown } | null)?.status;

/**
 * One Idempotency-Key per request (approve W-1001; reject it with this reason; fund the pool with
 * this amount and reason): the same request sent again after no answer or a 5xx keeps its key, so
 * the server answers the first call instead of acting twice; a changed request, or any request after
 * a definite answer (success or a 4xx), gets a new one, so a key never carries two different bodies.
 */
export function requestKeys() {
  let pending: { request: string; key: string } | null = null;
  return async <Result>(request: string, send: (idempotencyKey: string) => Promise<Result>): Promise<Result> => {
    if (pending?.request !== request) pending = { request, key: newIdempotencyKey() };
    const { key } = pending;
    try {
      const result = await send(key);
      pending = null;
      return result;
    } catch (failure) {
      const status = answeredStatus(failure);
      if (typeof status === 'number' && status < 500) pending = null;
      throw failure;
    }
  };
}
