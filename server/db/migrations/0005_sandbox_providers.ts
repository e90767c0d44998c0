import { sql, type Kysely } from 'kysely';

/**
 * The built-in sandbox game providers' own books (they stand for five outside companies, so they
 * share nothing with the ledger): members, their THB wallets, transfers decided once per ref, bets
 * (the turnover), game sessions opened by a launch, and the fault controls tests switch on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_provider_members')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sandbox_provider_members_pkey', ['provider', 'member'])
    .execute();

  await db.schema
    .createTable('sandbox_provider_wallets')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('THB'))
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    // Reels the next spins will show, for tests that need a known win or loss.
    .addColumn('rigged_spins', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('sandbox_provider_wallets_pkey', ['provider', 'member'])
    .addForeignKeyConstraint(
      'sandbox_provider_wallets_member_fkey',
      ['provider', 'member'],
      'sandbox_provider_members',
      ['provider', 'member'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('sandbox_provider_transfers')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction IN ('IN', 'OUT', 'NONE')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('SUCCESS', 'FAILED')`))
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sandbox_provider_transfers_pkey', ['provider', 'ref'])
    .execute();

  await db.schema
    .createTable('sandbox_provider_bets')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout >= 0`))
    .addColumn('reels', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sandbox_provider_bets_member_idx')
    .on('sandbox_provider_bets')
    .columns(['provider', 'member', 'created_at'])
    .execute();

  await db.schema
    .createTable('sandbox_provider_sessions')
    .addColumn('token_hash', 'bytea', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Each row makes some calls misbehave: the next `remaining_calls` of them, or (when that is null)
  // a `share` of all of them until cleared. Several rows may be active at once.
  await db.schema
    .createTable('sandbox_provider_faults')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode IN ('error', 'delay', 'hang')`))
    .addColumn('remaining_calls', 'integer', (c) => c.check(sql`remaining_calls >= 0`))
    .addColumn('share', 'real', (c) => c.check(sql`share >= 0 AND share <= 1`))
    .addColumn('delay_ms', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`delay_ms >= 0`),
    )
    // The operations affected (transfer, balance, ...); null means every operation.
    .addColumn('operations', sql`text[]`)
    .addCheckConstraint('sandbox_provider_faults_amount_check', sql`(remaining_calls IS NULL) <> (share IS NULL)`)
    .execute();
  await db.schema.createIndex('sandbox_provider_faults_provider_idx').on('sandbox_provider_faults').column('provider').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sandbox_provider_faults',
    'sandbox_provider_sessions',
    'sandbox_provider_bets',
    'sandbox_provider_transfers',
    'sandbox_provider_wallets',
    'sandbox_provider_members',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
