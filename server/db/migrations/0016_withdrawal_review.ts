import { sql, type Kysely } from 'kysely';

/**
 * Four-eyes review of withdrawals. Each agency may set an amount of THB (in satang; no row or null
 * means off) at or above which a withdrawal needs the approvals of two different operators before
 * it is paid out. Every operator's approval is one row, at most one per operator and withdrawal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agency_withdrawal_review_settings')
    .addColumn('agency_id', 'uuid', (c) => c.primaryKey().references('agencies.id'))
    .addColumn('four_eyes_satang', 'bigint', (c) => c.check(sql`four_eyes_satang >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('withdrawal_approvals')
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('operator_id', 'uuid', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('withdrawal_approvals_pkey', ['withdrawal_id', 'operator_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_approvals').execute();
  await db.schema.dropTable('agency_withdrawal_review_settings').execute();
}
