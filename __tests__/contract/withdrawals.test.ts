import fc from 'fast-check';
import { mostWithdrawable } from '../../contract/withdrawals';

// Compared as strings: a bigint in a failed expect cannot cross back from jest's workers.
const s = (value: bigint) => value.toString();

describe('mostWithdrawable', () => {
  const min = 100_00n;
  const max = 100_000_00n;

  it('is all the credit between the bounds, the maximum above them', () => {
    expect(s(mostWithdrawable(1_234_56n, min, max, 1))).toBe('123456');
    expect(s(mostWithdrawable(min, min, max, 1))).toBe('10000');
    expect(s(mostWithdrawable(250_000_00n, min, max, 3))).toBe('10000000');
  });

  it('is nothing below the minimum or once the day’s withdrawals are used', () => {
    expect(s(mostWithdrawable(99_99n, min, max, 1))).toBe('0');
    expect(s(mostWithdrawable(0n, min, max, 1))).toBe('0');
    expect(s(mostWithdrawable(1_000_00n, min, max, 0))).toBe('0');
    expect(s(mostWithdrawable(1_000_00n, min, max, -1))).toBe('0');
  });

  it('never passes the credit or the maximum, and is either nothing or at least the minimum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: -1, max: 5 }), (credit, left) => {
        const most = mostWithdrawable(credit, min, max, left);
        return most <= credit && most <= max && (most === 0n || most >= min);
      }),
    );
  });
});
