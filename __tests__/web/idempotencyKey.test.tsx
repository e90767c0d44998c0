import { renderHook } from '@testing-library/react';
import { isIdempotencyKey } from '../../src/contract/idempotency';
import { useIdempotencyKey } from '../../src/api/idempotency';

type Send = (request: { amount: string }, key: string) => Promise<string>;

/** Sends through the hook and returns the key the request went with. */
async function keyOf(withKey: ReturnType<typeof useIdempotencyKey<{ amount: string }>>, amount: string, outcome: 'ok' | object): Promise<string> {
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
    const first = await keyOf(result.current, '100000', { status: 'FETCH_ERROR', code: 'INTERNAL', message: 'Failed to fetch' });
    const second = await keyOf(result.current, '100000', { status: 502, code: 'INTERNAL', message: 'HTTP 502' });
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
    const first = await keyOf(result.current, '100000', { status: 400, code: 'DEPOSIT_AMOUNT_OUT_OF_RANGE', message: 'out of range' });
    const second = await keyOf(result.current, '100000', 'ok');
    expect(second).not.toBe(first);
  });

  it('makes a new key when the player changes the request after a lost answer', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    const first = await keyOf(result.current, '100000', { status: 'TIMEOUT_ERROR', code: 'INTERNAL', message: 'timeout' });
    const second = await keyOf(result.current, '200000', 'ok');
    expect(second).not.toBe(first);
  });

  it('passes the answer and the refusal through unchanged', async () => {
    const { result } = renderHook(() => useIdempotencyKey<{ amount: string }>());
    await expect(result.current({ amount: '1' }, async () => 'answer')).resolves.toBe('answer');
    const refusal = { status: 409, code: 'IDEMPOTENCY_CONFLICT', message: 'conflict' };
    await expect(result.current({ amount: '1' }, async () => Promise.reject(refusal))).rejects.toBe(refusal);
  });
});
