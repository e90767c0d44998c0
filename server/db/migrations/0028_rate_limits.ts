import { sql, type Kysely } from 'kysely';

/**
 * The rate limits' counters, one row per limit and key, so every process behind a load balancer
 * counts the same attempts. Unlogged: a counter is worth no write-ahead log, and a database crash
 * at worst gives every key a fresh window. Rows of windows long past are deleted by the reconciler.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE rate_limit_hits (
    key text PRIMARY KEY,
    hits integer NOT NULL,
    window_ends_at timestamptz NOT NULL
  )`.execute(db);
  await db.schema.createIndex('rate_limit_hits_window_ends_at_idx').on('rate_limit_hits').column('window_ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
