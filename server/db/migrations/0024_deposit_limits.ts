import { sql, type Kysely } from 'kysely';

/**
 * A player's deposit limits, one row per period (day, week, month): the limit in force and, while
 * a raise or a removal waits its 24 hours, what it becomes (pending_kip, null: no limit) and when
 * (pending_at). The rule that settles a pending change is in contract/depositLimits.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_deposit_limits')
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id'))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month')`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('limit_kip', 'bigint', (c) => c.check(sql`limit_kip > 0`))
    .addColumn('pending_kip', 'bigint', (c) => c.check(sql`pending_kip > 0`))
    .addColumn('pending_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('player_deposit_limits_pkey', ['player_id', 'period'])
    .addCheckConstraint('player_deposit_limits_pending_has_time', sql`pending_kip is null or pending_at is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_deposit_limits').execute();
}
