import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8 } from './schema';

/** The tables of the sandboxes that stand in for the bank and the game providers. */

export interface SandboxBankTables {
  sandbox_bank_payments: {
    id: Generated<string>;
    bill_number: string;
    transaction_id: string;
    event_id: string;
    payload: string;
    payee_name: string;
    payee_city: string;
    bank_iin: string;
    account_number: string;
    qr_amount_kip: ColumnType<string, bigint | string, never>;
    paid_amount_kip: ColumnType<string, bigint | string, never>;
    status: 'SCHEDULED' | 'PAID';
    pay_at: ColumnType<Date, Date | string, never>;
    paid_at: Date | null;
    webhook_url: string;
    deliveries_wanted: ColumnType<number, number | undefined, never>;
    created_at: CreatedAt;
  };
  sandbox_bank_webhook_deliveries: {
    id: Generated<string>;
    payment_id: string;
    event_id: string;
    url: string;
    attempted_at: CreatedAt;
    status_code: number | null;
    error: string | null;
  };
  sandbox_bank_payouts: {
    ref: string;
    bank: string;
    account_number: string;
    account_name: string;
    amount_kip: ColumnType<string, bigint | string, never>;
    status: 'PAID' | 'FAILED';
    failure_reason: string | null;
    transaction_id: string | null;
    created_at: CreatedAt;
  };
  /** Money the bank sent back to a payment's payer, once per ref. */
  sandbox_bank_refunds: {
    ref: string;
    payment_id: string;
    amount_kip: ColumnType<string, bigint | string, never>;
    transaction_id: string;
    created_at: CreatedAt;
  };
  sandbox_bank_faults: {
    operation: 'payout' | 'payment_status' | 'payout_status' | 'refund';
    mode: 'decline' | 'error' | 'timeout';
    hang_ms: number;
  };
}

export interface SandboxProviderTables {
  sandbox_provider_members: {
    provider: string;
    member: string;
    created_at: CreatedAt;
  };
  sandbox_provider_wallets: {
    provider: string;
    member: string;
    currency: Generated<string>;
    balance: ColumnType<string, bigint | string | undefined, bigint | string>;
    rigged_spins: ColumnType<string[][], string | undefined, string>;
  };
  sandbox_provider_transfers: {
    provider: string;
    ref: string;
    member: string;
    direction: 'IN' | 'OUT' | 'NONE';
    amount: Int8;
    status: 'SUCCESS' | 'FAILED';
    failure_code: string | null;
    created_at: CreatedAt;
  };
  sandbox_provider_bets: {
    id: ColumnType<string, never, never>;
    provider: string;
    member: string;
    game_code: string;
    stake: Int8;
    payout: Int8;
    reels: ColumnType<string[], string, never>;
    created_at: CreatedAt;
  };
  sandbox_provider_sessions: {
    token_hash: Buffer;
    provider: string;
    member: string;
    game_code: string | null;
    language: string;
    expires_at: Date;
  };
  sandbox_provider_faults: {
    id: ColumnType<string, never, never>;
    provider: string;
    mode: 'error' | 'delay' | 'hang';
    remaining_calls: number | null;
    share: number | null;
    delay_ms: number;
    operations: string[] | null;
  };
}
