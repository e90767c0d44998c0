import { sql, type Kysely } from 'kysely';

/**
 * The interval a player chose for the reality check (15, 30 or 60 minutes, or 0 for off). A player
 * without a row has not chosen and gets the agency's default (agency_responsible_play_settings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_reality_checks')
    .addColumn('player_id', 'uuid', (c) => c.primaryKey().references('players.id'))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes in (0, 15, 30, 60)`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_reality_checks').execute();
}
