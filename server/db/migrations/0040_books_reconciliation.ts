import { sql, type Kysely } from 'kysely';

/**
 * The books reconciliation (server/domain/books): each run of it, and the differences the last
 * complete run found between the ledger and the providers' and the gateway's books. A difference
 * belongs to the agency whose ledger or whose member, bill or ref it concerns; null when none does.
 * - Runs read the ledger's provider transfers, and its payments, payouts and refunds, by time and by
 *   the outside's ref; the sandboxes' books are read the same two ways.
 */
/** The outside's reference of a payment (its transaction id), a payout or a refund (their refs), as the domain's look-ups write it. */
const outsideRef = sql.raw(
  `CASE kind WHEN 'WITHDRAWAL_PAYOUT_KIP' THEN refs->>'payoutRef' WHEN 'PAYMENT_REFUND' THEN refs->>'refundRef' ELSE refs->>'transactionId' END`,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('books_reconciliation_runs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('window_from', 'timestamptz', (c) => c.notNull())
    .addColumn('window_to', 'timestamptz', (c) => c.notNull())
    .addColumn('checked', 'jsonb', (c) => c.notNull())
    // Set when a book could not be read: the run then found nothing and the next one reads its window again.
    .addColumn('failure', 'text')
    .execute();

  await db.schema
    .createTable('books_differences')
    .addColumn('run_id', 'bigint', (c) => c.notNull().references('books_reconciliation_runs.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source IN ('PROVIDER_TRANSFER', 'PAYMENT', 'PAYOUT', 'REFUND')`))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('agency_id', 'uuid', (c) => c.references('agencies.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind IN ('MISSING_IN_LEDGER', 'NOT_DONE_OUTSIDE', 'MISMATCH', 'VOIDED_BUT_DONE', 'UNSETTLED')`),
    )
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`unit IN ('THB', 'LAK')`))
    .addColumn('ours', 'jsonb')
    .addColumn('theirs', 'jsonb')
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('books_differences_pkey', ['run_id', 'source', 'provider', 'ref'])
    .execute();

  // Partial: only the transfers the outside also keeps a record of, so the money path's other kinds pay nothing.
  await sql`CREATE INDEX ledger_transfers_provider_time_idx ON ledger_transfers (created_at) WHERE provider IS NOT NULL`.execute(db);
  await sql`CREATE INDEX ledger_transfers_outside_time_idx ON ledger_transfers (created_at)
    WHERE kind IN ('DEPOSIT_PAYMENT', 'UNMATCHED_PAYMENT', 'WITHDRAWAL_PAYOUT_KIP', 'PAYMENT_REFUND')`.execute(db);
  await sql`CREATE INDEX ledger_transfers_outside_ref_idx ON ledger_transfers ((${outsideRef}))
    WHERE kind IN ('DEPOSIT_PAYMENT', 'UNMATCHED_PAYMENT', 'WITHDRAWAL_PAYOUT_KIP', 'PAYMENT_REFUND')`.execute(db);

  await db.schema
    .createIndex('sandbox_provider_transfers_time_idx')
    .on('sandbox_provider_transfers')
    .columns(['provider', 'created_at'])
    .execute();
  await sql`CREATE INDEX sandbox_bank_payments_paid_idx ON sandbox_bank_payments (paid_at) WHERE status = 'PAID'`.execute(db);
  await db.schema.createIndex('sandbox_bank_payouts_time_idx').on('sandbox_bank_payouts').column('created_at').execute();
  await db.schema.createIndex('sandbox_bank_refunds_time_idx').on('sandbox_bank_refunds').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'sandbox_bank_refunds_time_idx',
    'sandbox_bank_payouts_time_idx',
    'sandbox_bank_payments_paid_idx',
    'sandbox_provider_transfers_time_idx',
    'ledger_transfers_outside_ref_idx',
    'ledger_transfers_outside_time_idx',
    'ledger_transfers_provider_time_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.dropTable('books_differences').execute();
  await db.schema.dropTable('books_reconciliation_runs').execute();
}
