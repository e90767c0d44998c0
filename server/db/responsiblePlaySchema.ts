import type { ColumnType, Generated } from 'kysely';
import type { DepositLimitPeriod } from '../../contract/depositLimits';
import type { BreakDuration, BreakKind } from '../../contract/breaks';
import type { Language } from '../../contract/languages';
import type { CreatedAt } from './schema';

/** The tables of responsible play: breaks and the agency's settings (0021), deposit limits (0024), reality checks (0026). */

export interface ResponsiblePlayTables {
  /** A player's time-outs and self-exclusions; a row is never shortened or removed. */
  player_breaks: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    kind: BreakKind;
    starts_at: ColumnType<Date, Date | string | undefined, never>;
    /** null only for a self-exclusion for good */
    ends_at: ColumnType<Date | null, Date | string | null, never>;
    /** the player's Idempotency-Key, unique per player; null on rows written without one */
    idempotency_key: ColumnType<string | null, string | null | undefined, never>;
    /** what the player chose (HOURS_24 ... FOR_GOOD) */
    duration: ColumnType<BreakDuration | null, BreakDuration | null | undefined, never>;
    created_at: CreatedAt;
  };
  agency_responsible_play_settings: {
    agency_id: string;
    /** the most a player's deposit limit may be; null when the agency sets none */
    deposit_limit_max_kip: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
    /** 0 (off), 15, 30 or 60 */
    reality_check_default_minutes: ColumnType<number, number | undefined, number>;
    /** the licence and jurisdiction notice per site language (lo, cn, vn, th) */
    notice: ColumnType<Partial<Record<Language, string>>, string | undefined, string>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

export interface RealityCheckTables {
  /** The reality-check interval a player chose; without a row the agency's default applies. */
  player_reality_checks: {
    player_id: string;
    agency_id: string;
    /** 0 (off), 15, 30 or 60 */
    minutes: number;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

type NullableInt8 = ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;

/** Migration 0024: a player's deposit limit per period, with a raise or removal waiting its 24 hours. */
export interface DepositLimitTables {
  player_deposit_limits: {
    player_id: string;
    period: DepositLimitPeriod;
    agency_id: string;
    /** whole kip, null for none: the limit in force, and what a pending change brings once pending_at has come */
    limit_kip: NullableInt8;
    pending_kip: NullableInt8;
    pending_at: Date | null;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}
