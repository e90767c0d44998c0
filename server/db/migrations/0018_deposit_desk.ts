import { sql, type Kysely } from 'kysely';

/**
 * The operator's deposit desk: how each unmatched payment was resolved, refunds of payments to
 * their payers through the gateway (the site's record and the sandbox bank's), the Idempotency-Key
 * of every desk action, and which bill each webhook event named (so a deposit shows its events).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('laoqr_webhook_events')
    .addColumn('bill_number', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('amount_kip', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('laoqr_webhook_events_bill_idx').on('laoqr_webhook_events').column('bill_number').execute();

  await db.schema
    .alterTable('deposit_unmatched_payments')
    // CREDITED: to a player through a deposit order of its own; REFUNDING until the gateway paid it back, then REFUNDED.
    .addColumn('resolution', 'text', (c) => c.check(sql`resolution IN ('CREDITED', 'REFUNDING', 'REFUNDED')`))
    .addColumn('credited_order_id', 'uuid', (c) => c.references('deposit_orders.id'))
    .addColumn('resolved_by', 'text')
    .addColumn('resolution_reason', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .execute();

  // One refund per paid transaction: its ref is what the gateway runs once.
  await db.schema
    .createTable('deposit_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('unmatched_payment_id', 'uuid', (c) => c.references('deposit_unmatched_payments.id'))
    .addColumn('deposit_order_id', 'uuid', (c) => c.references('deposit_orders.id'))
    .addColumn('amount_kip', 'bigint', (c) => c.notNull().check(sql`amount_kip > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status IN ('PENDING', 'PAID', 'FAILED')`),
    )
    .addColumn('gateway_transaction_id', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('deposit_refunds_ref_key', ['agency_id', 'ref'])
    .addCheckConstraint('deposit_refunds_one_source', sql`(unmatched_payment_id IS NULL) <> (deposit_order_id IS NULL)`)
    .execute();

  // A desk action's key: a replay with the same request answers the same, another request with it is a conflict.
  await db.schema
    .createTable('deposit_desk_actions')
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deposit_desk_actions_pkey', ['agency_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('sandbox_bank_refunds')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('sandbox_bank_payments.id'))
    .addColumn('amount_kip', 'bigint', (c) => c.notNull().check(sql`amount_kip > 0`))
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_bank_refunds').execute();
  await db.schema.dropTable('deposit_desk_actions').execute();
  await db.schema.dropTable('deposit_refunds').execute();
  await db.schema
    .alterTable('deposit_unmatched_payments')
    .dropColumn('resolution')
    .dropColumn('credited_order_id')
    .dropColumn('resolved_by')
    .dropColumn('resolution_reason')
    .dropColumn('resolved_at')
    .execute();
  await db.schema.dropIndex('laoqr_webhook_events_bill_idx').execute();
  await db.schema
    .alterTable('laoqr_webhook_events')
    .dropColumn('bill_number')
    .dropColumn('transaction_id')
    .dropColumn('amount_kip')
    .dropColumn('paid_at')
    .execute();
}
