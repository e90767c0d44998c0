import { sql, type Kysely } from 'kysely';

/**
 * Each agency's gateway numbers its own events and transactions, so an id seen at one agency says
 * nothing about another's: webhook event ids and paid transaction ids are unique per agency (an
 * event delivered to agency B no longer makes agency A's payment with that id a duplicate). Event
 * ids take any length, as a signed payment is never refused for its ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE laoqr_webhook_events ADD COLUMN agency_id uuid REFERENCES agencies (id)`.execute(db);
  // An event's agency is that of the payment it brought: kept unmatched, or paid to an order (deposit codes are unique).
  await sql`UPDATE laoqr_webhook_events e SET agency_id = u.agency_id
    FROM deposit_unmatched_payments u WHERE u.event_id = e.event_id`.execute(db);
  await sql`UPDATE laoqr_webhook_events e SET agency_id = o.agency_id
    FROM deposit_orders o WHERE e.agency_id IS NULL AND o.transaction_id = e.transaction_id`.execute(db);
  await sql`UPDATE laoqr_webhook_events e SET agency_id = o.agency_id
    FROM deposit_orders o WHERE e.agency_id IS NULL AND o.code = e.bill_number`.execute(db);
  // Left: events from before 0018 that paid an order, with nothing but their id. Long past their
  // 5 minutes, a redelivery is a duplicate by its transaction id, so they guard nothing more.
  await sql`DELETE FROM laoqr_webhook_events WHERE agency_id IS NULL`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events ALTER COLUMN agency_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events DROP CONSTRAINT laoqr_webhook_events_pkey`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events ADD CONSTRAINT laoqr_webhook_events_pkey PRIMARY KEY (agency_id, event_id)`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events DROP CONSTRAINT laoqr_webhook_events_event_id_check`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events ADD CONSTRAINT laoqr_webhook_events_event_id_check CHECK (event_id <> '')`.execute(db);
  // The desk reads an agency's events by bill.
  await sql`DROP INDEX laoqr_webhook_events_bill_idx`.execute(db);
  await sql`CREATE INDEX laoqr_webhook_events_bill_idx ON laoqr_webhook_events (agency_id, bill_number)`.execute(db);

  await sql`ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_transaction_id_key`.execute(db);
  await sql`ALTER TABLE deposit_orders ADD CONSTRAINT deposit_orders_transaction_key UNIQUE (agency_id, transaction_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_transaction_key`.execute(db);
  await sql`ALTER TABLE deposit_orders ADD CONSTRAINT deposit_orders_transaction_id_key UNIQUE (transaction_id)`.execute(db);

  await sql`DROP INDEX laoqr_webhook_events_bill_idx`.execute(db);
  await sql`CREATE INDEX laoqr_webhook_events_bill_idx ON laoqr_webhook_events (bill_number)`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events DROP CONSTRAINT laoqr_webhook_events_event_id_check`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events ADD CONSTRAINT laoqr_webhook_events_event_id_check
    CHECK (length(event_id) BETWEEN 1 AND 200)`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events DROP CONSTRAINT laoqr_webhook_events_pkey`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events ADD CONSTRAINT laoqr_webhook_events_pkey PRIMARY KEY (event_id)`.execute(db);
  await sql`ALTER TABLE laoqr_webhook_events DROP COLUMN agency_id`.execute(db);
}
