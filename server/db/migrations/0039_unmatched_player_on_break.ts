import { sql, type Kysely } from 'kysely';

/**
 * A payment for an order of a player on a break (a time-out or a self-exclusion) credits nothing:
 * it is kept unmatched for the deposit desk with its own reason, PLAYER_ON_BREAK.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE deposit_unmatched_payments DROP CONSTRAINT deposit_unmatched_payments_reason_check`.execute(db);
  await sql`ALTER TABLE deposit_unmatched_payments ADD CONSTRAINT deposit_unmatched_payments_reason_check CHECK (reason IN
    ('AMOUNT_MISMATCH', 'ORDER_CANCELED', 'ORDER_EXPIRED', 'ORDER_CLOSED', 'UNKNOWN_BILL', 'PLAYER_ON_BREAK'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // An order a break cancelled was cancelled; any other was closed to the payment.
  await sql`UPDATE deposit_unmatched_payments AS payment
    SET reason = CASE WHEN deposit_orders.status = 'CANCELED' THEN 'ORDER_CANCELED' ELSE 'ORDER_CLOSED' END
    FROM deposit_orders WHERE payment.reason = 'PLAYER_ON_BREAK' AND deposit_orders.id = payment.deposit_order_id`.execute(db);
  await sql`ALTER TABLE deposit_unmatched_payments DROP CONSTRAINT deposit_unmatched_payments_reason_check`.execute(db);
  await sql`ALTER TABLE deposit_unmatched_payments ADD CONSTRAINT deposit_unmatched_payments_reason_check CHECK (reason IN
    ('AMOUNT_MISMATCH', 'ORDER_CANCELED', 'ORDER_EXPIRED', 'ORDER_CLOSED', 'UNKNOWN_BILL'))`.execute(db);
}
