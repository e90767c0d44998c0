/**
 * Money, exactly (docs/banks.md): amounts are integers of a currency's smallest unit (LAK in
 * kip, THB in satang, USD in cents) held as bigint; rates are decimal strings (LAK per 1 unit of
 * the foreign currency) parsed into an integer and a scale, never into a float. Client previews
 * and the server both convert with the functions below, so they always agree to the unit.
 */

import { Type } from 'typebox';

export const CURRENCIES = ['LAK', 'THB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point in an API amount of each currency. */
export const CURRENCY_DECIMALS: Record<Currency, number> = { LAK: 0, THB: 2, USD: 2 };

/** Foreign currencies quoted against LAK in an agency's exchange rates. */
export const RATE_CURRENCIES = ['THB', 'USD'] as const satisfies readonly Currency[];
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

export function isRateCurrency(value: unknown): value is RateCurrency {
  return typeof value === 'string' && (RATE_CURRENCIES as readonly string[]).includes(value);
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** At most 15 integer digits: far above any real amount, far below bigint column limits. */
const MAX_INTEGER_DIGITS = 15;

/**
 * "1234.50" → 123450n for THB (satang), "100000" → 100000n for LAK (kip). Accepts plain
 * non-negative decimals with at most the currency's decimals ("1234.5" is 123450n); anything else
 * (non-strings, signs, spaces, commas, exponents, too many digits or decimals) gives undefined.
 */
export function parseAmount(text: unknown, currency: Currency): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const decimals = CURRENCY_DECIMALS[currency];
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals || whole.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return undefined;
  return BigInt(whole) * pow10(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/**
 * An amount a request carries. Its schema has no type, so ajv cannot coerce a JSON number into a
 * string: parseAmount alone says whether it is an amount, the same way on every route.
 */
export const AmountInput = Type.Unsafe<string>({ description: 'A decimal string of the currency, like "64000" or "1500.50"' });

/** 123450n THB → "1234.50"; 100000n LAK → "100000". The API's decimal-string form of an amount. */
export function formatAmount(units: bigint, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString();
  if (decimals === 0) return sign + digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${sign}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/** A rate of value units / 10^scale LAK per 1 unit of a foreign currency. */
export interface Rate {
  units: bigint;
  scale: number;
}

/** A rate an agency sets carries at most this many decimals (the column is numeric(20, 6)). */
export const RATE_MAX_DECIMALS = 6;

/**
 * "640" or "21950.125" → a Rate; zero, negative or malformed text gives undefined. Up to 12
 * decimals, so a mid rate (one more decimal than its buy and sell) parses too.
 */
export function parseRate(text: string): Rate | undefined {
  const match = /^(\d{1,14})(?:\.(\d{1,12}))?$/.exec(text);
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  const units = BigInt(whole + fraction);
  if (units === 0n) return undefined;
  return { units, scale: fraction.length };
}

/** The shortest exact decimal string of a rate: {units: 6405n, scale: 1} → "640.5", "640.000" → "640". */
export function formatRate({ units, scale }: Rate): string {
  let value = units;
  let digits = scale;
  while (digits > 0 && value % 10n === 0n) {
    value /= 10n;
    digits--;
  }
  const text = value.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The canonical form of a rate string ("640.00" → "640"), or undefined when it is not a rate. */
export function normalizeRate(text: string): string | undefined {
  const rate = parseRate(text);
  return rate && formatRate(rate);
}

/** The canonical form of a rate an agency may set (at most 6 decimals once trailing zeros go). */
export function normalizeSettableRate(text: string): string | undefined {
  const rate = normalizeRate(text);
  const decimals = rate?.split('.')[1]?.length ?? 0;
  return decimals <= RATE_MAX_DECIMALS ? rate : undefined;
}

/** Compares two rate strings exactly: negative, zero or positive like a sort comparator. */
export function compareRates(a: string, b: string): number {
  const x = mustParseRate(a);
  const y = mustParseRate(b);
  const scale = Math.max(x.scale, y.scale);
  const left = x.units * pow10(scale - x.scale);
  const right = y.units * pow10(scale - y.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** The mid rate (buy + sell) / 2, exact: one more decimal at most. */
export function midRate(buy: string, sell: string): string {
  const x = mustParseRate(buy);
  const y = mustParseRate(sell);
  const scale = Math.max(x.scale, y.scale);
  const sum = x.units * pow10(scale - x.scale) + y.units * pow10(scale - y.scale);
  return formatRate({ units: sum * 5n, scale: scale + 1 });
}

function mustParseRate(text: string): Rate {
  const rate = parseRate(text);
  if (!rate) throw new RangeError(`not an exchange rate: "${text}"`);
  return rate;
}

/**
 * The conversions (docs/banks.md):
 * - DEPOSIT: kip paid → foreign minor units credited, LAK / sell, rounded down (to 0.01 THB).
 * - WITHDRAW: foreign minor units withdrawn → kip paid out, amount × buy, rounded down (to 1 kip).
 * - DEPOSIT_FROM: foreign minor units wanted → kip to pay, amount × sell, rounded up (to 1 kip).
 * Every rounding favours the agency by less than one unit, so no conversion ever over-credits.
 */
export const CONVERSION_KINDS = ['DEPOSIT', 'WITHDRAW', 'DEPOSIT_FROM'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/** An agency's buy and sell rate of one foreign currency, as the API gives them. */
export interface RateQuote {
  currency: string;
  buy: string;
  sell: string;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Converts with one quote. Amounts are non-negative integers of the input's smallest unit. */
export function convertAt(
  kind: ConversionKind,
  amount: bigint,
  quote: Pick<RateQuote, 'buy' | 'sell'>,
  foreign: RateCurrency = 'THB',
): bigint {
  if (amount < 0n) throw new RangeError('amounts to convert are never negative');
  const minor = pow10(CURRENCY_DECIMALS[foreign]);
  switch (kind) {
    case 'DEPOSIT': {
      const sell = mustParseRate(quote.sell);
      return (amount * minor * pow10(sell.scale)) / sell.units;
    }
    case 'WITHDRAW': {
      const buy = mustParseRate(quote.buy);
      return (amount * buy.units) / (minor * pow10(buy.scale));
    }
    case 'DEPOSIT_FROM': {
      const sell = mustParseRate(quote.sell);
      return ceilDiv(amount * sell.units, minor * pow10(sell.scale));
    }
  }
}

/**
 * Converts with the quote of `currency` from a rate list (GET /api/v2/exchange-rates); a currency
 * the list does not quote gives 0.
 */
export function convert(kind: ConversionKind, amount: bigint, currency: string, rates: readonly RateQuote[]): bigint {
  const quote = rates.find((rate) => rate.currency === currency);
  if (!quote || !isRateCurrency(currency)) return 0n;
  return convertAt(kind, amount, quote, currency);
}
