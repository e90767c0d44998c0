import { sql, type Kysely } from 'kysely';

/**
 * The sandbox bank's tester may lose a payment's notice (no webhook at all), so the site's other
 * ways of learning of a payment, the player's check and the reconciler, can be tried by hand and
 * in the browser tests: a payment may now want 0 deliveries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sandbox_bank_payments DROP CONSTRAINT sandbox_bank_payments_deliveries_wanted_check`.execute(db);
  await sql`ALTER TABLE sandbox_bank_payments ADD CONSTRAINT sandbox_bank_payments_deliveries_wanted_check
    CHECK (deliveries_wanted BETWEEN 0 AND 5)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE sandbox_bank_payments SET deliveries_wanted = 1 WHERE deliveries_wanted = 0`.execute(db);
  await sql`ALTER TABLE sandbox_bank_payments DROP CONSTRAINT sandbox_bank_payments_deliveries_wanted_check`.execute(db);
  await sql`ALTER TABLE sandbox_bank_payments ADD CONSTRAINT sandbox_bank_payments_deliveries_wanted_check
    CHECK (deliveries_wanted BETWEEN 1 AND 5)`.execute(db);
}
