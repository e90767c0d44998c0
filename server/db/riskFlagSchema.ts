import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './schema';

/** The tables of the operators' risk flags (migrations 0027, 0034 and 0035). */
export interface RiskFlagTables {
  /** A player's try to add a bank account number another player of the agency holds (ACCOUNT_IN_USED). */
  bank_account_refusals: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    bank: string;
    account_number: string;
    created_at: CreatedAt;
  };
  /** An operator's review of a risk flag (kind + subject), on the evidence the flag showed then. */
  risk_flag_reviews: {
    id: Generated<string>;
    agency_id: string;
    kind: string;
    subject: string;
    evidence_key: string;
    note: string;
    operator_id: string;
    created_at: CreatedAt;
  };
  /**
   * How many of a player's deposit orders of a Vientiane day are FAILED, CANCELED or EXPIRED, kept by
   * triggers on deposit_orders (migration 0034): never written by the application.
   */
  deposit_failure_days: {
    agency_id: ColumnType<string, never, never>;
    player_id: ColumnType<string, never, never>;
    /** The Vientiane day (pg reads a date as a Date at the server's midnight: select day::text for YYYY-MM-DD). */
    day: ColumnType<Date, never, never>;
    orders: ColumnType<number, never, never>;
  };
  /** Each player seen on each device (fingerprint visitor id), once; kept by triggers on player_fingerprints (migration 0035). */
  device_players: {
    agency_id: ColumnType<string, never, never>;
    visitor_id: ColumnType<string, never, never>;
    player_id: ColumnType<string, never, never>;
  };
  /** How many players each device has seen; kept by the same triggers. */
  devices: {
    agency_id: ColumnType<string, never, never>;
    visitor_id: ColumnType<string, never, never>;
    players: ColumnType<number, never, never>;
  };
}
