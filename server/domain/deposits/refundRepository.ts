import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { DepositTables } from '../../db/schema';
import type { LedgerTrx } from '../ledger';

/** The refunds of paid transactions (deposit_refunds), each under its ref, and the cash a refund takes. */

export type RefundRow = Selectable<DepositTables['deposit_refunds']>;

/** What a refund is recorded with; the database adds its id, its PENDING status and its dates. */
export type NewRefund = Insertable<DepositTables['deposit_refunds']>;

/** Records the refund; undefined when the agency has a refund under its ref already. */
export async function insertRefund(trx: LedgerTrx, refund: NewRefund): Promise<RefundRow | undefined> {
  return trx
    .insertInto('deposit_refunds')
    .values(refund)
    .onConflict((oc) => oc.constraint('deposit_refunds_ref_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function refundIdByRef(trx: LedgerTrx, agencyId: string, ref: string): Promise<string> {
  return (
    await trx.selectFrom('deposit_refunds').select('id').where('agency_id', '=', agencyId).where('ref', '=', ref).executeTakeFirstOrThrow()
  ).id;
}

/** The refund under its row lock. */
export async function lockRefund(trx: LedgerTrx, id: string): Promise<RefundRow> {
  return trx.selectFrom('deposit_refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** The agency's refund under the ref, while it is PENDING. */
export async function pendingRefund(db: Database, agencyId: string, ref: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('deposit_refunds')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('ref', '=', ref)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
}

/** Refunds left PENDING since before olderThanMs, oldest first. */
export async function refundsLeftPending(db: Database, olderThanMs: number, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('deposit_refunds')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where(sql<boolean>`created_at < now() - ${olderThanMs} * interval '1 millisecond'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function refundOfPayment(db: Database, agencyId: string, unmatchedPaymentId: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('deposit_refunds')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('unmatched_payment_id', '=', unmatchedPaymentId)
    .executeTakeFirst();
}

export async function refundOfOrder(db: Database, agencyId: string, depositOrderId: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('deposit_refunds')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('deposit_order_id', '=', depositOrderId)
    .executeTakeFirst();
}
