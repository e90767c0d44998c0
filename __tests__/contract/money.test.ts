import fc from 'fast-check';
import {
  compareRates,
  convert,
  convertAt,
  formatAmount,
  formatRate,
  midRate,
  normalizeRate,
  normalizeSettableRate,
  parseAmount,
  parseRate,
  type RateQuote,
} from '../../contract/money';

// Amounts are compared as strings: jest's workers cannot carry a bigint in a failed expect back to
// the runner, which would hide the failure's message.
const THB_RATES: RateQuote[] = [
  { currency: 'THB', buy: '600', sell: '640' },
  { currency: 'USD', buy: '21400', sell: '21900.5' },
];

describe('amounts as decimal strings', () => {
  it.each([
    ['1234.50', 'THB', 123450n],
    ['1234.5', 'THB', 123450n],
    ['0.01', 'THB', 1n],
    ['0', 'THB', 0n],
    ['100000', 'LAK', 100000n],
    ['007', 'LAK', 7n],
    ['19.99', 'USD', 1999n],
  ] as const)('parses %s %s as %p', (text, currency, units) => {
    expect(String(parseAmount(text, currency))).toBe(String(units));
  });

  it.each([
    ['1.234', 'THB'],
    ['100.5', 'LAK'],
    ['-1', 'THB'],
    ['+1', 'THB'],
    [' 1', 'THB'],
    ['1,000', 'LAK'],
    ['1e3', 'LAK'],
    ['.5', 'THB'],
    ['1.', 'THB'],
    ['', 'LAK'],
    ['NaN', 'THB'],
  ] as const)('refuses %p as %s', (text, currency) => {
    expect(parseAmount(text, currency)).toBeUndefined();
  });

  it.each([
    [123450n, 'THB', '1234.50'],
    [1n, 'THB', '0.01'],
    [0n, 'THB', '0.00'],
    [-250n, 'THB', '-2.50'],
    [100000n, 'LAK', '100000'],
  ] as const)('formats %p %s as %s', (units, currency, text) => {
    expect(formatAmount(units, currency)).toBe(text);
  });

  it('round-trips every amount of up to 15 whole digits exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.constantFrom('LAK' as const, 'THB' as const, 'USD' as const),
        (units, currency) => parseAmount(formatAmount(units, currency), currency) === units,
      ),
    );
  });
});

it('refuses amounts of more than 15 whole digits, which no bigint column could add up safely', () => {
  expect(parseAmount('999999999999999', 'LAK')).toBe(999999999999999n);
  expect(parseAmount('1000000000000000', 'LAK')).toBeUndefined();
  expect(parseAmount('0001', 'LAK')).toBe(1n);
  expect(parseAmount(12, 'THB')).toBeUndefined();
});

describe('rates as decimal strings', () => {
  it('parses exactly and prints the shortest form', () => {
    expect(formatRate(parseRate('640')!)).toBe('640');
    expect(String(parseRate('21950.125')?.units)).toBe('21950125');
    expect(parseRate('21950.125')?.scale).toBe(3);
    expect(formatRate({ units: 6405000n, scale: 4 })).toBe('640.5');
    expect(formatRate({ units: 5n, scale: 3 })).toBe('0.005');
    expect(normalizeRate('640.000000')).toBe('640');
    expect(normalizeRate('0640.10')).toBe('640.1');
  });

  it.each(['0', '0.000', '-1', '1e3', '600.1234567890123', '', 'abc', '1.', '.5', '123456789012345'])('refuses %p', (text) => {
    expect(parseRate(text)).toBeUndefined();
  });

  it('lets an agency set at most 6 decimals', () => {
    expect(normalizeSettableRate('640.123456')).toBe('640.123456');
    expect(normalizeSettableRate('640.1234560')).toBe('640.123456');
    expect(normalizeSettableRate('640.1234567')).toBeUndefined();
    expect(normalizeSettableRate('0')).toBeUndefined();
  });

  it('compares and averages exactly', () => {
    expect(compareRates('600', '640')).toBeLessThan(0);
    expect(compareRates('640.0', '640')).toBe(0);
    expect(compareRates('640.000001', '640')).toBeGreaterThan(0);
    expect(midRate('600', '640')).toBe('620');
    expect(midRate('600', '641')).toBe('620.5');
    expect(midRate('0.000001', '0.000002')).toBe('0.0000015');
    expect(() => midRate('600', 'x')).toThrow(RangeError);
  });
});

