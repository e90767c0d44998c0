import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ReportTransfer } from '../../../contract/adminReports';

/** The daily reconciliation's reads: each line's items as the business rows and the ledger have them, and their transfers. */

/** One deposit or withdrawal of a line: what should have moved and what the ledger moved. */
export interface Item {
  ref: string;
  expected: bigint;
  actual: bigint;
  /** Anything else that must hold for the item (its status agrees with its money). */
  consistent: boolean;
}

export interface RequestedWithdrawal {
  ref: string;
  status: string;
  requested: bigint;
  paid: bigint;
  returned: bigint;
  waiting: bigint;
}

export type Bounds = { from: Date; to: Date };
type ItemRow = { ref: string; expected: string | null; actual: string | null; consistent?: boolean };

const big = (value: string | null | undefined) => BigInt(value ?? 0);
const toItems = (rows: ItemRow[]): Item[] =>
  rows.map((row) => ({ ref: row.ref, expected: big(row.expected), actual: big(row.actual), consistent: row.consistent ?? true }));

/**
 * The account of each entry `e` as `a`, looked up by its key. Joined plainly, a day of many entries
 * lets the planner read every account of a large ledger into a hash instead; OFFSET 0 keeps the
 * subquery from being merged into such a join.
 */
const accountOfEntry = sql`LATERAL (SELECT kind FROM ledger_accounts WHERE id = e.account_id OFFSET 0) a`;

/** Deposits whose payment the ledger recorded that day, by code. */
const paidThatDay = (agencyId: string, { from, to }: Bounds) => sql`
  SELECT refs->>'deposit' AS ref FROM ledger_transfers
  WHERE agency_id = ${agencyId} AND kind = 'DEPOSIT_PAYMENT' AND created_at >= ${from} AND created_at < ${to}`;

/** The credit owed for each deposit paid that day (payment and bonus) against the credit posted at its provider. */
export async function depositsCredited(db: Database, agencyId: string, day: Bounds): Promise<Item[]> {
  const { rows } = await sql<ItemRow>`
    SELECT p.ref,
           sum(e.amount) FILTER (WHERE t.kind IN ('DEPOSIT_PAYMENT', 'PROMOTION_BONUS') AND a.kind = 'owed_to_player') AS expected,
           sum(e.amount) FILTER (WHERE t.kind = 'DEPOSIT_CREDIT' AND t.status = 'POSTED' AND a.kind = 'player_credit') AS actual
    FROM (${paidThatDay(agencyId, day)}) p
    JOIN ledger_transfers t ON t.agency_id = ${agencyId} AND t.refs->>'deposit' = p.ref
    JOIN ledger_entries e ON e.transfer_id = t.id
    JOIN ${accountOfEntry} ON true
    GROUP BY p.ref ORDER BY p.ref`.execute(db);
  return toItems(rows);
}

/** The kip each deposit paid that day was paid with, against the kip its payment brought into agency cash. */
export async function depositsKip(db: Database, agencyId: string, day: Bounds): Promise<Item[]> {
  const { rows } = await sql<ItemRow>`
    SELECT p.ref, max(o.paid_amount_kip) AS expected,
           sum(e.amount) FILTER (WHERE a.kind = 'agency_cash') AS actual
    FROM (${paidThatDay(agencyId, day)}) p
    LEFT JOIN deposit_orders o ON o.agency_id = ${agencyId} AND o.code = p.ref
    JOIN ledger_transfers t ON t.agency_id = ${agencyId} AND t.kind = 'DEPOSIT_PAYMENT' AND t.refs->>'deposit' = p.ref
    JOIN ledger_entries e ON e.transfer_id = t.id
    JOIN ${accountOfEntry} ON true
    GROUP BY p.ref ORDER BY p.ref`.execute(db);
  return toItems(rows);
}

/** The bonus each deposit paid that day carries, against what left the bonus pool for it. */
export async function bonusesGranted(db: Database, agencyId: string, day: Bounds): Promise<Item[]> {
  const { rows } = await sql<ItemRow>`
    SELECT p.ref, max(o.promo_credit_satang) AS expected,
           -sum(e.amount) FILTER (WHERE t.kind = 'PROMOTION_BONUS' AND a.kind = 'bonus_pool') AS actual
    FROM (${paidThatDay(agencyId, day)}) p
    LEFT JOIN deposit_orders o ON o.agency_id = ${agencyId} AND o.code = p.ref
    LEFT JOIN ledger_transfers t ON t.agency_id = ${agencyId} AND t.kind = 'PROMOTION_BONUS' AND t.refs->>'deposit' = p.ref
    LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    LEFT JOIN ${accountOfEntry} ON true
    GROUP BY p.ref ORDER BY p.ref`.execute(db);
  return toItems(rows);
}

