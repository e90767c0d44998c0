import type { Database } from '../../db/database';
import { AppError } from '../errors';
import { ErrorCode } from '../../../contract/errors';
import { exchangeRateOf, type ExchangeRate } from '../../../contract/exchangeRates';
import { RATE_CURRENCIES, isRateCurrency, normalizeRate, normalizeSettableRate, type RateCurrency } from '../../../contract/money';
import { rateMove, rateProblem, type RateProblem } from '../../../contract/adminRates';
import { appendAudit, type Actor } from '../audit';
import { insertRate, lockRates, newestRate, newestRates, rateChanges, type RateRow } from './exchangeRatesRepository';

const RATE_PROBLEMS: Record<RateProblem, string> = {
  BUY_INVALID: 'the buy rate must be a positive decimal of LAK per 1 unit, with at most 6 decimals',
  SELL_INVALID: 'the sell rate must be a positive decimal of LAK per 1 unit, with at most 6 decimals',
  BUY_ABOVE_SELL: 'the buy rate may not exceed the sell rate',
};

/** One rate of an agency as it was set at effectiveAt. */
export interface RateChange {
  currency: RateCurrency;
  buy: string;
  sell: string;
  effectiveAt: Date;
  changedBy: string;
}

// numeric(20, 6) reads back as "640.000000"; the API and the converters use the canonical "640".
const toChange = (row: RateRow): RateChange => ({
  currency: row.currency as RateCurrency,
  buy: normalizeRate(row.buy) as string,
  sell: normalizeRate(row.sell) as string,
  effectiveAt: row.effective_at,
  changedBy: row.changed_by,
});

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
  const problem = rateProblem(buy, sell);
  if (problem) throw new AppError(400, ErrorCode.INVALID_RATE, RATE_PROBLEMS[problem]);
  const row = await insertRate(db, agencyId, {
    currency,
    buy: normalizeSettableRate(buy.trim()) as string,
    sell: normalizeSettableRate(sell.trim()) as string,
    changedBy,
  });
  return toChange(row);
}

/** The rate in force at `time`: the newest change made at or before it (undefined before the first). */
export async function rateAt(db: Database, agencyId: string, currency: RateCurrency, time: Date): Promise<RateChange | undefined> {
  const row = await newestRate(db, agencyId, currency, time);
  return row && toChange(row);
}

/** The rate in force now: the newest change. */
export async function currentRate(db: Database, agencyId: string, currency: RateCurrency): Promise<RateChange | undefined> {
  const row = await newestRate(db, agencyId, currency);
  return row && toChange(row);
}

/** The agency's current rate of every quoted currency, as GET /exchange-rates lists them. */
export async function currentRates(db: Database, agencyId: string): Promise<ExchangeRate[]> {
  const rows = await newestRates(db, agencyId);
  return rows.map(toChange).map((rate) => exchangeRateOf(rate.currency, rate.buy, rate.sell));
}

/** Every change of a currency's rate, newest first. */
export async function rateHistory(db: Database, agencyId: string, currency: RateCurrency): Promise<RateChange[]> {
  const rows = await rateChanges(db, agencyId, currency);
  return rows.map(toChange);
}

export type OperatorRateChange =
  | { outcome: 'changed'; rate: RateChange }
  /** The move is over LARGE_RATE_MOVE_PERCENT and was not confirmed: nothing changed. */
  | { outcome: 'confirm'; movePercent: number };

/**
 * An operator sets a rate from the console: the shared rule (rateProblem) first, then a move of
 * more than 5% from the current rate only with confirmLargeMove; the change and its audit entry
 * are one transaction, which holds the agency's rate lock so two operators compare against the rate
 * really in force.
 */
export async function changeRate(
  db: Database,
  agencyId: string,
  currency: string,
  change: { buy: string; sell: string; reason?: string; confirmLargeMove?: boolean },
  actor: Actor,
): Promise<OperatorRateChange> {
  if (!isRateCurrency(currency)) {
    throw new AppError(400, ErrorCode.UNKNOWN_CURRENCY, `currency must be one of ${RATE_CURRENCIES.join(', ')}`);
  }
  const problem = rateProblem(change.buy, change.sell);
  if (problem) throw new AppError(400, ErrorCode.INVALID_RATE, RATE_PROBLEMS[problem]);
  return db.transaction().execute(async (trx) => {
    await lockRates(trx, agencyId);
    const current = await currentRate(trx, agencyId, currency);
    const move = rateMove(current, change.buy.trim(), change.sell.trim());
    if (move.large && change.confirmLargeMove !== true) return { outcome: 'confirm', movePercent: move.percent };
    const rate = await setRate(trx, agencyId, currency, change.buy, change.sell, actor.name);
    const reason = change.reason?.trim();
    await appendAudit(trx, {
      agencyId,
      actor,
      action: 'SET_RATE',
      target: currency,
      reason: reason ? reason : undefined,
      details: {
        buy: rate.buy,
        sell: rate.sell,
        previousBuy: current?.buy ?? '',
        previousSell: current?.sell ?? '',
        movePercent: String(move.percent),
      },
    });
    return { outcome: 'changed', rate };
  });
}
