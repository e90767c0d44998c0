import { sql, type Kysely } from 'kysely';

/**
 * The numbers an agency's site advertises in its header ("register in N
 * minutes", the game count). An agency without a row shows the defaults of domain/siteSettings.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agency_site_settings')
    .addColumn('agency_id', 'uuid', (c) => c.primaryKey().references('agencies.id').onDelete('cascade'))
    .addColumn('signup_minutes', 'integer', (c) => c.notNull().check(sql`signup_minutes BETWEEN 1 AND 1440`))
    .addColumn('game_count', 'integer', (c) => c.notNull().check(sql`game_count BETWEEN 0 AND 1000000`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agency_site_settings').execute();
}
