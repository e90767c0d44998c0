import { sql, type Kysely } from 'kysely';

/**
 * Every payment updates the agency's cash and exchange accounts, so a few rows of ledger_accounts
 * leave thousands of dead versions a minute, and the ledger's statements read through them.
 * PostgreSQL's default vacuums a table once a fifth of it is dead, which for a table whose few busy
 * rows are updated all the time is far too late: the confirmations then slow down as they go on.
 * Vacuumed after a fixed number of dead rows instead (the embedded server looks every 5 s).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold)`.execute(db);
}
