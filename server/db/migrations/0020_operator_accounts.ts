import { sql, type Kysely } from 'kysely';

/**
 * Operator accounts an owner can run from the console: an operator may be disabled (their sessions
 * end and they cannot log in); sessions remember when they were last used, from which address and
 * browser, so an idle session ends on the server after 30 minutes and owners see what is signed in;
 * a second factor (TOTP, RFC 6238) with a secret waiting for its first code, the last code's time
 * step (so no code is taken twice), and one-time recovery
 * codes of which only hashes are kept. The agency decides whether staff need the second factor
 * (owners always do).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    // The time step of the last code accepted: the same code is not taken twice (RFC 6238 section 5.2).
    .addColumn('totp_last_step', 'bigint')
    .execute();
  await db.schema
    .alterTable('operator_sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createTable('operator_recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('operator_id', 'uuid', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('code_hash', 'bytea', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('operator_recovery_codes_operator_idx').on('operator_recovery_codes').column('operator_id').execute();
  await db.schema
    .alterTable('agencies')
    .addColumn('staff_totp_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agencies').dropColumn('staff_totp_required').execute();
  await db.schema.dropTable('operator_recovery_codes').execute();
  await db.schema.alterTable('operator_sessions').dropColumn('last_seen_at').dropColumn('ip').dropColumn('user_agent').execute();
  await db.schema
    .alterTable('operators')
    .dropColumn('disabled_at')
    .dropColumn('totp_secret')
    .dropColumn('totp_pending_secret')
    .dropColumn('totp_enabled_at')
    .dropColumn('totp_last_step')
    .execute();
}
