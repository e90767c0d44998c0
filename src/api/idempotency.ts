import { useCallback, useRef } from 'react';
import type { CallError } from './baseApi';

/** A fresh Idempotency-Key: 32 hex characters, within the contract's rule (src/contract/idempotency.ts). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server's answer settled the request. A refusal (4xx) is final; no answer or a 5xx
 * may hide a request that went through, so the same request must go again with the same key.
 */
function isDefiniteAnswer(error: unknown): boolean {
  const status = (error as Partial<CallError> | null)?.status;
  return typeof status === 'number' && status < 500;
}

/**
 * The one idempotency policy of every money form: a request gets its key when it is first sent,
 * keeps it while the player sends the same request again after a lost answer (the server replays
 * instead of moving money twice), and the next request gets a new one after a definite answer or
 * when the player changed what they ask for.
 */
export function useIdempotencyKey<Request>() {
  const pending = useRef<{ key: string; request: string } | null>(null);
  return useCallback(
    async <Result>(request: Request, send: (request: Request, idempotencyKey: string) => Promise<Result>): Promise<Result> => {
      const sameRequest = JSON.stringify(request);
      if (pending.current?.request !== sameRequest) pending.current = { key: newIdempotencyKey(), request: sameRequest };
      const { key } = pending.current;
      try {
        const result = await send(request, key);
        pending.current = null;
        return result;
      } catch (error) {
        if (isDefiniteAnswer(error)) pending.current = null;
        throw error;
      }
    },
    [],
  );
}
