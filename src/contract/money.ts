/**
 * Money is held in minor units as bigint (THB in satang, LAK in kip) and travels through the API as
 * a decimal string ("1234.50"). These are the only conversions between the two.
 */

/** Decimal places of each currency's API amount: THB in satang (2), LAK in whole kip (0). */
export const CURRENCY_DECIMALS = { THB: 2, LAK: 0 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;
export const CURRENCIES = Object.keys(CURRENCY_DECIMALS) as Currency[];

/** At most 15 integer digits: far above any real amount, far below bigint or numeric limits. */
const MAX_INTEGER_DIGITS = 15;

/**
 * The minor units of a non-negative decimal string with at most `decimals` decimal places, or
 * undefined when the text is not such a number ("-1", "1e3", "0x10", " 5", "1.005" for THB).
 */
export function parseAmount(text: unknown, decimals = 2): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const fractionPattern = decimals > 0 ? `(?:\\.(\\d{1,${decimals}}))?` : '';
  const match = new RegExp(`^(0|[1-9]\\d{0,${MAX_INTEGER_DIGITS - 1}})${fractionPattern}$`).exec(text);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  return BigInt(match[1]) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
}

/** The API's decimal string of an amount in minor units: 123450n → "1234.50". */
export function formatAmount(minor: bigint, decimals = 2): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const integer = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${integer}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * A decimal string for people, written the Lao way as SPEC.md section 9 asks (CLDR "lo": "." groups
 * thousands, "," marks decimals): "1234567.50" → "1.234.567,50". The symbols are fixed here rather
 * than taken from Intl, because browsers ship without Lao number data and fall back to English.
 * Exact: the digits never pass through a float.
 */
export function displayAmount(decimal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) return decimal;
  const integer = match[2].replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${match[1]}${integer}${match[3] ? `,${match[3]}` : ''}`;
}
