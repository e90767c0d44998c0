import { sql, type Kysely } from 'kysely';

/**
 * The shared-device risk grouped every device report of the agency by device on each request to
 * find the devices more than one player used: about 4 s over 3 million reports of a million
 * players. device_players keeps each player seen on a device once, and devices how many players
 * each device has seen, both written by triggers on player_fingerprints in the transaction that
 * records a report, so the shared devices are read from an index. A pair is counted when its row
 * is first written: the primary key settles two reports of one pair arriving at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_players')
    .addColumn('agency_id', 'uuid', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'uuid', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_players_pkey', ['agency_id', 'visitor_id', 'player_id'])
    .execute();
  await db.schema
    .createTable('devices')
    .addColumn('agency_id', 'uuid', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('players', 'integer', (c) => c.notNull().check(sql`players >= 0`))
    .addPrimaryKeyConstraint('devices_pkey', ['agency_id', 'visitor_id'])
    .execute();
  await db.schema.createIndex('devices_players_idx').on('devices').columns(['agency_id', 'players']).execute();

  await sql`
    CREATE FUNCTION count_device_player() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND NOT EXISTS (
        SELECT FROM player_fingerprints WHERE agency_id = OLD.agency_id AND visitor_id = OLD.visitor_id AND player_id = OLD.player_id
      ) THEN
        DELETE FROM device_players WHERE agency_id = OLD.agency_id AND visitor_id = OLD.visitor_id AND player_id = OLD.player_id;
        IF FOUND THEN
          UPDATE devices SET players = players - 1 WHERE agency_id = OLD.agency_id AND visitor_id = OLD.visitor_id;
        END IF;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO device_players (agency_id, visitor_id, player_id) VALUES (NEW.agency_id, NEW.visitor_id, NEW.player_id)
        ON CONFLICT DO NOTHING;
        IF FOUND THEN
          INSERT INTO devices AS counted (agency_id, visitor_id, players) VALUES (NEW.agency_id, NEW.visitor_id, 1)
          ON CONFLICT (agency_id, visitor_id) DO UPDATE SET players = counted.players + 1;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER player_fingerprints_device_insert AFTER INSERT ON player_fingerprints
    FOR EACH ROW EXECUTE FUNCTION count_device_player()`.execute(db);
  // Reports are never rewritten by the product; a correction, or a player's removal taking the
  // player's reports with it, is counted all the same.
  await sql`
    CREATE TRIGGER player_fingerprints_device_update AFTER UPDATE ON player_fingerprints
    FOR EACH ROW WHEN (
      OLD.agency_id <> NEW.agency_id OR OLD.visitor_id <> NEW.visitor_id OR OLD.player_id <> NEW.player_id
    ) EXECUTE FUNCTION count_device_player()`.execute(db);
  await sql`
    CREATE TRIGGER player_fingerprints_device_delete AFTER DELETE ON player_fingerprints
    FOR EACH ROW EXECUTE FUNCTION count_device_player()`.execute(db);
  await sql`
    CREATE FUNCTION forget_device_players() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE device_players, devices;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER player_fingerprints_device_truncate AFTER TRUNCATE ON player_fingerprints
    FOR EACH STATEMENT EXECUTE FUNCTION forget_device_players()`.execute(db);

  await sql`
    INSERT INTO device_players (agency_id, visitor_id, player_id)
    SELECT DISTINCT agency_id, visitor_id, player_id FROM player_fingerprints`.execute(db);
  await sql`
    INSERT INTO devices (agency_id, visitor_id, players)
    SELECT agency_id, visitor_id, count(*) FROM device_players GROUP BY 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER player_fingerprints_device_truncate ON player_fingerprints`.execute(db);
  await sql`DROP FUNCTION forget_device_players()`.execute(db);
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER ${sql.id(`player_fingerprints_device_${operation}`)} ON player_fingerprints`.execute(db);
  }
  await sql`DROP FUNCTION count_device_player()`.execute(db);
  await db.schema.dropTable('devices').execute();
  await db.schema.dropTable('device_players').execute();
}
