import { sql, type Kysely } from 'kysely';

/**
 * The console's withdrawal decisions take an Idempotency-Key: each key an operator used, with a
 * hash of the decision it made, so a repeat answers instead of deciding twice and another decision
 * under the same key is refused. The reconciliation report finds a deposit's or a withdrawal's
 * transfers by the code in their refs: indexed by agency and that code (and the day's payments by
 * agency, kind and time), so a report reads the rows it needs instead of every transfer. The
 * sandbox gateway can be told to fail or hang on refunds too, for the reconciler's tests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_decisions')
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('withdrawal_decisions_pkey', ['agency_id', 'idempotency_key'])
    .execute();

  // Whole, not partial (WHERE ... IS NOT NULL): ANALYZE keeps statistics of a whole index's
  // expression, and without them the planner hashes every transfer of the agency instead of probing.
  for (const field of ['deposit', 'withdrawal', 'code']) {
    await sql`CREATE INDEX ${sql.id(`ledger_transfers_${field}_ref_idx`)} ON ledger_transfers (agency_id, (refs->>${sql.lit(field)}))`.execute(
      db,
    );
  }
  // transfersOf in the report names a transfer by the first of these its refs carry.
  await sql`CREATE INDEX ledger_transfers_report_ref_idx ON ledger_transfers
    (agency_id, coalesce(refs->>'deposit', refs->>'withdrawal', refs->>'code'))`.execute(db);
  await db.schema
    .createIndex('ledger_transfers_kind_time_idx')
    .on('ledger_transfers')
    .columns(['agency_id', 'kind', 'created_at'])
    .execute();

  await sql`ALTER TABLE sandbox_bank_faults DROP CONSTRAINT sandbox_bank_faults_operation_check`.execute(db);
  await sql`ALTER TABLE sandbox_bank_faults ADD CONSTRAINT sandbox_bank_faults_operation_check
    CHECK (operation IN ('payout', 'payment_status', 'payout_status', 'refund'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sandbox_bank_faults WHERE operation = 'refund'`.execute(db);
  await sql`ALTER TABLE sandbox_bank_faults DROP CONSTRAINT sandbox_bank_faults_operation_check`.execute(db);
  await sql`ALTER TABLE sandbox_bank_faults ADD CONSTRAINT sandbox_bank_faults_operation_check
    CHECK (operation IN ('payout', 'payment_status', 'payout_status'))`.execute(db);
  await db.schema.dropIndex('ledger_transfers_kind_time_idx').execute();
  await db.schema.dropIndex('ledger_transfers_report_ref_idx').execute();
  for (const field of ['deposit', 'withdrawal', 'code']) await db.schema.dropIndex(`ledger_transfers_${field}_ref_idx`).execute();
  await db.schema.dropTable('withdrawal_decisions').execute();
}
