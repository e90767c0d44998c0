import { sql, type Kysely } from 'kysely';

/** The deposit review's claims are stored under its name, no longer its earlier one, 'deposit-desk'. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE idempotency_claims SET scope = 'deposit-review' WHERE scope = 'deposit-desk'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE idempotency_claims SET scope = 'deposit-desk' WHERE scope = 'deposit-review'`.execute(db);
}
