import { sql, type Kysely } from 'kysely';

/**
 * The operators' "failed deposits in a day" flag read every unsuccessful deposit order of the
 * agency and counted them per player and Vientiane day on each request, work that grows with the
 * agency's whole history. deposit_failure_days keeps that count, written by
 * triggers on deposit_orders in the transaction that changes an order, so the flag reads only the
 * days at or over its threshold and then those days' orders. The triggers fire only for an order
 * that is or was FAILED, CANCELED or EXPIRED: an order's way from OPEN through PAID to SUCCESS
 * never runs them. A day whose count falls to 0 (an expired order paid in time) keeps its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_failure_days')
    .addColumn('agency_id', 'uuid', (c) => c.notNull())
    .addColumn('player_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().check(sql`orders >= 0`))
    .addPrimaryKeyConstraint('deposit_failure_days_pkey', ['agency_id', 'player_id', 'day'])
    .execute();
  await db.schema.createIndex('deposit_failure_days_orders_idx').on('deposit_failure_days').columns(['agency_id', 'orders']).execute();

  await sql`
    CREATE FUNCTION count_deposit_failure_day() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.status IN ('FAILED', 'CANCELED', 'EXPIRED') THEN
        UPDATE deposit_failure_days SET orders = orders - 1
        WHERE agency_id = OLD.agency_id AND player_id = OLD.player_id
          AND day = (OLD.created_at AT TIME ZONE 'Asia/Vientiane')::date;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.status IN ('FAILED', 'CANCELED', 'EXPIRED') THEN
        INSERT INTO deposit_failure_days AS counted (agency_id, player_id, day, orders)
        VALUES (NEW.agency_id, NEW.player_id, (NEW.created_at AT TIME ZONE 'Asia/Vientiane')::date, 1)
        ON CONFLICT (agency_id, player_id, day) DO UPDATE SET orders = counted.orders + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER deposit_orders_failure_day_insert AFTER INSERT ON deposit_orders
    FOR EACH ROW WHEN (NEW.status IN ('FAILED', 'CANCELED', 'EXPIRED'))
    EXECUTE FUNCTION count_deposit_failure_day()`.execute(db);
  await sql`
    CREATE TRIGGER deposit_orders_failure_day_update AFTER UPDATE ON deposit_orders
    FOR EACH ROW WHEN (
      (OLD.status IN ('FAILED', 'CANCELED', 'EXPIRED') OR NEW.status IN ('FAILED', 'CANCELED', 'EXPIRED'))
      AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at <> NEW.created_at
        OR OLD.player_id <> NEW.player_id OR OLD.agency_id <> NEW.agency_id)
    ) EXECUTE FUNCTION count_deposit_failure_day()`.execute(db);
  await sql`
    CREATE TRIGGER deposit_orders_failure_day_delete AFTER DELETE ON deposit_orders
    FOR EACH ROW WHEN (OLD.status IN ('FAILED', 'CANCELED', 'EXPIRED'))
    EXECUTE FUNCTION count_deposit_failure_day()`.execute(db);
  await sql`
    CREATE FUNCTION forget_deposit_failure_days() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE deposit_failure_days;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER deposit_orders_failure_day_truncate AFTER TRUNCATE ON deposit_orders
    FOR EACH STATEMENT EXECUTE FUNCTION forget_deposit_failure_days()`.execute(db);

  await sql`
    INSERT INTO deposit_failure_days (agency_id, player_id, day, orders)
    SELECT agency_id, player_id, (created_at AT TIME ZONE 'Asia/Vientiane')::date, count(*)
    FROM deposit_orders WHERE status IN ('FAILED', 'CANCELED', 'EXPIRED')
    GROUP BY 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER deposit_orders_failure_day_truncate ON deposit_orders`.execute(db);
  await sql`DROP FUNCTION forget_deposit_failure_days()`.execute(db);
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER ${sql.id(`deposit_orders_failure_day_${operation}`)} ON deposit_orders`.execute(db);
  }
  await sql`DROP FUNCTION count_deposit_failure_day()`.execute(db);
  await db.schema.dropTable('deposit_failure_days').execute();
}
