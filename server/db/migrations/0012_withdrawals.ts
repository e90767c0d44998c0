import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals of THB credit to a player's LAK bank account. A row is written once the credit has
 * left the provider (the ledger's WITHDRAWAL transfer holds the intent until then), so every row
 * stands for credit the agency holds in payout clearing until it is paid out or returned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The player's Idempotency-Key: the same key gives the same withdrawal.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('amount_satang', 'bigint', (c) => c.notNull().check(sql`amount_satang > 0`))
    // The buy rate in force when the request was made (LAK per 1 THB) and the kip it gives.
    .addColumn('rate', 'numeric(20, 6)', (c) => c.notNull())
    .addColumn('amount_kip', 'bigint', (c) => c.notNull().check(sql`amount_kip >= 0`))
    // The bank account as it was at the request, so later changes never redirect a payout.
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('OPEN')
        .check(sql`status IN ('OPEN', 'SUCCESS', 'REJECTED', 'FAILED')`),
    )
    // Set when the payout is sent (the gateway knows it by this ref); never sent twice.
    .addColumn('payout_ref', 'text')
    .addColumn('payout_started_at', 'timestamptz')
    .addColumn('received_kip', 'bigint')
    .addColumn('payout_transaction_id', 'text')
    .addColumn('credit_returned_satang', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credit_returned_satang >= 0`),
    )
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('withdrawals_code_key', ['agency_id', 'code'])
    .addUniqueConstraint('withdrawals_idempotency_key', ['agency_id', 'player_id', 'idempotency_key'])
    .addUniqueConstraint('withdrawals_payout_ref_key', ['payout_ref'])
    .addCheckConstraint(
      'withdrawals_credit_returned_check',
      sql`credit_returned_satang <= amount_satang AND (credit_returned_satang = 0 OR status IN ('REJECTED', 'FAILED'))`,
    )
    .addCheckConstraint('withdrawals_success_check', sql`(status = 'SUCCESS') = (received_kip IS NOT NULL)`)
    .execute();
  await db.schema.createIndex('withdrawals_player_idx').on('withdrawals').columns(['agency_id', 'player_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['agency_id', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
}
