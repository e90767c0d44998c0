import { sql, type Kysely } from 'kysely';

/**
 * One table for the one idempotency rule (server/domain/claims.ts): every Idempotency-Key claimed,
 * by agency and scope, with the hash of its request. The deposit desk's and the withdrawal
 * decisions' keys move into it as they were; the keys of players' deposits, withdrawals (those
 * whose credit was taken but not recorded too, from the ledger) and breaks are claimed there with
 * the hash of their request, so a repeat of a request made before this migration is still a replay.
 * The request_hash columns of deposit_orders and withdrawals go: the claims hold them now.
 */

/** The hash requestHash(...parts) makes, in SQL: sha256 of the parts joined by NUL (bytes: text holds no NUL), as hex. */
const hashOf = (...parts: string[]) =>
  sql.raw(`encode(sha256(${parts.map((part) => `convert_to(${part}, 'UTF8')`).join(` || decode('00', 'hex') || `)}), 'hex')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_claims')
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_claims_pkey', ['agency_id', 'scope', 'idempotency_key'])
    .execute();

  await sql`INSERT INTO idempotency_claims (agency_id, scope, idempotency_key, request_hash, created_at)
    SELECT agency_id, 'deposit-desk', idempotency_key, request_hash, created_at FROM deposit_desk_actions
    UNION ALL
    SELECT agency_id, 'withdrawal-decisions', idempotency_key, request_hash, created_at FROM withdrawal_decisions
    UNION ALL
    SELECT agency_id, 'deposits:' || player_id, idempotency_key, ${hashOf('provider', 'amount_kip::text')}, created_at FROM deposit_orders
    UNION ALL
    SELECT agency_id, 'withdrawals:' || player_id, idempotency_key, ${hashOf('provider', 'amount_satang::text')}, created_at FROM withdrawals
    UNION ALL
    SELECT agency_id, 'breaks:' || player_id, idempotency_key, ${hashOf('kind', "coalesce(duration, '')")}, created_at
      FROM player_exclusions WHERE idempotency_key IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO idempotency_claims (agency_id, scope, idempotency_key, request_hash, created_at)
    SELECT agency_id, 'withdrawals:' || (refs->>'playerId'), refs->>'idempotencyKey',
      ${hashOf('provider', 'pending_amount::text')}, created_at
    FROM ledger_transfers WHERE kind = 'WITHDRAWAL' AND refs ? 'idempotencyKey'
    ON CONFLICT DO NOTHING`.execute(db);

  await db.schema.dropTable('deposit_desk_actions').execute();
  await db.schema.dropTable('withdrawal_decisions').execute();
  await db.schema.alterTable('deposit_orders').dropColumn('request_hash').execute();
  await db.schema.alterTable('withdrawals').dropColumn('request_hash').execute();
}

/** Back to the tables of before; the hashes dropped with the columns are gone, so old rows get none that matches. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('deposit_orders')
    .addColumn('request_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('request_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('deposit_desk_actions')
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deposit_desk_actions_pkey', ['agency_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createTable('withdrawal_decisions')
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('withdrawal_decisions_pkey', ['agency_id', 'idempotency_key'])
    .execute();
  await sql`INSERT INTO deposit_desk_actions (agency_id, idempotency_key, request_hash, created_at)
    SELECT agency_id, idempotency_key, request_hash, created_at FROM idempotency_claims WHERE scope = 'deposit-desk'`.execute(db);
  await db.schema.dropTable('idempotency_claims').execute();
}
