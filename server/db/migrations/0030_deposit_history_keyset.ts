import { sql, type Kysely } from 'kysely';

/**
 * A player's deposit history is paged by keyset: newest first by (created_at, id), the next page
 * starting after the last order shown. The index carries id so that a page deep in a long history
 * is read from where it starts, as cheaply as the first; it replaces the index without id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('deposit_orders_history_idx')
    .on('deposit_orders')
    .columns(['agency_id', 'player_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('deposit_orders_player_idx').execute();
  await sql`ANALYZE deposit_orders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('deposit_orders_player_idx').on('deposit_orders').columns(['agency_id', 'player_id', 'created_at']).execute();
  await db.schema.dropIndex('deposit_orders_history_idx').execute();
}
