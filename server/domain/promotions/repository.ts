import { sql, type Selectable } from 'kysely';
import { announceAgencyChange } from '../../db/changes';
import type { Database } from '../../db/database';
import type { PromotionTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount } from '../../../contract/money';
import type { Promotion } from '../../../contract/promotions';
import { isProvider } from '../../../contract/providers';
import { AppError } from '../errors';
import type { LedgerTrx } from '../ledger';
import { UUID, type NewPromotion } from './rules';

/** The promotions table: its queries and the row as the API shows it. */

export type PromotionRow = Selectable<PromotionTables['promotions']>;

export function bonusOf(row: PromotionRow) {
  return row.bonus_kind === 'FIXED'
    ? { kind: 'FIXED' as const, amountSatang: BigInt(row.bonus_amount_satang!) }
    : { kind: 'PERCENT' as const, percent: row.bonus_percent!, capSatang: BigInt(row.bonus_cap_satang!) };
}

export function toPromotion(row: PromotionRow): Promotion {
  const bonus = bonusOf(row);
  return {
    id: row.id,
    name: row.name,
    terms: row.terms,
    imageUrl: row.image_url,
    bonus:
      bonus.kind === 'FIXED'
        ? { kind: 'FIXED', amount: formatAmount(bonus.amountSatang, 'THB') }
        : { kind: 'PERCENT', percent: bonus.percent, cap: formatAmount(bonus.capSatang, 'THB') },
    depositAmount: formatAmount(BigInt(row.deposit_amount_kip), 'LAK'),
    turnoverMultiple: row.turnover_multiple,
    minBalance: formatAmount(BigInt(row.min_balance_satang), 'THB'),
    maxWithdrawPercent: row.max_withdraw_percent,
    creditThreshold: formatAmount(BigInt(row.credit_threshold_satang), 'THB'),
    firstOrderOnly: row.first_order_only,
    providers: row.providers.filter(isProvider),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    status: row.status,
  };
}

/** The agency's promotions players can take now, in the agency's order, then newest first. */
export async function livePromotions(db: Database, agencyId: string): Promise<Promotion[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('status', '=', 'ACTIVE')
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .orderBy('sort_order')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toPromotion);
}

/** Every promotion of the agency (for the operator), in list order. */
export async function allPromotions(db: Database, agencyId: string): Promise<Promotion[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .orderBy('sort_order')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toPromotion);
}

/** One of the agency's promotions by id, locked for the transaction when asked; a malformed or unknown id is 404. */
export async function promotionRow(
  db: Database | LedgerTrx,
  agencyId: string,
  promotionId: string,
  { forUpdate = false } = {},
): Promise<PromotionRow> {
  const row = UUID.test(promotionId)
    ? await db
        .selectFrom('promotions')
        .selectAll()
        .where('agency_id', '=', agencyId)
        .where('id', '=', promotionId)
        .$if(forUpdate, (query) => query.forUpdate())
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No promotion ${promotionId}`);
  return row;
}

/** One of the agency's promotions, live or not (the detail page). */
export async function findPromotion(db: Database, agencyId: string, promotionId: string): Promise<Promotion> {
  return toPromotion(await promotionRow(db, agencyId, promotionId));
}

/**
 * Switches a promotion on or off for new takers; usages already taken go on under its rules. Returns
 * it with the status it had, read under its row lock (what an audit of the change says it was).
 */
export async function setPromotionStatus(
  db: Database | LedgerTrx,
  agencyId: string,
  promotionId: string,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<{ promotion: Promotion; previous: PromotionRow['status'] }> {
  const row = await promotionRow(db, agencyId, promotionId, { forUpdate: true });
  const updated = await db
    .updateTable('promotions')
    .set({ status })
    .where('agency_id', '=', agencyId)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await announceAgencyChange(db, agencyId);
  return { promotion: toPromotion(updated), previous: row.status };
}

export async function createPromotion(db: Database | LedgerTrx, agencyId: string, input: NewPromotion): Promise<Promotion> {
  const row = await db
    .insertInto('promotions')
    .values({
      agency_id: agencyId,
      name: JSON.stringify(input.name),
      terms: JSON.stringify(input.terms),
      image_url: input.imageUrl,
      bonus_kind: input.bonus.kind,
      bonus_amount_satang: input.bonus.kind === 'FIXED' ? input.bonus.amountSatang : null,
      bonus_percent: input.bonus.kind === 'PERCENT' ? input.bonus.percent : null,
      bonus_cap_satang: input.bonus.kind === 'PERCENT' ? input.bonus.capSatang : null,
      deposit_amount_kip: input.depositAmountKip,
      turnover_multiple: input.turnoverMultiple,
      min_balance_satang: input.minBalanceSatang,
      max_withdraw_percent: input.maxWithdrawPercent,
      credit_threshold_satang: input.creditThresholdSatang,
      first_order_only: input.firstOrderOnly,
      providers: input.providers,
      starts_at: input.startsAt ?? new Date(),
      ends_at: input.endsAt ?? null,
      status: input.status ?? 'ACTIVE',
      sort_order: input.sortOrder ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await announceAgencyChange(db, agencyId);
  return toPromotion(row);
}

/** The promotion of a usage. */
export async function promotionOf(db: Database | LedgerTrx, usage: { agency_id: string; promotion_id: string }): Promise<PromotionRow> {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('agency_id', '=', usage.agency_id)
    .where('id', '=', usage.promotion_id)
    .executeTakeFirstOrThrow();
}
