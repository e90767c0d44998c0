import { sql, type Kysely } from 'kysely';

/**
 * Every API process caches its session checks (server/plugins/sessionCache.ts): a player, the
 * player's sessions and bank accounts. Every write to them, whoever makes it (the API, the CLI, a
 * support query), announces the player on `player_changed` in its own transaction, so each process
 * drops that player's entries when it commits. A session's sliding expiry is not announced: it only
 * extends, and a cached check never outlives the moment it would slide. A TRUNCATE announces '*'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION announce_player_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_LEVEL = 'STATEMENT' THEN
        PERFORM pg_notify('player_changed', '*');
        RETURN NULL;
      END IF;
      -- TG_ARGV[0] names the column holding the player's id.
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('player_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('player_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER players_announce AFTER UPDATE OR DELETE ON players
    FOR EACH ROW EXECUTE FUNCTION announce_player_change('id')`.execute(db);
  await sql`
    CREATE TRIGGER player_sessions_announce AFTER UPDATE ON player_sessions
    FOR EACH ROW WHEN (
      OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR NEW.expires_at < OLD.expires_at
      OR OLD.player_id <> NEW.player_id OR OLD.agency_id <> NEW.agency_id OR OLD.token_hash <> NEW.token_hash
    ) EXECUTE FUNCTION announce_player_change('player_id')`.execute(db);
  await sql`
    CREATE TRIGGER player_sessions_delete_announce AFTER DELETE ON player_sessions
    FOR EACH ROW EXECUTE FUNCTION announce_player_change('player_id')`.execute(db);
  await sql`
    CREATE TRIGGER bank_accounts_announce AFTER INSERT OR UPDATE OR DELETE ON bank_accounts
    FOR EACH ROW EXECUTE FUNCTION announce_player_change('player_id')`.execute(db);
  for (const table of ['players', 'player_sessions', 'bank_accounts']) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_truncate_announce`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION announce_player_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['players', 'player_sessions', 'bank_accounts']) {
    await sql`DROP TRIGGER ${sql.id(`${table}_truncate_announce`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP TRIGGER bank_accounts_announce ON bank_accounts`.execute(db);
  await sql`DROP TRIGGER player_sessions_delete_announce ON player_sessions`.execute(db);
  await sql`DROP TRIGGER player_sessions_announce ON player_sessions`.execute(db);
  await sql`DROP TRIGGER players_announce ON players`.execute(db);
  await sql`DROP FUNCTION announce_player_change()`.execute(db);
}
