import { newIdempotencyKey } from '../deposits/shared';

/** The status of a failed call, as RTK Query's unwrap throws it: a number when the server answered. */
const answeredStatus = (failure: unknown) => (failure as { status?: unknown } | null)?.status;

/**
 * One Idempotency-Key per decision (approve W-1001, or reject it with this reason): the same
 * decision sent again after no answer or a 5xx keeps its key, so the server answers the first call
 * instead of deciding twice; after a definite answer (success or a 4xx) the next decision gets a new one.
 */
export function decisionKeys() {
  let pending: { decision: string; key: string } | null = null;
  return async <Result>(decision: string, send: (idempotencyKey: string) => Promise<Result>): Promise<Result> => {
    if (pending?.decision !== decision) pending = { decision, key: newIdempotencyKey() };
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
