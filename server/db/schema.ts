import type { ColumnType, Generated } from 'kysely';
import type { OperatorRole } from '../../contract/admin';
import type { AgencySocial } from '../../contract/agency';
import type { Language } from '../../contract/languages';
import type { PromotionStatus, PromotionUsageEndReason, PromotionUsageStatus } from '../../contract/promotions';
import type { WithdrawalStatus } from '../../contract/withdrawals';
import type { BooksTables } from './booksSchema';
export type { DepositTables } from './depositSchema';
import type { DepositTables } from './depositSchema';
import type { LedgerClosingTables } from './ledgerClosingSchema';
import type { RateLimitTables } from './rateLimitSchema';
import type { RiskFlagTables } from './riskFlagSchema';
import type { SandboxBankTables, SandboxProviderTables } from './sandboxSchema';
import type { DepositLimitTables, RealityCheckTables, ResponsiblePlayTables } from './responsiblePlaySchema';

/**
 * Table types for Kysely. Each capability adds its tables in its own interface and joins DB below.
 * Written by hand: __tests__/server/dbSchema.test.ts holds them to the migrated database, and value
 * lists the wire shares come from contract so the rows and the API cannot drift apart.
 */

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint columns are read as strings (see db/database.ts) and written as bigint or string. */
export type Int8 = ColumnType<string, bigint | string | number, bigint | string | number>;

/** Every Idempotency-Key claimed by the one rule (domain/claims.ts), with the hash of its request. */
export interface ClaimTables {
  idempotency_claims: {
    agency_id: string;
    scope: string;
    idempotency_key: string;
    request_hash: string;
    created_at: CreatedAt;
  };
}

