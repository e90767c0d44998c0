import { sql, type Kysely } from 'kysely';
import { withdrawalDefaultsOf } from '../../config';

/**
 * Each agency's own withdrawal rules, which were the environment's (WITHDRAW_*) for every agency:
 * the least and most one withdrawal may take and the amount paid without an operator (satang),
 * and how many withdrawals a player may make a day. The agencies there are keep the values they
 * ran with until now; an agency without a row follows the environment, its default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agency_withdrawal_settings')
    .addColumn('agency_id', 'uuid', (c) => c.primaryKey().references('agencies.id'))
    .addColumn('min_satang', 'bigint', (c) => c.notNull().check(sql`min_satang > 0`))
    .addColumn('max_satang', 'bigint', (c) => c.notNull())
    .addColumn('daily_limit', 'integer', (c) => c.notNull().check(sql`daily_limit between 1 and 1000`))
    .addColumn('auto_approve_satang', 'bigint', (c) => c.notNull().check(sql`auto_approve_satang >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('agency_withdrawal_settings_min_max', sql`min_satang <= max_satang`)
    .addCheckConstraint('agency_withdrawal_settings_auto_approve_max', sql`auto_approve_satang <= max_satang`)
    .execute();
  const current = withdrawalDefaultsOf(process.env);
  await sql`
    insert into agency_withdrawal_settings (agency_id, min_satang, max_satang, daily_limit, auto_approve_satang)
    select id, ${current.minSatang.toString()}::bigint, ${current.maxSatang.toString()}::bigint, ${current.dailyLimit},
      least(${current.autoApproveSatang.toString()}::bigint, ${current.maxSatang.toString()}::bigint)
    from agencies`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agency_withdrawal_settings').execute();
}
