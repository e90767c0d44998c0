import { sql, type Kysely } from 'kysely';

/**
 * Indexes for reads that must cost the same on a large database as on a small one.
 * - A player's deposit history is paged by keyset: newest first by (created_at, id), the next page
 *   starting after the last order shown. With id in the index a page deep in a long history is read
 *   from where it starts, as cheaply as the first; it replaces the index without id.
 * - The trial balance of a day reads the entries after it (an agency's, and one account's), not the
 *   whole ledger before it; the account index gains the time and replaces the one without it.
 * - The daily reconciliation reads the withdrawals requested and those completed that day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('deposit_orders_history_idx')
    .on('deposit_orders')
    .columns(['agency_id', 'player_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('deposit_orders_player_idx').execute();
  await db.schema.createIndex('ledger_entries_agency_time_idx').on('ledger_entries').columns(['agency_id', 'created_at']).execute();
  await db.schema.createIndex('ledger_entries_account_time_idx').on('ledger_entries').columns(['account_id', 'created_at']).execute();
  await db.schema.dropIndex('ledger_entries_account_idx').execute();
  await db.schema.createIndex('withdrawals_time_idx').on('withdrawals').columns(['agency_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_completed_idx').on('withdrawals').columns(['agency_id', 'status', 'completed_at']).execute();
  await sql`ANALYZE deposit_orders, ledger_entries, withdrawals`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_completed_idx').execute();
  await db.schema.dropIndex('withdrawals_time_idx').execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').column('account_id').execute();
  await db.schema.dropIndex('ledger_entries_account_time_idx').execute();
  await db.schema.dropIndex('ledger_entries_agency_time_idx').execute();
  await db.schema.createIndex('deposit_orders_player_idx').on('deposit_orders').columns(['agency_id', 'player_id', 'created_at']).execute();
  await db.schema.dropIndex('deposit_orders_history_idx').execute();
}
