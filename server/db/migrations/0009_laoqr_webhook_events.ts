import { sql, type Kysely } from 'kysely';

/**
 * Every LaoQR webhook event id the site has acted on. Gateways deliver an event again when they
 * miss an answer, and an attacker may replay a signed one within its 5 minutes: the primary key
 * lets exactly one delivery of an event through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('laoqr_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey().check(sql`length(event_id) BETWEEN 1 AND 200`))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('laoqr_webhook_events').execute();
}
