import type { ColumnType } from 'kysely';

/** The closing of each ledger day (server/domain/ledger/trialBalance.ts), written once the day can no longer change. */
export interface LedgerClosingTables {
  ledger_day_closings: {
    agency_id: string;
    day: ColumnType<Date, string, never>;
    /** One row per account kind and currency that had accounts at the day's end. */
    kind: string;
    currency: string;
    accounts: ColumnType<number, number, never>;
    /** Minor units; positive is a debit balance, negative a credit balance. */
    balance: ColumnType<string, bigint | string, never>;
  };
}
