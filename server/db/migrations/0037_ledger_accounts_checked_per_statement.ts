import { sql, type Kysely } from 'kysely';

/**
 * An entry's account, and a pending transfer's three accounts, were foreign keys to ledger_accounts:
 * one look-up per row, each taking a key-share lock on an account row the same statement had just
 * updated, which writes that lock to the row and to the WAL: the largest part of a deposit
 * confirmation's time in PostgreSQL, paid once per row.
 *
 * Checked once per statement instead, over the rows it wrote, and more strictly: the account must
 * be one of the row's own agency, and for an entry one in the entry's currency. Each account is
 * one look-up in the primary key: while players arrive, ledger_accounts grows faster than its
 * statistics, and planned from them the checks would read the whole table, so the checks'
 * functions plan without sequential scans. What the foreign keys also guaranteed, that a
 * referenced account stays, holds because accounts are kept for good: never deleted, and their
 * id, agency and currency never change; nor do a transfer's accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey`.execute(db);
  await sql`ALTER TABLE ledger_transfers
    DROP CONSTRAINT ledger_transfers_pending_from_fkey,
    DROP CONSTRAINT ledger_transfers_pending_via_fkey,
    DROP CONSTRAINT ledger_transfers_pending_to_fkey`.execute(db);

  await sql`
    CREATE FUNCTION ledger_entries_in_known_accounts() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
    DECLARE
      stray record;
    BEGIN
      SELECT written.transfer_id, written.account_id, written.currency INTO stray FROM written
      WHERE (SELECT ROW(account.agency_id, account.currency) FROM ledger_accounts account WHERE account.id = written.account_id)
        IS DISTINCT FROM ROW(written.agency_id, written.currency)
      LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger transfer % has an entry in %, which is no % account of its agency', stray.transfer_id, stray.account_id, stray.currency
          USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_in_known_accounts AFTER INSERT ON ledger_entries
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_in_known_accounts()`.execute(db);

  await sql`
    CREATE FUNCTION ledger_transfers_in_known_accounts() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
    DECLARE
      stray record;
    BEGIN
      SELECT written.id, leg.account_id INTO stray
      FROM written CROSS JOIN LATERAL (VALUES (written.pending_from), (written.pending_via), (written.pending_to)) AS leg (account_id)
      WHERE leg.account_id IS NOT NULL
        AND (SELECT account.agency_id FROM ledger_accounts account WHERE account.id = leg.account_id) IS DISTINCT FROM written.agency_id
      LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger transfer % holds its amount in %, which is no account of its agency', stray.id, stray.account_id
          USING ERRCODE = 'foreign_key_violation';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_transfers_in_known_accounts AFTER INSERT ON ledger_transfers
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_in_known_accounts()`.execute(db);

  // Fired only by a statement that sets these columns; settling a transfer sets its status.
  await sql`
    CREATE FUNCTION ledger_transfers_accounts_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a ledger transfer''s agency and accounts never change (transfer %)', OLD.id USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_transfers_accounts_fixed BEFORE UPDATE OF agency_id, pending_from, pending_via, pending_to ON ledger_transfers
    FOR EACH ROW WHEN (OLD.agency_id IS DISTINCT FROM NEW.agency_id OR OLD.pending_from IS DISTINCT FROM NEW.pending_from
      OR OLD.pending_via IS DISTINCT FROM NEW.pending_via OR OLD.pending_to IS DISTINCT FROM NEW.pending_to)
    EXECUTE FUNCTION ledger_transfers_accounts_fixed()`.execute(db);

  await sql`
    CREATE FUNCTION ledger_accounts_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger accounts are kept for good: never removed, their id, agency and currency never changed'
        USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
    FOR EACH ROW EXECUTE FUNCTION ledger_accounts_kept()`.execute(db);
  await sql`
    CREATE TRIGGER ledger_accounts_not_truncated BEFORE TRUNCATE ON ledger_accounts
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_kept()`.execute(db);
  // Fired only by a statement that sets these columns; moving a balance sets balance and version.
  await sql`
    CREATE TRIGGER ledger_accounts_identity_fixed BEFORE UPDATE OF id, agency_id, currency ON ledger_accounts
    FOR EACH ROW WHEN (OLD.id <> NEW.id OR OLD.agency_id <> NEW.agency_id OR OLD.currency <> NEW.currency)
    EXECUTE FUNCTION ledger_accounts_kept()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER ledger_accounts_identity_fixed ON ledger_accounts`.execute(db);
  await sql`DROP TRIGGER ledger_accounts_not_truncated ON ledger_accounts`.execute(db);
  await sql`DROP TRIGGER ledger_accounts_kept ON ledger_accounts`.execute(db);
  await sql`DROP FUNCTION ledger_accounts_kept()`.execute(db);
  await sql`DROP TRIGGER ledger_transfers_accounts_fixed ON ledger_transfers`.execute(db);
  await sql`DROP FUNCTION ledger_transfers_accounts_fixed()`.execute(db);
  await sql`DROP TRIGGER ledger_transfers_in_known_accounts ON ledger_transfers`.execute(db);
  await sql`DROP FUNCTION ledger_transfers_in_known_accounts()`.execute(db);
  await sql`DROP TRIGGER ledger_entries_in_known_accounts ON ledger_entries`.execute(db);
  await sql`DROP FUNCTION ledger_entries_in_known_accounts()`.execute(db);
  await sql`ALTER TABLE ledger_transfers
    ADD CONSTRAINT ledger_transfers_pending_from_fkey FOREIGN KEY (pending_from) REFERENCES ledger_accounts (id),
    ADD CONSTRAINT ledger_transfers_pending_via_fkey FOREIGN KEY (pending_via) REFERENCES ledger_accounts (id),
    ADD CONSTRAINT ledger_transfers_pending_to_fkey FOREIGN KEY (pending_to) REFERENCES ledger_accounts (id)`.execute(db);
  await sql`ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_id_fkey FOREIGN KEY (account_id) REFERENCES ledger_accounts (id)`.execute(
    db,
  );
}
