import { sql, type Kysely } from 'kysely';

/**
 * A player's break is taken with an Idempotency-Key, so a double tap records one break: the key is
 * unique per player, and the duration asked for is kept so a replay with another request is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('player_exclusions')
    .addColumn('idempotency_key', 'text')
    .addColumn('duration', 'text', (c) => c.check(sql`duration in ('HOURS_24', 'DAYS_7', 'DAYS_30', 'MONTHS_6', 'YEAR_1', 'FOR_GOOD')`))
    .execute();
  await db.schema
    .createIndex('player_exclusions_idempotency_key')
    .unique()
    .on('player_exclusions')
    .columns(['player_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('player_exclusions_idempotency_key').execute();
  await db.schema.alterTable('player_exclusions').dropColumn('idempotency_key').dropColumn('duration').execute();
}
