import type { Database } from '../../db/database';
import { AppError } from '../errors';
import { ErrorCode } from '../../../src/contract/errors';
import { exchangeRateOf, type ExchangeRate } from '../../../src/contract/exchangeRates';
import {
  RATE_CURRENCIES,
  compareRates,
  isRateCurrency,
  normalizeRate,
  normalizeSettableRate,
  type RateCurrency,
} from '../../../src/contract/money';

/** One rate of an agency as it was set at effectiveAt. */
export interface RateChange {
  currency: RateCurrency;
  buy: string;
  sell: string;
  effectiveAt: Date;
  changedBy: string;
}

type RateRow = { currency: string; buy: string; sell: string; effective_at: Date; changed_by: string };

// numeric(20, 6) reads back as "640.000000"; the API and the converters use the canonical "640".
const toChange = (row: RateRow): RateChange => ({
  currency: row.currency as RateCurrency,
  buy: normalizeRate(row.buy) as string,
  sell: normalizeRate(row.sell) as string,
  effectiveAt: row.effective_at,
  changedBy: row.changed_by,
});

const COLUMNS = ['currency', 'buy', 'sell', 'effective_at', 'changed_by'] as const;

/**
 * Sets the agency's buy and sell rate of a currency from now on, keeping every earlier rate.
 * Rates are LAK per 1 unit, at most 6 decimals, and buy may not exceed sell.
 */
export async function setRate(
  db: Database,
  agencyId: string,
  currency: string,
  buy: string,
  sell: string,
  changedBy: string,
): Promise<RateChange> {
  if (!isRateCurrency(currency)) {
    throw new AppError(400, ErrorCode.UNKNOWN_CURRENCY, `currency must be one of ${RATE_CURRENCIES.join(', ')}`);
  }
  const buyRate = normalizeSettableRate(buy);
  const sellRate = normalizeSettableRate(sell);
  if (!buyRate || !sellRate) {
    throw new AppError(400, ErrorCode.INVALID_RATE, 'rates are positive decimals of LAK per 1 unit, with at most 6 decimals');
  }
  if (compareRates(buyRate, sellRate) > 0) {
    throw new AppError(400, ErrorCode.INVALID_RATE, 'the buy rate may not exceed the sell rate');
  }
  const row = await db
    .insertInto('exchange_rates')
    .values({ agency_id: agencyId, currency, buy: buyRate, sell: sellRate, changed_by: changedBy })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toChange(row);
}

/** The rate in force at `time`: the newest change made at or before it (undefined before the first). */
export function rateAt(db: Database, agencyId: string, currency: RateCurrency, time: Date): Promise<RateChange | undefined> {
  return newestRate(db, agencyId, currency, time);
}

/** The rate in force now: the newest change. */
export function currentRate(db: Database, agencyId: string, currency: RateCurrency): Promise<RateChange | undefined> {
  return newestRate(db, agencyId, currency);
}

async function newestRate(db: Database, agencyId: string, currency: RateCurrency, atOrBefore?: Date): Promise<RateChange | undefined> {
  const row = await db
    .selectFrom('exchange_rates')
    .select(COLUMNS)
    .where('agency_id', '=', agencyId)
    .where('currency', '=', currency)
    .$if(atOrBefore !== undefined, (query) => query.where('effective_at', '<=', atOrBefore as Date))
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toChange(row);
}

/** The agency's current rate of every quoted currency, as GET /exchange-rates lists them. */
export async function currentRates(db: Database, agencyId: string): Promise<ExchangeRate[]> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(COLUMNS)
    .distinctOn('currency')
    .where('agency_id', '=', agencyId)
    .orderBy('currency')
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toChange).map((rate) => exchangeRateOf(rate.currency, rate.buy, rate.sell));
}

/** Every change of a currency's rate, newest first. */
export async function rateHistory(db: Database, agencyId: string, currency: RateCurrency): Promise<RateChange[]> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(COLUMNS)
    .where('agency_id', '=', agencyId)
    .where('currency', '=', currency)
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toChange);
}
