import type { ColumnType } from 'kysely';

type NullableInt8 = ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;

/** Migration 0024: a player's deposit limit per period, with a raise or removal waiting its 24 hours. */
export interface DepositLimitTables {
  player_deposit_limits: {
    player_id: string;
    period: 'day' | 'week' | 'month';
    agency_id: string;
    /** whole kip, null for none: the limit in force, and what a pending change brings once pending_at has come */
    limit_kip: NullableInt8;
    pending_kip: NullableInt8;
    pending_at: Date | null;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}