/** Each withdrawal requested that day, and what the ledger paid out, returned or holds in payout clearing for it. */
export async function withdrawalsRequested(db: Database, agencyId: string, { from, to }: Bounds): Promise<RequestedWithdrawal[]> {
  const { rows } = await sql<{
    ref: string;
    status: string;
    requested: string;
    paid: string | null;
    returned: string | null;
    waiting: string | null;
  }>`
    SELECT w.code AS ref, w.status, w.amount_satang AS requested,
           -sum(e.amount) FILTER (WHERE t.kind = 'WITHDRAWAL_PAID' AND a.kind = 'payout_clearing') AS paid,
           sum(e.amount) FILTER (WHERE t.kind = 'WITHDRAWAL_RETURN' AND t.status = 'POSTED' AND a.kind = 'player_credit') AS returned,
           sum(e.amount) FILTER (WHERE a.kind = 'payout_clearing') AS waiting
    FROM withdrawals w
    LEFT JOIN ledger_transfers t ON t.agency_id = w.agency_id
      AND (t.refs->>'withdrawal' = w.code OR (t.kind = 'WITHDRAWAL' AND t.refs->>'code' = w.code))
    LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    LEFT JOIN ${accountOfEntry} ON true
    WHERE w.agency_id = ${agencyId} AND w.created_at >= ${from} AND w.created_at < ${to}
    GROUP BY w.code, w.status, w.amount_satang ORDER BY w.code`.execute(db);
  return rows.map((row) => ({
    ref: row.ref,
    status: row.status,
    requested: big(row.requested),
    paid: big(row.paid),
    returned: big(row.returned),
    waiting: big(row.waiting),
  }));
}

/** Withdrawals paid out that day: the kip fixed at request against the kip that left agency cash. */
export async function withdrawalsKip(db: Database, agencyId: string, { from, to }: Bounds): Promise<Item[]> {
  const { rows } = await sql<ItemRow>`
    SELECT w.code AS ref, w.amount_kip AS expected,
           sum(e.amount) FILTER (WHERE a.kind = 'payouts_paid') AS actual
    FROM withdrawals w
    LEFT JOIN ledger_transfers t ON t.agency_id = w.agency_id AND t.kind = 'WITHDRAWAL_PAYOUT_KIP' AND t.refs->>'withdrawal' = w.code
    LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    LEFT JOIN ${accountOfEntry} ON true
    WHERE w.agency_id = ${agencyId} AND w.status = 'SUCCESS' AND w.completed_at >= ${from} AND w.completed_at < ${to}
    GROUP BY w.code, w.amount_kip ORDER BY w.code`.execute(db);
  return toItems(rows);
}

/** Withdrawals paid out that day with a promotion's share kept back, against what the bonus pool got back. */
export async function bonusesRetained(db: Database, agencyId: string, { from, to }: Bounds): Promise<Item[]> {
  const { rows } = await sql<ItemRow>`
    SELECT w.code AS ref, w.promotion_retained_satang AS expected,
           sum(e.amount) FILTER (WHERE a.kind = 'bonus_pool') AS actual
    FROM withdrawals w
    LEFT JOIN ledger_transfers t ON t.agency_id = w.agency_id AND t.kind = 'WITHDRAWAL_PAID' AND t.refs->>'withdrawal' = w.code
    LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    LEFT JOIN ${accountOfEntry} ON true
    WHERE w.agency_id = ${agencyId} AND w.status = 'SUCCESS' AND w.completed_at >= ${from} AND w.completed_at < ${to}
    GROUP BY w.code, w.promotion_retained_satang ORDER BY w.code`.execute(db);
  return toItems(rows);
}

/** Provider transfers started that day, with their status. */
export async function providerTransfersStarted(
  db: Database,
  agencyId: string,
  { from, to }: Bounds,
): Promise<{ id: string; status: string }[]> {
  const { rows } = await sql<{ id: string; status: string }>`
    SELECT id, status FROM ledger_transfers
    WHERE agency_id = ${agencyId} AND provider IS NOT NULL AND created_at >= ${from} AND created_at < ${to}
    ORDER BY id`.execute(db);
  return rows;
}

/** The transfers of the given deposits and withdrawals, oldest first, with their entries. */
export async function transfersOf(db: Database, agencyId: string, where: { refs?: string[]; ids?: string[] }): Promise<ReportTransfer[]> {
  const refs = where.refs ?? [];
  const ids = where.ids ?? [];
  if (refs.length === 0 && ids.length === 0) return [];
  const { rows } = await sql<{
    id: string;
    kind: string;
    status: string;
    key: string;
    ref: string | null;
    created_at: Date;
    account: string;
    currency: string;
    amount: string;
  }>`
    SELECT t.id, t.kind, t.status, t.idempotency_key AS key,
           coalesce(t.refs->>'deposit', t.refs->>'withdrawal', t.refs->>'code', t.provider_ref) AS ref,
           t.created_at, a.kind AS account, e.currency, e.amount
    FROM ledger_transfers t
    JOIN ledger_entries e ON e.transfer_id = t.id
    JOIN ${accountOfEntry} ON true
    WHERE t.agency_id = ${agencyId} AND (${ids.length > 0 ? sql`t.id::text IN (${sql.join(ids)})` : sql`false`}
      OR ${refs.length > 0 ? sql`coalesce(t.refs->>'deposit', t.refs->>'withdrawal', t.refs->>'code') IN (${sql.join(refs)})` : sql`false`})
    ORDER BY t.id, e.id`.execute(db);
  const transfers = new Map<string, ReportTransfer>();
  for (const row of rows) {
    const transfer = transfers.get(row.id) ?? {
      id: row.id,
      kind: row.kind,
      status: row.status,
      key: row.key,
      ref: row.ref ?? '',
      createdAt: row.created_at.toISOString(),
      entries: [],
    };
    transfer.entries.push({ account: row.account, currency: row.currency, amount: row.amount });
    transfers.set(row.id, transfer);
  }
  return [...transfers.values()];
}
