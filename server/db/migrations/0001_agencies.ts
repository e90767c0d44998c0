import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agencies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('social', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One agency serves many hosts; a host belongs to exactly one agency.
  await db.schema
    .createTable('agency_domains')
    .addColumn('host', 'text', (c) => c.primaryKey().check(sql`host = lower(host)`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('agency_domains_agency_idx').on('agency_domains').column('agency_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agency_domains').execute();
  await db.schema.dropTable('agencies').execute();
}
