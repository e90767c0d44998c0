import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

/** The exchange_rates table: every change of an agency's rates, never rewritten. */

export type RateRow = { currency: string; buy: string; sell: string; effective_at: Date; changed_by: string };

const COLUMNS = ['currency', 'buy', 'sell', 'effective_at', 'changed_by'] as const;

/**
 * Takes the agency's rate lock (a transaction-level advisory lock) until the transaction ends:
 * operators' rate changes of one agency take turns.
 */
export async function lockRates(trx: Transaction<DB>, agencyId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`exchange-rates:${agencyId}`}))`.execute(trx);
}

export async function insertRate(
  db: Database,
  agencyId: string,
  rate: { currency: string; buy: string; sell: string; changedBy: string },
): Promise<RateRow> {
  return db
    .insertInto('exchange_rates')
    .values({ agency_id: agencyId, currency: rate.currency, buy: rate.buy, sell: rate.sell, changed_by: rate.changedBy })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The newest change of the currency's rate, or the newest made at or before `atOrBefore`. */
export async function newestRate(db: Database, agencyId: string, currency: string, atOrBefore?: Date): Promise<RateRow | undefined> {
  return db
    .selectFrom('exchange_rates')
    .select(COLUMNS)
    .where('agency_id', '=', agencyId)
    .where('currency', '=', currency)
    .$if(atOrBefore !== undefined, (query) => query.where('effective_at', '<=', atOrBefore as Date))
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest change of each currency the agency quotes, by currency. */
export async function newestRates(db: Database, agencyId: string): Promise<RateRow[]> {
  return db
    .selectFrom('exchange_rates')
    .select(COLUMNS)
    .distinctOn('currency')
    .where('agency_id', '=', agencyId)
    .orderBy('currency')
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every change of the currency's rate, newest first. */
export async function rateChanges(db: Database, agencyId: string, currency: string): Promise<RateRow[]> {
  return db
    .selectFrom('exchange_rates')
    .select(COLUMNS)
    .where('agency_id', '=', agencyId)
    .where('currency', '=', currency)
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
