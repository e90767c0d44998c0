import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (docs/ledger.md): accounts with a running balance, transfers with an
 * idempotency key unique per agency, and append-only entries that sum to zero per transfer and
 * currency. Plus the members each player has at each game provider.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('player_id', 'uuid', (c) => c.references('players.id'))
    .addColumn('provider', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency IN ('THB', 'LAK')`))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('may_go_negative', 'boolean', (c) => c.notNull())
    // Bumped by every movement that concerns the account, so a reader can tell nothing moved meanwhile.
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ledger_accounts_identity_key', ['agency_id', 'kind', 'player_id', 'provider', 'currency'], (c) =>
      c.nullsNotDistinct(),
    )
    // What keeps a balance from going below zero: a transfer that would fails whole, and the ledger
    // code answers INSUFFICIENT_CREDIT or INSUFFICIENT_FUNDS.
    .addCheckConstraint('ledger_accounts_balance_check', sql`may_go_negative OR balance >= 0`)
    .execute();
  await db.schema
    .createIndex('ledger_accounts_player_idx')
    .on('ledger_accounts')
    .column('player_id')
    .where(sql.ref('player_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('POSTED', 'PENDING', 'VOIDED')`))
    // SHA-256 of what was asked, so a replay with other content is told apart from a true replay.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('refs', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // A pending transfer holds `amount` in `via` until it is posted to `to` or voided back to `from`.
    .addColumn('pending_from', 'uuid', (c) => c.references('ledger_accounts.id'))
    .addColumn('pending_via', 'uuid', (c) => c.references('ledger_accounts.id'))
    .addColumn('pending_to', 'uuid', (c) => c.references('ledger_accounts.id'))
    .addColumn('pending_amount', 'bigint', (c) => c.check(sql`pending_amount > 0`))
    // The outside leg at a game provider: its transfer ref and direction (IN = credit to the provider).
    .addColumn('provider', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('provider_direction', 'text', (c) => c.check(sql`provider_direction IN ('IN', 'OUT')`))
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('ledger_transfers_idempotency_key', ['agency_id', 'idempotency_key'])
    .addUniqueConstraint('ledger_transfers_provider_ref_key', ['provider', 'provider_ref'])
    .addCheckConstraint(
      'ledger_transfers_pending_check',
      sql`(pending_amount IS NULL) = (pending_from IS NULL) AND (pending_amount IS NULL) = (pending_via IS NULL) AND (pending_amount IS NULL) = (pending_to IS NULL)
        AND (status <> 'PENDING' OR pending_amount IS NOT NULL)
        AND (provider IS NULL) = (provider_ref IS NULL) AND (provider IS NULL) = (provider_direction IS NULL)`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_transfers_pending_idx')
    .on('ledger_transfers')
    .column('created_at')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema
    .createIndex('ledger_transfers_pending_from_idx')
    .on('ledger_transfers')
    .column('pending_from')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema
    .createIndex('ledger_transfers_pending_to_idx')
    .on('ledger_transfers')
    .column('pending_to')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transfer_id', 'uuid', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_transfer_idx').on('ledger_entries').column('transfer_id').execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').column('account_id').execute();

  // Entries are history: never changed, never removed.
  await sql`
    CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger entries are append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only()`.execute(db);

  // At commit, every transfer that got entries must sum to zero in each currency.
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

  // The member name a player has at a provider, made on first use. `registered` turns true once the
  // provider confirmed it, so a crash between choosing the name and creating it is finished later.
  await db.schema
    .createTable('provider_members')
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('registered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_members_pkey', ['player_id', 'provider'])
    .addUniqueConstraint('provider_members_member_key', ['provider', 'member'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_members').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await sql`DROP FUNCTION ledger_entries_balanced()`.execute(db);
  await sql`DROP FUNCTION ledger_entries_append_only()`.execute(db);
  await db.schema.dropTable('ledger_transfers').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