describe('conversions, exact examples', () => {
  it('DEPOSIT divides kip by the sell rate, rounded down to 0.01 THB', () => {
    expect(String(convert('DEPOSIT', 100000n, 'THB', THB_RATES))).toBe('15625'); // 156.25 THB exactly
    expect(String(convert('DEPOSIT', 100001n, 'THB', THB_RATES))).toBe('15625'); // 156.2515... THB
    expect(String(convert('DEPOSIT', 6n, 'THB', THB_RATES))).toBe('0'); // 0.009375 THB
    expect(String(convert('DEPOSIT', 7n, 'THB', THB_RATES))).toBe('1'); // 0.0109375 THB
    expect(String(convert('DEPOSIT', 21900500n, 'USD', THB_RATES))).toBe('100000'); // 1000.00 USD
  });

  it('WITHDRAW multiplies satang by the buy rate, rounded down to 1 kip', () => {
    expect(String(convert('WITHDRAW', 15625n, 'THB', THB_RATES))).toBe('93750');
    expect(String(convert('WITHDRAW', 1n, 'THB', THB_RATES))).toBe('6');
    expect(String(convertAt('WITHDRAW', 1n, { buy: '650.99', sell: '700' }))).toBe('6');
    expect(String(convertAt('WITHDRAW', 3n, { buy: '650.99', sell: '700' }))).toBe('19'); // 19.5297
  });

  it('DEPOSIT_FROM multiplies satang by the sell rate, rounded up to 1 kip', () => {
    expect(String(convert('DEPOSIT_FROM', 15625n, 'THB', THB_RATES))).toBe('100000');
    expect(String(convert('DEPOSIT_FROM', 15626n, 'THB', THB_RATES))).toBe('100007'); // 100006.4
    expect(String(convert('DEPOSIT_FROM', 1n, 'USD', THB_RATES))).toBe('220'); // 219.005
    expect(String(convert('DEPOSIT_FROM', 0n, 'THB', THB_RATES))).toBe('0');
  });

  it('an unknown currency gives 0 for every kind', () => {
    for (const kind of ['DEPOSIT', 'WITHDRAW', 'DEPOSIT_FROM'] as const) {
      expect(String(convert(kind, 100000n, 'EUR', THB_RATES))).toBe('0');
      expect(String(convert(kind, 100000n, 'LAK', [...THB_RATES, { currency: 'LAK', buy: '1', sell: '1' }]))).toBe('0');
      expect(String(convert(kind, 100000n, 'THB', []))).toBe('0');
    }
  });

  it('refuses negative amounts', () => {
    expect(() => convert('DEPOSIT', -1n, 'THB', THB_RATES)).toThrow(RangeError);
  });
});

/** A rate with up to 6 decimals between 0.000001 and about 100,000 LAK, as units and scale. */
const rateArb = fc.record({ units: fc.bigInt({ min: 1n, max: 100_000_000_000n }), scale: fc.integer({ min: 0, max: 6 }) });
/** buy <= sell, each with its own number of decimals. */
const quoteArb = fc.tuple(rateArb, rateArb).map(([a, b]) => {
  const [low, high] = compareRates(formatRate(a), formatRate(b)) <= 0 ? [a, b] : [b, a];
  return { buy: formatRate(low), sell: formatRate(high), buyRate: low, sellRate: high };
});
const kipArb = fc.bigInt({ min: 0n, max: 10_000_000_000_000n });
const satangArb = fc.bigInt({ min: 0n, max: 1_000_000_000_000n });

/** amount × rate / 100 as an exact fraction: [numerator, denominator]. */
const satangTimesRate = (satang: bigint, rate: { units: bigint; scale: number }) =>
  [satang * rate.units, 100n * 10n ** BigInt(rate.scale)] as const;

// Properties return booleans, so fast-check reports the counterexample.
describe('conversions, properties', () => {
  it('a deposit converted back by a withdrawal never returns more kip than was paid while buy <= sell', () => {
    fc.assert(fc.property(quoteArb, kipArb, (quote, kip) => convertAt('WITHDRAW', convertAt('DEPOSIT', kip, quote), quote) <= kip));
  });

  it('a deposit never over-credits, and rounds down by less than 0.01 THB', () => {
    fc.assert(
      fc.property(quoteArb, kipArb, (quote, kip) => {
        const credit = convertAt('DEPOSIT', kip, quote);
        const [worth, per] = satangTimesRate(credit, quote.sellRate);
        const [nextWorth] = satangTimesRate(credit + 1n, quote.sellRate);
        // credit × sell <= kip paid, and one satang more would be too much
        return worth <= kip * per && nextWorth > kip * per;
      }),
    );
  });

  it('a withdrawal never pays out more than credit × buy, and rounds down by less than 1 kip', () => {
    fc.assert(
      fc.property(quoteArb, satangArb, (quote, satang) => {
        const kip = convertAt('WITHDRAW', satang, quote);
        const [worth, per] = satangTimesRate(satang, quote.buyRate);
        return kip * per <= worth && (kip + 1n) * per > worth;
      }),
    );
  });

  it('paying the DEPOSIT_FROM price of a credit always buys at least that credit, by less than 1 kip too much', () => {
    fc.assert(
      fc.property(quoteArb, satangArb, (quote, satang) => {
        const price = convertAt('DEPOSIT_FROM', satang, quote);
        const [worth, per] = satangTimesRate(satang, quote.sellRate);
        return price * per >= worth && (price - 1n) * per < worth && convertAt('DEPOSIT', price, quote) >= satang;
      }),
    );
  });

  it('the mid rate lies between buy and sell', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const mid = midRate(quote.buy, quote.sell);
        return compareRates(quote.buy, mid) <= 0 && compareRates(mid, quote.sell) <= 0;
      }),
    );
  });
});
