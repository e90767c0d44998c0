import { sql, type Kysely } from 'kysely';

/**
 * Risk flags for operators: each refusal of a bank account number another player holds (who tried,
 * which bank and number, when); what a withdrawal was requested on (the credit deposited since the
 * player's previous withdrawal at that provider and the stakes bet since), so money passing through
 * without play is seen; and the operators' reviews of flags, each with the evidence it was made on.
 * The indexes serve the flags' queries, which read a whole agency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_account_refusals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id'))
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('bank_account_refusals_number_idx')
    .on('bank_account_refusals')
    .columns(['agency_id', 'bank', 'account_number', 'created_at'])
    .execute();

  await db.schema
    .alterTable('withdrawals')
    // null when no deposit was credited at the provider since the player's previous withdrawal there
    .addColumn('deposited_before_satang', 'bigint')
    .addColumn('turnover_before_satang', 'bigint')
    .execute();
  await db.schema
    .createIndex('withdrawals_pass_through_idx')
    .on('withdrawals')
    .columns(['agency_id', 'created_at'])
    .where(sql.ref('turnover_before_satang'), '<', sql.ref('deposited_before_satang'))
    .execute();

  await db.schema
    .createIndex('deposit_orders_unsuccessful_idx')
    .on('deposit_orders')
    .columns(['agency_id', 'player_id', 'created_at'])
    .where(sql.ref('status'), 'in', ['FAILED', 'CANCELED', 'EXPIRED'])
    .execute();
  await db.schema
    .createIndex('player_fingerprints_device_players_idx')
    .on('player_fingerprints')
    .columns(['agency_id', 'visitor_id', 'player_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('player_exclusions_self_idx')
    .on('player_exclusions')
    .columns(['agency_id', 'player_id', 'starts_at'])
    .where(sql.ref('kind'), '=', 'SELF_EXCLUSION')
    .execute();

  await db.schema
    .createTable('risk_flag_reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // what the flag showed when reviewed: new evidence makes another key, and the flag open again
    .addColumn('evidence_key', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'uuid', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('risk_flag_reviews_flag_idx')
    .on('risk_flag_reviews')
    .columns(['agency_id', 'kind', 'subject', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('risk_flag_reviews').execute();
  await db.schema.dropIndex('player_exclusions_self_idx').execute();
  await db.schema.dropIndex('player_fingerprints_device_players_idx').execute();
  await db.schema.dropIndex('deposit_orders_unsuccessful_idx').execute();
  await db.schema.dropIndex('withdrawals_pass_through_idx').execute();
  await db.schema.alterTable('withdrawals').dropColumn('turnover_before_satang').dropColumn('deposited_before_satang').execute();
  await db.schema.dropTable('bank_account_refusals').execute();
}
