import { CURRENCY_DECIMALS, formatAmount, type Currency } from './money';

/**
 * An amount for people, in the Lao locale (1.234.567,50). Amounts arrive as
 * decimal strings or bigints and are formatted exactly, never through a float, so large kip sums
 * keep every digit. The separators are written here rather than taken from Intl, because browsers
 * ship without Lao number data and fall back to English.
 */
export function displayAmount(amount: string | bigint | number, fractionDigits = 2): string {
  const text = typeof amount === 'string' ? amount.trim() : String(amount);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fractionDigits > 0 ? `${sign}${grouped},${fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits)}` : `${sign}${grouped}`;
}

/**
 * An amount with its currency for people: an API decimal string ("1500.00" THB → "1.500,00 THB") or
 * bigint minor units as the money code keeps them (150000n THB satang → "1.500,00 THB", 741353n LAK → "741.353 LAK").
 */
export function displayMoney(amount: string | bigint, currency: Currency): string {
  const decimal = typeof amount === 'bigint' ? formatAmount(amount, currency) : amount;
  return `${displayAmount(decimal, CURRENCY_DECIMALS[currency])} ${currency}`;
}