export interface AgencyTables {
  agencies: {
    id: Generated<string>;
    name: string;
    social: ColumnType<AgencySocial, string, string>;
    /** Owners always need a second factor; staff only when the agency says so. */
    staff_totp_required: Generated<boolean>;
    created_at: CreatedAt;
  };
  agency_domains: {
    host: string;
    agency_id: string;
  };
  /** The agency's own withdrawal rules; without a row it follows the environment's (WITHDRAW_*). */
  agency_withdrawal_settings: {
    agency_id: string;
    min_satang: Int8;
    max_satang: Int8;
    daily_limit: number;
    auto_approve_satang: Int8;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

export interface PlayerTables {
  players: {
    id: Generated<string>;
    agency_id: string;
    username: string;
    password_hash: string;
    display_name: string;
    blocked: Generated<boolean>;
    password_changed_at: Date | null;
    /** when an operator suspended the player's login; null while the player may log in */
    suspended_at: Date | null;
    /** set by an operator's password reset: the player must choose a new password first */
    must_change_password: Generated<boolean>;
    created_at: CreatedAt;
  };
  player_sessions: {
    id: Generated<string>;
    token_hash: Buffer;
    player_id: string;
    agency_id: string;
    created_at: CreatedAt;
    expires_at: Date;
    revoked_at: Date | null;
  };
}

export interface LaoQrTables {
  laoqr_webhook_events: {
    agency_id: string;
    event_id: string;
    received_at: CreatedAt;
    /** What the event reported; null on events recorded before the deposit review kept them. */
    bill_number: string | null;
    transaction_id: string | null;
    amount_kip: ColumnType<string | null, bigint | string | null | undefined, never>;
    paid_at: Date | null;
  };
}

export interface BankAccountTables {
  bank_accounts: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    bank: string;
    account_number: string;
    account_name: string;
    currency: string;
    created_at: CreatedAt;
  };
}

export interface ExchangeRateTables {
  /** Append-only: every change of a rate is a row (numeric comes back as a string). */
  exchange_rates: {
    id: Generated<string>;
    agency_id: string;
    currency: string;
    buy: string;
    sell: string;
    effective_at: ColumnType<Date, Date | string | undefined, never>;
    changed_by: string;
  };
}

export interface LedgerTables {
  ledger_accounts: {
    id: Generated<string>;
    agency_id: string;
    kind: string;
    player_id: string | null;
    provider: string | null;
    currency: string;
    balance: ColumnType<string, bigint | string | undefined, bigint | string>;
    may_go_negative: boolean;
    version: ColumnType<string, bigint | string | undefined, bigint | string>;
    created_at: CreatedAt;
  };
  ledger_transfers: {
    id: Generated<string>;
    agency_id: string;
    idempotency_key: string;
    kind: string;
    status: 'POSTED' | 'PENDING' | 'VOIDED';
    request_hash: string;
    refs: ColumnType<Record<string, string>, string | undefined, string>;
    pending_from: string | null;
    pending_via: string | null;
    pending_to: string | null;
    pending_amount: ColumnType<string | null, bigint | string | null | undefined, never>;
    provider: string | null;
    provider_ref: string | null;
    provider_direction: 'IN' | 'OUT' | null;
    failure_code: string | null;
    created_at: CreatedAt;
    settled_at: Date | null;
  };
  ledger_entries: {
    id: ColumnType<string, never, never>;
    transfer_id: string;
    account_id: string;
    agency_id: string;
    amount: ColumnType<string, bigint | string, never>;
    currency: string;
    created_at: CreatedAt;
  };
  provider_members: {
    player_id: string;
    provider: string;
    agency_id: string;
    member: string;
    registered: Generated<boolean>;
    created_at: CreatedAt;
  };
}

export interface SiteSettingsTables {
  agency_site_settings: {
    agency_id: string;
    signup_minutes: number;
    game_count: number;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

export interface FingerprintTables {
  player_fingerprints: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    visitor_id: string;
    /** the DeviceFingerprint payload (contract/players.ts) as sent */
    device: ColumnType<Record<string, unknown>, string, never>;
    source: 'register' | 'visit';
    ip: string | null;
    created_at: CreatedAt;
  };
}

export interface WithdrawalTables {
  withdrawals: {
    id: Generated<string>;
    agency_id: string;
    code: string;
    player_id: string;
    provider: string;
    idempotency_key: string;
    amount_satang: ColumnType<string, bigint | string, never>;
    rate: ColumnType<string, string, never>;
    amount_kip: ColumnType<string, bigint | string, never>;
    bank: string;
    account_name: string;
    account_number: string;
    /** Created OPEN; a decision only ever moves it on. */
    status: ColumnType<WithdrawalStatus, 'OPEN' | undefined, Exclude<WithdrawalStatus, 'OPEN'>>;
    payout_ref: string | null;
    payout_started_at: Date | null;
    received_kip: ColumnType<string | null, never, bigint | string>;
    payout_transaction_id: string | null;
    credit_returned_satang: ColumnType<string, never, bigint | string>;
    reason: string | null;
    decided_by: string | null;
    created_at: CreatedAt;
    completed_at: Date | null;
    promotion_usage_id: ColumnType<string | null, string | null | undefined, never>;
    promotion_retained_satang: ColumnType<string | null, bigint | string | null | undefined, never>;
    /** Credit deposited at the provider since the player's previous withdrawal there, and the stakes bet since: null without such deposits. */
    deposited_before_satang: ColumnType<string | null, bigint | string | null | undefined, never>;
    turnover_before_satang: ColumnType<string | null, bigint | string | null | undefined, never>;
  };
}

export interface WithdrawalReviewTables {
  agency_withdrawal_review_settings: {
    agency_id: string;
    /** The four-eyes amount; null means one approval always suffices. */
    four_eyes_satang: ColumnType<string | null, bigint | string | null, bigint | string | null>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  withdrawal_approvals: {
    withdrawal_id: string;
    operator_id: string;
    created_at: CreatedAt;
  };
}

export interface OperatorTables {
  operators: {
    id: Generated<string>;
    agency_id: string;
    username: string;
    password_hash: string;
    role: OperatorRole;
    created_at: CreatedAt;
    disabled_at: Date | null;
    /** Base32 TOTP secret once the first code confirmed it; the pending one waits for that code. */
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_enabled_at: Date | null;
    totp_last_step: ColumnType<string | null, string | number | null, string | number | null>;
  };
  operator_sessions: {
    id: Generated<string>;
    token_hash: Buffer;
    operator_id: string;
    agency_id: string;
    created_at: CreatedAt;
    expires_at: Date;
    revoked_at: Date | null;
    last_seen_at: Generated<Date>;
    ip: string | null;
    user_agent: string | null;
  };
  /** One-time codes for an operator who lost their authenticator; only SHA-256 hashes are kept. */
  operator_recovery_codes: {
    id: Generated<string>;
    operator_id: string;
    code_hash: Buffer;
    used_at: Date | null;
  };
  /** Append-only (a trigger refuses UPDATE and DELETE). */
  operator_audit_log: {
    id: ColumnType<string, never, never>;
    agency_id: string;
    operator_id: string | null;
    actor: string;
    action: string;
    target: string | null;
    reason: string | null;
    details: ColumnType<Record<string, string>, string | undefined, never>;
    created_at: CreatedAt;
  };
  /** Who created, promoted or re-enabled an operator, and when: four-eyes counts people, not accounts. */
  operator_grants: {
    id: ColumnType<string, never, never>;
    operator_id: string;
    granted_by: string;
    kind: 'created' | 'promoted' | 'enabled';
    created_at: CreatedAt;
  };
}

type TranslatedColumn = ColumnType<Record<Language, string>, string, string>;
type NullableInt8 = ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;

export interface PromotionTables {
  promotions: {
    id: Generated<string>;
    agency_id: string;
    name: TranslatedColumn;
    terms: TranslatedColumn;
    image_url: string;
    bonus_kind: 'FIXED' | 'PERCENT';
    bonus_amount_satang: NullableInt8;
    bonus_percent: number | null;
    bonus_cap_satang: NullableInt8;
    deposit_amount_kip: Int8;
    turnover_multiple: number;
    min_balance_satang: Int8;
    max_withdraw_percent: number;
    credit_threshold_satang: Int8;
    first_order_only: Generated<boolean>;
    providers: string[];
    starts_at: ColumnType<Date, Date | string | undefined, Date | string>;
    ends_at: Date | null;
    status: Generated<PromotionStatus>;
    sort_order: Generated<number>;
    created_at: CreatedAt;
  };
  promotion_usages: {
    id: Generated<string>;
    agency_id: string;
    player_id: string;
    promotion_id: string;
    provider: string;
    status: Generated<PromotionUsageStatus>;
    deposit_order_id: string | null;
    deposit_credit_satang: NullableInt8;
    bonus_satang: NullableInt8;
    credit_received_satang: NullableInt8;
    turnover_required_satang: NullableInt8;
    turnover_satang: NullableInt8;
    turnover_since: Date | null;
    cancel_take_satang: NullableInt8;
    cancel_attempt: Generated<number>;
    created_at: CreatedAt;
    used_at: Date | null;
    ended_at: Date | null;
    end_reason: PromotionUsageEndReason | null;
  };
}

export interface DB
  extends
    ClaimTables,
    AgencyTables,
    PlayerTables,
    LaoQrTables,
    SandboxBankTables,
    BankAccountTables,
    ExchangeRateTables,
    LedgerTables,
    LedgerClosingTables,
    SandboxProviderTables,
    SiteSettingsTables,
    FingerprintTables,
    WithdrawalTables,
    OperatorTables,
    DepositTables,
    PromotionTables,
    WithdrawalReviewTables,
    ResponsiblePlayTables,
    RiskFlagTables,
    RateLimitTables,
    RealityCheckTables,
    DepositLimitTables,
    BooksTables {}
