import { sql, type Kysely } from 'kysely';

/**
 * The agency's LaoQR merchant id (MID), beside the merchant name in its deposit settings. The deposit
 * QR carries it in tag 38 (sub-tag 04) and no deposit is taken while it is unset ("MID required"). Rows that exist stay null here; the seed fills in the demo agency's, and an
 * operator sets theirs (`npm run agency -- set-receiving-account` or PUT /api/v2/admin/receiving-account).
 * The pattern is the one contract/laoqr.ts checks before writing tag 38.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agency_deposit_settings')
    .addColumn('merchant_id', 'text', (c) => c.check(sql`merchant_id ~ '^[0-9A-Za-z-]{1,25}$'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agency_deposit_settings').dropColumn('merchant_id').execute();
}
