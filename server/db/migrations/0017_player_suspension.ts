import { sql, type Kysely } from 'kysely';

/**
 * The operator console's player actions: a suspended player cannot log in (null while allowed), and
 * a player whose password an operator reset must choose a new one before anything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('players')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('players').dropColumn('suspended_at').dropColumn('must_change_password').execute();
}
