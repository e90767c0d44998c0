import { sql, type Kysely } from 'kysely';

/**
 * Promotions: each agency's deposit bonuses (translated name and terms, the bonus, the set deposit
 * amount and the rules that hold while one is in use), the players' usages of them, and on each
 * withdrawal the credit a promotion kept back for the agency. A player has at most one usage in
 * progress (ACTIVE or USED): of two "use" calls racing, the second fails on that unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const translated = (column: string) => sql.raw(`jsonb_typeof(${column}) = 'object' AND ${column} ?& array['lo', 'cn', 'vn', 'th']`);
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('name', 'jsonb', (c) => c.notNull().check(translated('name')))
    .addColumn('terms', 'jsonb', (c) => c.notNull().check(translated('terms')))
    .addColumn('image_url', 'text', (c) => c.notNull().check(sql`length(image_url) BETWEEN 1 AND 500`))
    .addColumn('bonus_kind', 'text', (c) => c.notNull().check(sql`bonus_kind IN ('FIXED', 'PERCENT')`))
    // FIXED: the bonus in satang. PERCENT: the percent of the deposit's credit, capped at bonus_cap_satang.
    .addColumn('bonus_amount_satang', 'bigint')
    .addColumn('bonus_percent', 'integer')
    .addColumn('bonus_cap_satang', 'bigint')
    .addColumn('deposit_amount_kip', 'bigint', (c) => c.notNull().check(sql`deposit_amount_kip > 0`))
    .addColumn('turnover_multiple', 'integer', (c) => c.notNull().check(sql`turnover_multiple >= 0`))
    .addColumn('min_balance_satang', 'bigint', (c) => c.notNull().check(sql`min_balance_satang >= 0`))
    .addColumn('max_withdraw_percent', 'integer', (c) => c.notNull().check(sql`max_withdraw_percent > 0`))
    .addColumn('credit_threshold_satang', 'bigint', (c) => c.notNull().check(sql`credit_threshold_satang > 0`))
    .addColumn('first_order_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('providers', sql`text[]`, (c) => c.notNull().check(sql`cardinality(providers) > 0`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status IN ('ACTIVE', 'INACTIVE')`),
    )
    // Lower comes first in the list; then the newest.
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'promotions_bonus_check',
      sql`(bonus_kind = 'FIXED' AND bonus_amount_satang > 0 AND bonus_percent IS NULL AND bonus_cap_satang IS NULL)
        OR (bonus_kind = 'PERCENT' AND bonus_amount_satang IS NULL AND bonus_percent > 0 AND bonus_cap_satang > 0)`,
    )
    .addCheckConstraint('promotions_window_check', sql`ends_at IS NULL OR ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('promotions_agency_idx').on('promotions').columns(['agency_id', 'status']).execute();

  await db.schema
    .createTable('promotion_usages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('agency_id', 'uuid', (c) => c.notNull().references('agencies.id'))
    .addColumn('player_id', 'uuid', (c) => c.notNull().references('players.id'))
    .addColumn('promotion_id', 'uuid', (c) => c.notNull().references('promotions.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ACTIVE')
        .check(sql`status IN ('ACTIVE', 'INACTIVE', 'USED', 'SUCCESS', 'CANCELED')`),
    )
    // Set when the deposit that took the promotion is paid and its bonus credited.
    .addColumn('deposit_order_id', 'uuid', (c) => c.references('deposit_orders.id'))
    .addColumn('deposit_credit_satang', 'bigint', (c) => c.check(sql`deposit_credit_satang > 0`))
    .addColumn('bonus_satang', 'bigint', (c) => c.check(sql`bonus_satang >= 0`))
    .addColumn('credit_received_satang', 'bigint', (c) => c.check(sql`credit_received_satang > 0`))
    .addColumn('turnover_required_satang', 'bigint', (c) => c.check(sql`turnover_required_satang >= 0`))
    // The bets made since turnover_since, as of the last recheck.
    .addColumn('turnover_satang', 'bigint', (c) => c.check(sql`turnover_satang >= 0`))
    // Bets count from the moment the bonus was credited.
    .addColumn('turnover_since', 'timestamptz')
    // A cancel of a USED usage records what it takes back (and its attempt) before calling the provider.
    .addColumn('cancel_take_satang', 'bigint', (c) => c.check(sql`cancel_take_satang >= 0`))
    .addColumn('cancel_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text', (c) =>
      c.check(sql`end_reason IN ('TURNOVER_MET', 'CREDIT_BELOW_THRESHOLD', 'WITHDRAWN', 'CANCELED', 'PROMOTION_ENDED')`),
    )
    .addCheckConstraint(
      'promotion_usages_used_check',
      sql`(used_at IS NULL) = (bonus_satang IS NULL) AND (used_at IS NULL OR (deposit_order_id IS NOT NULL AND credit_received_satang = deposit_credit_satang + bonus_satang AND turnover_since IS NOT NULL))`,
    )
    .addCheckConstraint('promotion_usages_ended_check', sql`(status IN ('ACTIVE', 'USED')) = (ended_at IS NULL)`)
    .execute();
  await db.schema
    .createIndex('promotion_usages_one_in_progress')
    .on('promotion_usages')
    .column('player_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('ACTIVE', 'USED')`)
    .execute();
  await db.schema
    .createIndex('promotion_usages_player_idx')
    .on('promotion_usages')
    .columns(['agency_id', 'player_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('deposit_orders')
    .addForeignKeyConstraint('deposit_orders_promotion_usage_fkey', ['promotion_usage_id'], 'promotion_usages', ['id'])
    .execute();

  await db.schema
    .alterTable('withdrawals')
    // The usage whose rules this withdrawal followed, and the credit it kept back for the agency's bonus pool.
    .addColumn('promotion_usage_id', 'uuid', (c) => c.references('promotion_usages.id'))
    .addColumn('promotion_retained_satang', 'bigint', (c) => c.check(sql`promotion_retained_satang >= 0`))
    .execute();
  await db.schema
    .alterTable('withdrawals')
    .addCheckConstraint(
      'withdrawals_promotion_retained_check',
      sql`promotion_retained_satang IS NULL OR promotion_retained_satang < amount_satang`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropConstraint('withdrawals_promotion_retained_check').execute();
  await db.schema.alterTable('withdrawals').dropColumn('promotion_retained_satang').dropColumn('promotion_usage_id').execute();
  await db.schema.alterTable('deposit_orders').dropConstraint('deposit_orders_promotion_usage_fkey').execute();
  await db.schema.dropTable('promotion_usages').execute();
  await db.schema.dropTable('promotions').execute();
}
