import { Type, type Static } from 'typebox';
import { RATE_CURRENCIES, compareRates, normalizeSettableRate, parseRate } from './money';

/**
 * The operators' exchange rates (/api/v2/admin/rates) and the one rule a rate change obeys, used by
 * the console's form and by the server alike: buy and sell are positive decimals of LAK per 1 unit
 * (at most 6 decimals), buy <= sell, and a move of more than LARGE_RATE_MOVE_PERCENT from the current
 * rate is only made when the operator confirms it.
 */

/** A move beyond this share of the current rate (either side) asks the operator again. */
export const LARGE_RATE_MOVE_PERCENT = 5;

export type RateProblem = 'BUY_INVALID' | 'SELL_INVALID' | 'BUY_ABOVE_SELL';

/** What is wrong with a buy and sell rate pair, or undefined when an agency may set it. */
export function rateProblem(buy: string, sell: string): RateProblem | undefined {
  const buyRate = normalizeSettableRate(buy.trim());
  if (!buyRate) return 'BUY_INVALID';
  const sellRate = normalizeSettableRate(sell.trim());
  if (!sellRate) return 'SELL_INVALID';
  return compareRates(buyRate, sellRate) > 0 ? 'BUY_ABOVE_SELL' : undefined;
}

/** |to - from| / from in percent, rounded to 2 decimals for people; exact comparisons use isLargeMove. */
function movePercent(from: string, to: string): number {
  const a = Number(from);
  return Math.round((Math.abs(Number(to) - a) / a) * 10_000) / 100;
}

/** True when `to` is more than LARGE_RATE_MOVE_PERCENT away from `from`, compared exactly. */
function isLargeMove(from: string, to: string): boolean {
  const x = parseRate(from);
  const y = parseRate(to);
  if (!x || !y) return false;
  const scale = Math.max(x.scale, y.scale);
  const old = x.units * 10n ** BigInt(scale - x.scale);
  const next = y.units * 10n ** BigInt(scale - y.scale);
  const difference = next > old ? next - old : old - next;
  return difference * 100n > old * BigInt(LARGE_RATE_MOVE_PERCENT);
}

export interface RateMove {
  /** The larger of the buy and sell moves, in percent of the current rate. */
  percent: number;
  /** More than LARGE_RATE_MOVE_PERCENT on either side: the operator must confirm. */
  large: boolean;
}

/** How far a valid new pair moves from the current one; no current rate is no move. */
export function rateMove(current: { buy: string; sell: string } | null | undefined, buy: string, sell: string): RateMove {
  if (!current) return { percent: 0, large: false };
  return {
    percent: Math.max(movePercent(current.buy, buy), movePercent(current.sell, sell)),
    large: isLargeMove(current.buy, buy) || isLargeMove(current.sell, sell),
  };
}

export const RateCurrencyParamsSchema = Type.Object({ currency: Type.String({ maxLength: 10 }) }, { additionalProperties: false });

/** PUT /admin/rates/{currency} (owners). */
export const RateChangeSchema = Type.Object(
  {
    buy: Type.String({ maxLength: 40 }),
    sell: Type.String({ maxLength: 40 }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    confirmLargeMove: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RateChange = Static<typeof RateChangeSchema>;

/** One rate as it was set: LAK per 1 unit, when and by whom. */
export const RateEntrySchema = Type.Object({
  currency: Type.Enum(RATE_CURRENCIES),
  buy: Type.String(),
  sell: Type.String(),
  mid: Type.String(),
  effectiveAt: Type.String({ format: 'date-time' }),
  changedBy: Type.String(),
});
export type RateEntry = Static<typeof RateEntrySchema>;

/** GET /admin/rates: per currency the rate in force (null before the first) and every change, newest first. */
export const AgencyRateSchema = Type.Object({
  currency: Type.Enum(RATE_CURRENCIES),
  current: Type.Union([RateEntrySchema, Type.Null()]),
  history: Type.Array(RateEntrySchema),
});
export const AgencyRatesSchema = Type.Object({ rates: Type.Array(AgencyRateSchema) });
export type AgencyRates = Static<typeof AgencyRatesSchema>;

export const RateChangedSchema = Type.Object({ rate: RateEntrySchema });

/** The 409 of a move over LARGE_RATE_MOVE_PERCENT sent without confirmLargeMove: nothing changed. */
export const RateConfirmationRequiredSchema = Type.Object({
  code: Type.Literal('RATE_CONFIRMATION_REQUIRED'),
  message: Type.String(),
  movePercent: Type.Number(),
});
