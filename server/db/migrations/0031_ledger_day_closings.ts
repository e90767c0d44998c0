import { sql, type Kysely } from 'kysely';

/**
 * The closing of each ledger day (server/domain/ledger/trialBalance.ts): per account kind and
 * currency, how many accounts there were and their balance at the day's end in Laos. A day's trial
 * balance starts from the nearest stored closing and adds what moved in between, instead of summing
 * every account of the agency. Only a day no open transaction can still write into is stored, and
 * the ledger is append-only, so a stored closing never changes.
 * - The accounts opened between two closings are read by their agency and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_day_closings')
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('accounts', 'integer', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_day_closings_pkey', ['agency_id', 'day', 'kind', 'currency'])
    .execute();
  await db.schema.createIndex('ledger_accounts_agency_time_idx').on('ledger_accounts').columns(['agency_id', 'created_at']).execute();
  await sql`ANALYZE ledger_accounts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_accounts_agency_time_idx').execute();
  await db.schema.dropTable('ledger_day_closings').execute();
}
