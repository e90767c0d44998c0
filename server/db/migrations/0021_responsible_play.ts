import { sql, type Kysely } from 'kysely';

/**
 * Responsible play, the parts several capabilities read: a player's breaks (a time-out of 24 hours,
 * 7 or 30 days; a self-exclusion of 6 months, 1 year or for good, with no end), kept as rows that
 * are never shortened or deleted so the history stays; and the agency's own settings: the most a
 * player's deposit limit may be, the reality check's default interval and the licence notice shown
 * in the footer, in each of the site's languages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_exclusions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('TIME_OUT', 'SELF_EXCLUSION')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // null only for a self-exclusion taken for good
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('player_exclusions_time_out_ends', sql`kind = 'SELF_EXCLUSION' or ends_at is not null`)
    .execute();
  await db.schema.createIndex('player_exclusions_player_idx').on('player_exclusions').columns(['player_id', 'ends_at']).execute();
  await db.schema
    .createTable('agency_responsible_play_settings')
    .addColumn('agency_id', 'uuid', (c) => c.primaryKey().references('agencies.id'))
    // null: players may set any limit; otherwise the most a player's limit (and the default limit) may be
    .addColumn('deposit_limit_max_kip', 'bigint', (c) => c.check(sql`deposit_limit_max_kip > 0`))
    // minutes between reality checks for players who have not chosen; 0 is off
    .addColumn('reality_check_default_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(sql`reality_check_default_minutes in (0, 15, 30, 60)`),
    )
    .addColumn('notice', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agency_responsible_play_settings').execute();
  await db.schema.dropTable('player_exclusions').execute();
}
