import { renderHook } from '@testing-library/react';
import { isIdempotencyKey } from '../../contract/idempotency';
import { idempotencyKeys, isDefiniteAnswer, newIdempotencyKey, useIdempotencyKey } from '../../web/api/idempotency';

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

describe('idempotencyKeys: the plain policy both web apps use', () => {
  /** Sends a request through the policy with the outcome given; the key it went with. */
  async function sent(keyed: ReturnType<typeof idempotencyKeys>, request: unknown, outcome: 'ok' | Error): Promise<string> {
    let used = '';
    await keyed(request, async (key) => {
      used = key;
      if (outcome !== 'ok') throw outcome;
      return 'done';
    }).catch(() => undefined);
    return used;
  }

  it('keeps a key across no answer and 5xx, replaces it after a success or a 4xx, and for another request', async () => {
    const keyed = idempotencyKeys();
    const approve = { approve: 'W1' };
    const first = await sent(keyed, approve, failure('FETCH_ERROR', 'INTERNAL'));
    expect(await sent(keyed, approve, failure(503, 'PROVIDER_UNAVAILABLE'))).toBe(first);
    expect(await sent(keyed, approve, 'ok')).toBe(first);
    const afterSuccess = await sent(keyed, approve, failure(409, 'WITHDRAWAL_NOT_OPEN'));
    expect(afterSuccess).not.toBe(first);
    const afterRefusal = await sent(keyed, approve, failure('TIMEOUT_ERROR', 'INTERNAL'));
    expect(afterRefusal).not.toBe(afterSuccess);
    expect(await sent(keyed, { reject: 'W1', reason: 'no' }, 'ok')).not.toBe(afterRefusal);
  });

  it('gives each policy its own keys', async () => {
    const one = idempotencyKeys();
    const other = idempotencyKeys();
    const request = { amount: '100.00' };
    const lost = failure('FETCH_ERROR', 'INTERNAL');
    expect(await sent(one, request, lost)).not.toBe(await sent(other, request, lost));
  });

  it('makes keys within the contract rule and tells definite answers from lost ones', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isIdempotencyKey(key)).toBe(true);
    expect([200, 400, 409, 499].map((status) => isDefiniteAnswer({ status }))).toEqual([true, true, true, true]);
    expect([500, 503, 'FETCH_ERROR', undefined].map((status) => isDefiniteAnswer({ status }))).toEqual([false, false, false, false]);
    expect(isDefiniteAnswer(null)).toBe(false);
  });
});
