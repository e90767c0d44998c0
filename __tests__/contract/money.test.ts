import fc from 'fast-check';
import { displayAmount, formatAmount, parseAmount } from '../../src/contract/money';

describe('money', () => {
  it('parses decimal strings into minor units exactly, and refuses anything else', () => {
    expect(parseAmount('1234.50')).toBe(123450n);
    expect(parseAmount('0.05')).toBe(5n);
    expect(parseAmount('7')).toBe(700n);
    expect(parseAmount('100000', 0)).toBe(100000n);
    for (const bad of ['-1', '1.005', '1e3', '0x10', ' 5', '5 ', '01', '.5', '5.', '', '1,000', '1234567890123456']) expect(parseAmount(bad)).toBeUndefined();
    expect(parseAmount('1.5', 0)).toBeUndefined();
    expect(parseAmount(12 as unknown)).toBeUndefined();
  });

  it('formats minor units back to the same decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (minor) => {
        expect(parseAmount(formatAmount(minor))).toBe(minor);
      }),
    );
    expect(formatAmount(5n)).toBe('0.05');
    expect(formatAmount(-123450n)).toBe('-1234.50');
    expect(formatAmount(100000n, 0)).toBe('100000');
  });

  it('displays amounts the Lao way', () => {
    expect(displayAmount('0.00')).toBe('0,00');
    expect(displayAmount('1234567.50')).toBe('1.234.567,50');
    expect(displayAmount('-1000')).toBe('-1.000');
    expect(displayAmount('999')).toBe('999');
  });
});
