import { sql, type Kysely } from 'kysely';

/**
 * Every change of an agency's rate is a new row, never an update: the current rate is the newest
 * row, and the rate an old order used is the newest row at that order's time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_rates')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency IN ('THB', 'USD')`))
    .addColumn('buy', sql`numeric(20, 6)`, (c) => c.notNull().check(sql`buy > 0`))
    .addColumn('sell', sql`numeric(20, 6)`, (c) => c.notNull().check(sql`sell > 0`))
    // Milliseconds, like a JavaScript Date: a time read back and passed to rateAt finds its own row.
    .addColumn('effective_at', sql`timestamptz(3)`, (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('changed_by', 'text', (c) => c.notNull())
    // Buying back dearer than selling would let a deposit and a withdrawal return more than was paid.
    .addCheckConstraint('exchange_rates_buy_not_above_sell', sql`buy <= sell`)
    .execute();
  await db.schema
    .createIndex('exchange_rates_lookup_idx')
    .on('exchange_rates')
    .columns(['agency_id', 'currency', 'effective_at desc', 'id desc'])
    .execute();
  await sql`
    CREATE FUNCTION exchange_rates_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'exchange_rates keeps every change: rows are never updated or deleted';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER exchange_rates_append_only BEFORE UPDATE OR DELETE ON exchange_rates
    FOR EACH ROW EXECUTE FUNCTION exchange_rates_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exchange_rates').execute();
  await sql`DROP FUNCTION exchange_rates_append_only()`.execute(db);
}
