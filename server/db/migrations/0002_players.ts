import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('players')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_changed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Usernames are unique per agency: the same name may exist on another agency's site.
    .addUniqueConstraint('players_agency_username_key', ['agency_id', 'username'])
    .execute();

  await db.schema
    .createTable('player_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Only the SHA-256 of the cookie's token is stored: a database leak yields no usable session.
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('player_sessions_player_idx').on('player_sessions').column('player_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_sessions').execute();
  await db.schema.dropTable('players').execute();
}
