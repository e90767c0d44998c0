import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DashboardWaiting } from '../../../contract/adminReports';

/** The dashboard's reads: the ledger's movement by day, and the counts of what waits. */

/** The day's ledger movement of one transfer kind on one account kind: the entries' sum and how many transfers. */
export interface Movement {
  day: string;
  transferKind: string;
  accountKind: string;
  currency: string;
  amount: bigint;
  transfers: number;
}

/** Every entry of [from, to) summed by Vientiane day, transfer kind and account kind: the one source of the dashboard's figures. */
export async function movements(db: Database, agencyId: string, from: Date, to: Date): Promise<Movement[]> {
  const { rows } = await sql<{
    day: string;
    transfer_kind: string;
    account_kind: string;
    currency: string;
    amount: string;
    transfers: string;
  }>`
    SELECT to_char(e.created_at AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM-DD') AS day, t.kind AS transfer_kind,
           a.kind AS account_kind, a.currency, sum(e.amount) AS amount, count(DISTINCT t.id) AS transfers
    FROM ledger_entries e
    JOIN ledger_transfers t ON t.id = e.transfer_id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.agency_id = ${agencyId} AND e.created_at >= ${from} AND e.created_at < ${to}
    GROUP BY 1, 2, 3, 4`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    transferKind: row.transfer_kind,
    accountKind: row.account_kind,
    currency: row.currency,
    amount: BigInt(row.amount),
    transfers: Number(row.transfers),
  }));
}

/** What waits for a person: withdrawals to decide, payments for no deposit, deposits paid but not credited, provider transfers unsettled. */
export async function waiting(db: Database, agencyId: string): Promise<DashboardWaiting> {
  const { rows } = await sql<{ review: string; unmatched: string; stuck: string; pending: string }>`
    SELECT
      (SELECT count(*) FROM withdrawals WHERE agency_id = ${agencyId} AND status = 'OPEN' AND payout_ref IS NULL) AS review,
      (SELECT count(*) FROM deposit_unmatched_payments WHERE agency_id = ${agencyId} AND status = 'UNRESOLVED') AS unmatched,
      (SELECT count(*) FROM deposit_orders WHERE agency_id = ${agencyId} AND status = 'PAID') AS stuck,
      (SELECT count(*) FROM ledger_transfers WHERE agency_id = ${agencyId} AND status = 'PENDING' AND provider IS NOT NULL) AS pending`.execute(
    db,
  );
  const row = rows[0];
  return {
    withdrawalsToReview: Number(row.review),
    unmatchedPayments: Number(row.unmatched),
    depositsStuckPaid: Number(row.stuck),
    providerTransfersPending: Number(row.pending),
  };
}
