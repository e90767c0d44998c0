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

/** A fresh Idempotency-Key: 32 hex characters, within the rule above. */
export function newIdempotencyKey(): string {
  // Typed here: contract/ is compiled without the DOM and Node libraries, and browsers and Node both have it.
  const { crypto } = globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } };
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
