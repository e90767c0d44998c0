import { renderHook } from '@testing-library/react';
import { isIdempotencyKey } from '../../src/contract/idempotency';
import { useIdempotencyKey } from '../../src/api/idempotency';

type Send = (request: { amount: string }, key: string) => Promise<string>;

/** A failed call as RTK Query's unwrap rejects it: { status, code, message } (an Error here, to be thrown). */
const failure = (status: number | string, code: string) => Object.assign(new Error(code), { status, code });

/** Sends through the hook and returns the key the request went with. */
async function keyOf(
  withKey: ReturnType<typeof useIdempotencyKey<{ amount: string }>>,
  amount: string,
  outcome: 'ok' | Error,
): Promise<string> {
  let used = '';
  const send: Send = async (_request, key) => {
    used = key;
    if (outcome === 'ok') return 'done';
    throw outcome;
  };
  await withKey({ amount }, send).catch(() => undefined);
  return used;
}

describe('useIdempotencyKey: one key per request the player makes', () => {
  it('keeps the key while the same request is sent again after a lost answer', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    const first = await keyOf(result.current, '100000', failure('FETCH_ERROR', 'INTERNAL'));
    const second = await keyOf(result.current, '100000', failure(502, 'INTERNAL'));
    const third = await keyOf(result.current, '100000', 'ok');
    expect(isIdempotencyKey(first)).toBe(true);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('makes a new key after a success', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    const first = await keyOf(result.current, '100000', 'ok');
    const second = await keyOf(result.current, '100000', 'ok');
    expect(second).not.toBe(first);
  });

  it('makes a new key after a refusal, which is a definite answer', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    const first = await keyOf(result.current, '100000', failure(400, 'DEPOSIT_AMOUNT_OUT_OF_RANGE'));
    const second = await keyOf(result.current, '100000', 'ok');
    expect(second).not.toBe(first);
  });

  it('makes a new key when the player changes the request after a lost answer', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    const first = await keyOf(result.current, '100000', failure('TIMEOUT_ERROR', 'INTERNAL'));
    const second = await keyOf(result.current, '200000', 'ok');
    expect(second).not.toBe(first);
  });

  it('passes the answer and the refusal through unchanged', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    await expect(result.current({ amount: '1' }, async () => 'answer')).resolves.toBe('answer');
    const refusal = failure(409, 'IDEMPOTENCY_CONFLICT');
    await expect(
      result.current({ amount: '1' }, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
  });
});
