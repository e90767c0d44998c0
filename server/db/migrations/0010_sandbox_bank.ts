import { sql, type Kysely } from 'kysely';

/**
 * The sandbox bank and LaoQR gateway that stand in for the real ones when LAOQR_GATEWAY_URL is
 * unset. These tables belong to that stand-in, not to any agency: they are the bank's own books.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One payment per bill number: a dynamic QR is paid once.
  await db.schema
    .createTable('sandbox_bank_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('bill_number', 'text', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('payee_name', 'text', (c) => c.notNull())
    .addColumn('payee_city', 'text', (c) => c.notNull())
    .addColumn('bank_iin', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('qr_amount_kip', 'bigint', (c) => c.notNull().check(sql`qr_amount_kip > 0`))
    .addColumn('paid_amount_kip', 'bigint', (c) => c.notNull().check(sql`paid_amount_kip > 0`))
    // SCHEDULED: the tester asked to pay late; PAID once pay_at has come.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('SCHEDULED', 'PAID')`))
    .addColumn('pay_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    // 2 when the tester asked for the webhook twice (the same event delivered again).
    .addColumn('deliveries_wanted', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`deliveries_wanted BETWEEN 1 AND 5`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sandbox_bank_payments_scheduled_idx')
    .on('sandbox_bank_payments')
    .column('pay_at')
    .where(sql.ref('status'), '=', 'SCHEDULED')
    .execute();

  await db.schema
    .createTable('sandbox_bank_webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('sandbox_bank_payments.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The site's HTTP status, or null with the reason the call failed.
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('sandbox_bank_webhook_deliveries_payment_idx')
    .on('sandbox_bank_webhook_deliveries')
    .column('payment_id')
    .execute();

  // Payouts are idempotent by the caller's ref.
  await db.schema
    .createTable('sandbox_bank_payouts')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('amount_kip', 'bigint', (c) => c.notNull().check(sql`amount_kip > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('PAID', 'FAILED')`))
    .addColumn('failure_reason', 'text')
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Faults a tester switched on, per gateway operation, until switched off.
  await db.schema
    .createTable('sandbox_bank_faults')
    .addColumn('operation', 'text', (c) => c.primaryKey().check(sql`operation IN ('payout', 'payment_status', 'payout_status')`))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode IN ('decline', 'error', 'timeout')`))
    .addColumn('hang_ms', 'integer', (c) => c.notNull().check(sql`hang_ms BETWEEN 0 AND 600000`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_bank_faults').execute();
  await db.schema.dropTable('sandbox_bank_payouts').execute();
  await db.schema.dropTable('sandbox_bank_webhook_deliveries').execute();
  await db.schema.dropTable('sandbox_bank_payments').execute();
}
