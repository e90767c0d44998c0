import { sql, type Kysely } from 'kysely';

/**
 * Deposits by LaoQR: each agency's receiving account and limits, the players' deposit orders, and
 * the payments that matched no open order (wrong amount, after cancel or expiry, unknown bill),
 * which the operator resolves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agency_deposit_settings')
    .addColumn('agency_id', 'uuid', (c) => c.primaryKey().references('agencies.id').onDelete('cascade'))
    // The account the deposit QR pays into (tag 38) and the payee the banking app shows (59, 60).
    .addColumn('bank_iin', 'text', (c) => c.notNull().check(sql`bank_iin ~ '^[0-9]{8}$'`))
    .addColumn('account_number', 'text', (c) => c.notNull().check(sql`length(account_number) BETWEEN 1 AND 30`))
    .addColumn('merchant_name', 'text', (c) => c.notNull().check(sql`length(merchant_name) BETWEEN 1 AND 25`))
    .addColumn('merchant_city', 'text', (c) => c.notNull().check(sql`length(merchant_city) BETWEEN 1 AND 15`))
    .addColumn('merchant_category_code', 'text', (c) =>
      c
        .notNull()
        .defaultTo('7995')
        .check(sql`merchant_category_code ~ '^[0-9]{4}$'`),
    )
    // Unset: the server-wide defaults (DEPOSIT_EXPIRY_MINUTES, DEPOSIT_MIN_KIP, DEPOSIT_MAX_KIP).
    .addColumn('expiry_minutes', 'integer', (c) => c.check(sql`expiry_minutes BETWEEN 1 AND 1440`))
    .addColumn('min_kip', 'bigint', (c) => c.check(sql`min_kip > 0`))
    .addColumn('max_kip', 'bigint', (c) => c.check(sql`max_kip > 0`))
    .execute();

  await db.schema
    .createTable('deposit_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    // The bill number the QR carries; what the gateway's webhook names.
    .addColumn('code', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`code ~ '^[A-Z0-9]{1,25}$'`),
    )
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_kip', 'bigint', (c) => c.notNull().check(sql`amount_kip > 0`))
    // The credit at the sell rate in force when the order was made, locked for the order's life.
    .addColumn('credit_satang', 'bigint', (c) => c.notNull().check(sql`credit_satang > 0`))
    .addColumn('rate_sell', 'numeric(20, 6)', (c) => c.notNull())
    .addColumn('rate_effective_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('OPEN')
        .check(sql`status IN ('OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'EXPIRED', 'FAILED')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull().check(sql`length(idempotency_key) BETWEEN 1 AND 200`))
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.unique())
    .addColumn('paid_amount_kip', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('credited_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    // Each attempt to put the credit at the provider has its own ledger key; a refusal moves to the next.
    .addColumn('credit_attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failure_code', 'text')
    // Filled by the promotions capability when an order takes a promotion.
    .addColumn('promo_credit_satang', 'bigint', (c) => c.check(sql`promo_credit_satang >= 0`))
    .addColumn('promotion_usage_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('deposit_orders_idempotency_key', ['agency_id', 'player_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('deposit_orders_player_idx').on('deposit_orders').columns(['agency_id', 'player_id', 'created_at']).execute();
  // One open order per player: of two creations racing, the second fails on this index (OPEN_ORDER).
  await db.schema
    .createIndex('deposit_orders_one_open')
    .on('deposit_orders')
    .column('player_id')
    .unique()
    .where(sql.ref('status'), '=', 'OPEN')
    .execute();
  await db.schema
    .createIndex('deposit_orders_paid_idx')
    .on('deposit_orders')
    .column('created_at')
    .where(sql.ref('status'), '=', 'PAID')
    .execute();

  await db.schema
    .createTable('deposit_unmatched_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('bill_number', 'text', (c) => c.notNull())
    // The order the bill number named, when there is one.
    .addColumn('deposit_order_id', 'uuid', (c) => c.references('deposit_orders.id'))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason IN ('AMOUNT_MISMATCH', 'ORDER_CANCELED', 'ORDER_EXPIRED', 'ORDER_CLOSED', 'UNKNOWN_BILL')`),
    )
    .addColumn('amount_kip', 'bigint', (c) => c.notNull().check(sql`amount_kip > 0`))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('UNRESOLVED')
        .check(sql`status IN ('UNRESOLVED', 'RESOLVED')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('deposit_unmatched_payments_transaction_key', ['agency_id', 'transaction_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_unmatched_payments').execute();
  await db.schema.dropTable('deposit_orders').execute();
  await db.schema.dropTable('agency_deposit_settings').execute();
}
