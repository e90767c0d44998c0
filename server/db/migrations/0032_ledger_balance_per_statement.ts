import { sql, type Kysely } from 'kysely';

/**
 * A transfer balances when every statement that writes entries writes a balanced set for each
 * transfer it touches: entries are append-only, so the transfer's sum is the sum of those sets.
 * Checked once per statement over the entries it wrote, instead of once per entry at commit over
 * all of the transfer's entries: a deposit's payment wrote four entries and ran four look-ups.
 * The ledger code writes each transfer's entries, or each settlement of one, in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER ledger_entries_balanced ON ledger_entries`.execute(db);
  await sql`DROP FUNCTION ledger_entries_balanced()`.execute(db);
  await sql`
    CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      unbalanced record;
    BEGIN
      SELECT transfer_id, currency, sum(amount) AS total INTO unbalanced FROM written
      GROUP BY transfer_id, currency HAVING sum(amount) <> 0 LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger transfer % does not sum to zero in % (%)', unbalanced.transfer_id, unbalanced.currency, unbalanced.total
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER ledger_entries_balanced ON ledger_entries`.execute(db);
  await sql`DROP FUNCTION ledger_entries_balanced()`.execute(db);
  await sql`
    CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      unbalanced record;
    BEGIN
      SELECT currency, sum(amount) AS total INTO unbalanced FROM ledger_entries
      WHERE transfer_id = NEW.transfer_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger transfer % does not sum to zero in % (%)', NEW.transfer_id, unbalanced.currency, unbalanced.total
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced()`.execute(db);
}
