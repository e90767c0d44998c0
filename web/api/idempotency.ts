import { useCallback, useState } from 'react';

/** A fresh Idempotency-Key: 32 hex characters, within the contract's rule (isIdempotencyKey). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed call had a definite answer: a refusal (4xx) is final, while no answer or a 5xx
 * may hide a request that went through. Reads `status` as RTK Query's unwrap and the API client throw it.
 */
export function isDefiniteAnswer(failure: unknown): boolean {
  const status = (failure as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status < 500;
}

/**
 * The client's key policy, one per form or console action: a request gets a key when first sent and
 * keeps it while the same request is sent again after no answer or a 5xx (the server replays instead
 * of acting twice); after a definite answer, or for a changed request, the next one gets a new key.
 */
export function idempotencyKeys(makeKey: () => string = newIdempotencyKey) {
  let pending: { request: string; key: string } | null = null;
  return async <Result>(request: unknown, send: (idempotencyKey: string) => Promise<Result>): Promise<Result> => {
    const same = JSON.stringify(request);
    if (pending?.request !== same) pending = { request: same, key: makeKey() };
    const { key } = pending;
    try {
      const result = await send(key);
      pending = null;
      return result;
    } catch (failure) {
      if (isDefiniteAnswer(failure)) pending = null;
      throw failure;
    }
  };
}

/** The key policy (idempotencyKeys) for a money form or a console action, kept across renders. */
export function useIdempotencyKey<Request>() {
  const [keyed] = useState(idempotencyKeys);
  return useCallback(
    <Result>(request: Request, send: (request: Request, idempotencyKey: string) => Promise<Result>): Promise<Result> =>
      keyed(request, (idempotencyKey) => send(request, idempotencyKey)),
    [keyed],
  );
}
