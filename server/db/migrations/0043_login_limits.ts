import { sql, type Kysely } from 'kysely';

/**
 * The login limits (server/domain/loginLimits): attempts per username, per device cookie and per
 * client address, each with the wait it asks for, shared by every process. Unlogged like the rate
 * limits' counters: a crash at worst forgets some attempts. The device cookies' signing secret is
 * an ordinary table's single row, so every process signs alike and a restored backup keeps the
 * cookies its players hold; the first login writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE login_attempts (
    key text PRIMARY KEY,
    attempts integer NOT NULL CHECK (attempts >= 0),
    wait_until timestamptz,
    forget_at timestamptz NOT NULL
  )`.execute(db);
  await db.schema.createIndex('login_attempts_forget_at_idx').on('login_attempts').column('forget_at').execute();
  await db.schema
    .createTable('device_cookie_secret')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('secret', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_cookie_secret').execute();
  await db.schema.dropTable('login_attempts').execute();
}
