import { sql, type Kysely } from 'kysely';

/**
 * Device fingerprints of players, one row per report (at registration and at most daily after
 * that), so the operator sees every device a player used and every account a device used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_fingerprints')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('device', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source IN ('register', 'visit')`))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('player_fingerprints_visitor_idx').on('player_fingerprints').columns(['agency_id', 'visitor_id']).execute();
  await db.schema.createIndex('player_fingerprints_player_idx').on('player_fingerprints').columns(['player_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_fingerprints').execute();
}
