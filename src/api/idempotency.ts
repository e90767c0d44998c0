import { useCallback, useState } from 'react';
import { idempotencyKeys } from '../contract/idempotency';

/** The contract's key policy (idempotencyKeys) for a player's money form, kept across renders. */
export function useIdempotencyKey<Request>() {
  const [keyed] = useState(idempotencyKeys);
  return useCallback(
    <Result>(request: Request, send: (request: Request, idempotencyKey: string) => Promise<Result>): Promise<Result> =>
      keyed(request, (idempotencyKey) => send(request, idempotencyKey)),
    [keyed],
  );
}
