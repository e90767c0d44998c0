import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull().check(sql`account_number ~ '^[0-9]+$'`))
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency IN ('LAK', 'THB', 'USD')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One account per player (contact support to change it).
    .addUniqueConstraint('bank_accounts_player_key', ['player_id'])
    // One bank account belongs to one player of an agency; two players racing for it: one wins.
    .addUniqueConstraint('bank_accounts_number_key', ['agency_id', 'bank', 'account_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_accounts').execute();
}
