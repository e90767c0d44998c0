import { sql, type Kysely } from 'kysely';

/**
 * The agency's operators (their own accounts and sessions, apart from players') and the audit log
 * of what they did. The log is append-only: a trigger refuses every UPDATE and DELETE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('owner', 'staff')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('operators_agency_username_key', ['agency_id', 'username'])
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Only the SHA-256 of the cookie's token is stored.
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('operator_id', 'uuid', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('operator_audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    // Null for the command line, which acts as the machine's user (actor says who).
    .addColumn('operator_id', 'uuid', (c) => c.references('operators.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('operator_audit_log_agency_idx').on('operator_audit_log').columns(['agency_id', 'id']).execute();
  await sql`
    CREATE FUNCTION operator_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'operator_audit_log is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER operator_audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON operator_audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_audit_log').execute();
  await sql`DROP FUNCTION operator_audit_log_append_only()`.execute(db);
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}
