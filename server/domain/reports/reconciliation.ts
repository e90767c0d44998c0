import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Reconciliation, ReconciliationLine, ReconciliationLineName, ReportTransfer } from '../../../contract/adminReports';
import { formatAmount } from '../../../contract/money';
import { trialBalance } from '../ledger';

/**
 * The daily reconciliation of one Vientiane day: each line compares, deposit by deposit or
 * withdrawal by withdrawal, what the business rows say should have moved with what the ledger
 * moved. The day's bounds and the trial balance come from the ledger's trialBalance.
 */

/** One deposit or withdrawal of a line: what should have moved and what the ledger moved. */
interface Item {
  ref: string;
  expected: bigint;
  actual: bigint;
  /** Anything else that must hold for the item (its status agrees with its money). */
  consistent: boolean;
}

type Unit = ReconciliationLine['unit'];
type Bounds = { from: Date; to: Date };
type ItemRow = { ref: string; expected: string | null; actual: string | null; consistent?: boolean };

const big = (value: string | null | undefined) => BigInt(value ?? 0);
const toItems = (rows: ItemRow[]): Item[] =>
  rows.map((row) => ({ ref: row.ref, expected: big(row.expected), actual: big(row.actual), consistent: row.consistent ?? true }));
const amountOf = (value: bigint, unit: Unit) => (unit === 'COUNT' ? value.toString() : formatAmount(value, unit));

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
async function depositsCredited(db: Database, agencyId: string, day: Bounds): Promise<Item[]> {
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
async function depositsKip(db: Database, agencyId: string, day: Bounds): Promise<Item[]> {
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
async function bonusesGranted(db: Database, agencyId: string, day: Bounds): Promise<Item[]> {
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

interface WithdrawalItem extends Item {
  requested: bigint;
  paid: bigint;
  returned: bigint;
  open: bigint;
}

/**
 * Each withdrawal requested that day: its credit is paid (SUCCESS), returned to the player
 * (REJECTED or FAILED) or still waiting in payout clearing (OPEN), and nothing else.
 */
async function withdrawalsSettled(db: Database, agencyId: string, { from, to }: Bounds): Promise<WithdrawalItem[]> {
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
  return rows.map((row) => {
    const requested = big(row.requested);
    const paid = big(row.paid);
    const returned = big(row.returned);
    const waiting = big(row.waiting);
    const open = row.status === 'OPEN' ? waiting : 0n;
    const consistent =
      row.status === 'SUCCESS'
        ? returned === 0n && waiting === 0n
        : row.status === 'OPEN'
          ? paid === 0n && returned === 0n
          : paid === 0n && waiting === 0n;
    return { ref: row.ref, expected: requested, actual: paid + returned + open, consistent, requested, paid, returned, open };
  });
}

/** Withdrawals paid out that day: the kip fixed at request against the kip that left agency cash. */
async function withdrawalsKip(db: Database, agencyId: string, { from, to }: Bounds): Promise<Item[]> {
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
async function bonusesRetained(db: Database, agencyId: string, { from, to }: Bounds): Promise<Item[]> {
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

/** Provider transfers started that day by status; one still PENDING is not settled. */
async function providerTransfers(db: Database, agencyId: string, { from, to }: Bounds) {
  const { rows } = await sql<{ id: string; status: string }>`
    SELECT id, status FROM ledger_transfers
    WHERE agency_id = ${agencyId} AND provider IS NOT NULL AND created_at >= ${from} AND created_at < ${to}
    ORDER BY id`.execute(db);
  const parts: Record<string, string> = { POSTED: '0', PENDING: '0', VOIDED: '0' };
  for (const row of rows) parts[row.status] = String(Number(parts[row.status]) + 1);
  return { total: rows.length, pending: rows.filter((row) => row.status === 'PENDING').map((row) => row.id), parts };
}

/** The transfers of the given deposits and withdrawals, oldest first, with their entries. */
async function transfersOf(db: Database, agencyId: string, where: { refs?: string[]; ids?: string[] }): Promise<ReportTransfer[]> {
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

async function lineOf(
  db: Database,
  agencyId: string,
  line: ReconciliationLineName,
  unit: Unit,
  items: Item[],
  parts: Record<string, string> = {},
): Promise<ReconciliationLine> {
  const wrong = items.filter((item) => item.expected !== item.actual || !item.consistent).map((item) => item.ref);
  const expected = items.reduce((sum, item) => sum + item.expected, 0n);
  const actual = items.reduce((sum, item) => sum + item.actual, 0n);
  return {
    line,
    unit,
    expected: amountOf(expected, unit),
    actual: amountOf(actual, unit),
    parts,
    reconciled: wrong.length === 0,
    unreconciledRefs: wrong,
    transfers: await transfersOf(db, agencyId, { refs: wrong }),
  };
}

export async function reconciliationOf(db: Database, agencyId: string, day: string): Promise<Reconciliation> {
  const balance = await trialBalance(db, agencyId, day);
  const bounds = { from: balance.from, to: balance.to };
  const withdrawals = await withdrawalsSettled(db, agencyId, bounds);
  const sumOf = (field: 'requested' | 'paid' | 'returned' | 'open') =>
    formatAmount(
      withdrawals.reduce((sum, item) => sum + item[field], 0n),
      'THB',
    );
  const providers = await providerTransfers(db, agencyId, bounds);
  const lines: ReconciliationLine[] = [
    await lineOf(db, agencyId, 'DEPOSITS_CREDITED', 'THB', await depositsCredited(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'DEPOSITS_KIP_RECEIVED', 'LAK', await depositsKip(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'WITHDRAWALS_SETTLED', 'THB', withdrawals, {
      requested: sumOf('requested'),
      paid: sumOf('paid'),
      returned: sumOf('returned'),
      open: sumOf('open'),
    }),
    await lineOf(db, agencyId, 'WITHDRAWALS_KIP_PAID', 'LAK', await withdrawalsKip(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'BONUSES_GRANTED', 'THB', await bonusesGranted(db, agencyId, bounds)),
    await lineOf(db, agencyId, 'BONUSES_RETAINED', 'THB', await bonusesRetained(db, agencyId, bounds)),
    {
      line: 'PROVIDER_TRANSFERS_SETTLED',
      unit: 'COUNT',
      expected: String(providers.total),
      actual: String(providers.total - providers.pending.length),
      parts: providers.parts,
      reconciled: providers.pending.length === 0,
      unreconciledRefs: [],
      transfers: await transfersOf(db, agencyId, { ids: providers.pending }),
    },
  ];
  const currencies = balance.currencies.map((currency) => {
    const unit = currency.currency as 'LAK' | 'THB' | 'USD';
    const sum = currency.balances.reduce((total, { balance: amount }) => total + amount, 0n);
    return {
      currency: currency.currency,
      balances: currency.balances.map((kind) => ({ kind: kind.kind, accounts: kind.accounts, balance: formatAmount(kind.balance, unit) })),
      debitBalances: formatAmount(currency.debitBalances, unit),
      creditBalances: formatAmount(currency.creditBalances, unit),
      dayDebits: formatAmount(currency.dayDebits, unit),
      dayCredits: formatAmount(currency.dayCredits, unit),
      sum: formatAmount(sum, unit),
      balanced: currency.balanced && sum === 0n,
    };
  });
  return {
    day,
    from: balance.from.toISOString(),
    to: balance.to.toISOString(),
    lines,
    trialBalance: currencies,
    reconciled: lines.every((line) => line.reconciled) && currencies.every((currency) => currency.balanced),
  };
}
