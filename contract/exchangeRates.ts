import { Type, type Static } from 'typebox';
import { midRate, RATE_CURRENCIES, type RateCurrency } from './money';

/**
 * One entry of GET /api/v2/exchange-rates: how many kip one unit of `currency` buys and sells for
 * at this agency. buy (the agency buys the currency back: withdrawals) and sell (the agency sells
 * it: deposits) are exact decimal strings; mid is their average, shown as the reference rate.
 */
export const ExchangeRateSchema = Type.Object({
  /** The pair, foreign currency first: "THB_LAK". */
  code: Type.String(),
  mid: Type.String(),
  /** "THB/LAK", the pair as people write it. */
  displayName: Type.String(),
  currency: Type.Enum(RATE_CURRENCIES),
  buy: Type.String(),
  sell: Type.String(),
});
export type ExchangeRate = Static<typeof ExchangeRateSchema>;

export const ExchangeRatesSchema = Type.Array(ExchangeRateSchema);

export function exchangeRateOf(currency: RateCurrency, buy: string, sell: string): ExchangeRate {
  return { code: `${currency}_LAK`, mid: midRate(buy, sell), displayName: `${currency}/LAK`, currency, buy, sell };
}
