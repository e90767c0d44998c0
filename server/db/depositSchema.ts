import type { ColumnType, Generated } from 'kysely';
import type { DEPOSIT_REFUND_STATUSES, UNMATCHED_PAYMENT_STATUSES, UnmatchedPaymentResolution } from '../../contract/adminDeposits';
import type { DepositStatus } from '../../contract/deposits';
import type { CreatedAt } from './schema';

/** The deposit orders, unmatched payments, refunds and the deposit review's actions (migrations 0011, 0018 and after). */
export interface DepositTables {
  agency_deposit_settings: {
    agency_id: string;
    bank_iin: string;
    account_number: string;
    merchant_name: string;
    /** The LaoQR merchant id (MID); null until the operator sets it, and no deposit is taken while it is. */
    merchant_id: ColumnType<string | null, string | null | undefined, string | null>;
    merchant_city: string;
    merchant_category_code: Generated<string>;
    expiry_minutes: number | null;
    min_kip: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
    max_kip: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  };
  deposit_orders: {
    id: Generated<string>;
    agency_id: string;
    code: string;
    player_id: string;
    provider: string;
    amount_kip: ColumnType<string, bigint | string, never>;
    credit_satang: ColumnType<string, bigint | string, never>;
    rate_sell: ColumnType<string, string, never>;
    rate_effective_at: ColumnType<Date, Date, never>;
    status: Generated<DepositStatus>;
    idempotency_key: string;
    expires_at: Date;
    transaction_id: string | null;
    paid_amount_kip: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
    paid_at: Date | null;
    credited_at: Date | null;
    closed_at: Date | null;
    credit_attempt: Generated<number>;
    failure_code: string | null;
    promo_credit_satang: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
    promotion_usage_id: string | null;
    created_at: CreatedAt;
  };
  deposit_unmatched_payments: {
    id: Generated<string>;
    agency_id: string;
    bill_number: string;
    deposit_order_id: string | null;
    reason: 'AMOUNT_MISMATCH' | 'ORDER_CANCELED' | 'ORDER_EXPIRED' | 'ORDER_CLOSED' | 'UNKNOWN_BILL' | 'PLAYER_ON_BREAK';
    amount_kip: ColumnType<string, bigint | string, never>;
    transaction_id: string;
    event_id: string | null;
    paid_at: Date;
    status: Generated<(typeof UNMATCHED_PAYMENT_STATUSES)[number]>;
    created_at: CreatedAt;
    resolution: UnmatchedPaymentResolution | null;
    credited_order_id: string | null;
    resolved_by: string | null;
    resolution_reason: string | null;
    resolved_at: Date | null;
  };
  /** Refunds of paid transactions to their payers through the gateway, one per ref. */
  deposit_refunds: {
    id: Generated<string>;
    agency_id: string;
    ref: string;
    transaction_id: string;
    unmatched_payment_id: string | null;
    deposit_order_id: string | null;
    amount_kip: ColumnType<string, bigint | string, never>;
    status: Generated<(typeof DEPOSIT_REFUND_STATUSES)[number]>;
    gateway_transaction_id: string | null;
    failure_reason: string | null;
    created_at: CreatedAt;
    completed_at: Date | null;
  };
}
