import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { vientianeDayStart } from '../../../contract/vientiane';
import { AppError } from '../errors';

/**
 * The trial balance of one calendar day in Laos (Asia/Vientiane, UTC+7 all year): every account
 * kind's balance at the end of the day per currency, the day's debits and credits, and the kip side
 * of the agency's bank: kip in (payments received), kip out (withdrawal payouts) and the kip in
 * agency cash at the end of the day. Entries are dated by when they were written.
 */

/** Transfer kinds that bring kip from a player's bank into agency cash. */
export const KIP_IN_KINDS = ['DEPOSIT_PAYMENT', 'UNMATCHED_PAYMENT'] as const;
/** Transfer kinds that pay kip out of agency cash into a player's or payer's bank (payouts, refunds). */
export const KIP_OUT_KINDS = ['WITHDRAWAL_PAYOUT_KIP', 'PAYMENT_REFUND'] as const;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface KindBalance {
  kind: string;
  /** How many accounts of the kind (one per player, provider, ...) the balance sums. */
  accounts: number;
  /** Minor units at the end of the day; positive is a debit balance, negative a credit balance. */
  balance: bigint;
}

export interface CurrencyTrialBalance {
  currency: string;
  balances: KindBalance[];
  /** Sum of the debit (positive) balances at the end of the day. */
  debitBalances: bigint;
  /** Sum of the credit (negative) balances at the end of the day, as a positive number. */
  creditBalances: bigint;
  /** The day's entries: raising (debits) and lowering (credits) amounts, credits as a positive number. */
  dayDebits: bigint;
  dayCredits: bigint;
  /** debitBalances = creditBalances and dayDebits = dayCredits. */
  balanced: boolean;
}

export interface KipPosition {
  /** Agency cash (LAK) at the start of the day. */
  opening: bigint;
  /** Kip received into agency cash that day: deposit payments, matched or not. */
  kipIn: bigint;
  /** Kip paid out of agency cash that day by successful withdrawal payouts. */
  kipOut: bigint;
  /** Any other movement of agency cash that day (the operator's capital, ...). */
  other: bigint;
  /** Agency cash (LAK) at the end of the day: opening + kipIn - kipOut + other. */
  closing: bigint;
}

export interface TrialBalance {
  day: string;
  /** The day's bounds as instants: [from, to). */
  from: Date;
  to: Date;
  currencies: CurrencyTrialBalance[];
  kip: KipPosition;
}

const big = (value: string | number | bigint | null | undefined) => BigInt(value ?? 0);

/** One account kind's accounts and balance in one currency at the end of a day. */
export interface KindClosing extends KindBalance {
  currency: string;
}

/** The instant a day (YYYY-MM-DD) ends in Laos. */
const endOf = (day: string) => vientianeDayStart(day, 1);
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * Every account kind's accounts and balance per currency at the end of `day`, ordered by currency
 * and kind. They are the nearest stored closing (ledger_day_closings) and what moved between its
 * day's end and this one: the entries of that span and the accounts opened in it, added going
 * forward and taken away going back, so a day costs what happened since the closing beside it.
 * With no stored closing, each account's balance now less what moved it since the day's end.
 *
 * A day's closing is stored once it can no longer change: the day has ended and no transaction
 * begun before its end is still open. An entry or account is dated by its transaction's now(),
 * its start, and a transaction may stay open for any time (nothing here times one out), so no
 * fixed margin after midnight would be safe; PostgreSQL's list of open transactions is exact for
 * the product's own sessions, which write the ledger (PostgreSQL's own workers, autovacuum among
 * them, write no entries and are not waited for). The check is one statement before the one
 * that reads the ledger, so that one's snapshot (read committed) holds every such transaction.
 * The ledger is append-only and accounts keep their creation time, so a stored closing stays
 * true; two operators storing the same day at once store it once.
 */
export async function dayClosing(db: Kysely<DB> | Transaction<DB>, agencyId: string, day: string): Promise<KindClosing[]> {
  const to = endOf(day);
  const { rows: found } = await sql<{ before: string | null; after: string | null; closed: boolean }>`
    SELECT before, after,
           to_ <= now() AND current_setting('transaction_isolation') = 'read committed'
             AND NOT EXISTS (SELECT FROM pg_stat_activity
                             WHERE datname = current_database() AND backend_type = 'client backend'
                               AND pid <> pg_backend_pid() AND xact_start < to_) AS closed
    FROM (SELECT ${to}::timestamptz AS to_,
                 (SELECT max(day) FROM ledger_day_closings WHERE agency_id = ${agencyId} AND day <= ${day}::date)::text AS before,
                 (SELECT min(day) FROM ledger_day_closings WHERE agency_id = ${agencyId} AND day > ${day}::date)::text AS after) bounds`.execute(
    db,
  );
  const { before, after, closed } = found[0];
  const nearest = before !== null && (after === null || daysBetween(before, day) <= daysBetween(after, day)) ? before : after;
  // Each moved account's kind is read by its key: joined, the accounts would be planned as a hash of
  // every account of the agency. An entry carries its account's currency.
  const moved = (from: Date, until: Date, sign: 1 | -1) => sql`
    SELECT (SELECT kind FROM ledger_accounts WHERE id = moved.account_id), currency, 0 AS accounts, ${sign}::int * amount AS balance
    FROM (SELECT account_id, currency, sum(amount) AS amount FROM ledger_entries
          WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${until} GROUP BY account_id, currency) moved
    UNION ALL
    SELECT kind, currency, ${sign}::int, 0 FROM ledger_accounts
    WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${until}`;
  const { rows } =
    nearest === null
      ? await sql<{ kind: string; currency: string; accounts: string; balance: string }>`
          SELECT a.kind, a.currency, count(*) AS accounts, sum(a.balance - coalesce(later.amount, 0)) AS balance
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS amount FROM ledger_entries
                     WHERE agency_id = ${agencyId} AND created_at >= ${to} GROUP BY account_id) later ON later.account_id = a.id
          WHERE a.agency_id = ${agencyId} AND a.created_at < ${to}
          GROUP BY a.kind, a.currency ORDER BY a.currency, a.kind`.execute(db)
      : await sql<{ kind: string; currency: string; accounts: string; balance: string }>`
          SELECT kind, currency, sum(accounts) AS accounts, sum(balance) AS balance
          FROM (SELECT kind, currency, accounts, balance FROM ledger_day_closings WHERE agency_id = ${agencyId} AND day = ${nearest}::date
                UNION ALL
                ${nearest <= day ? moved(endOf(nearest), to, 1) : moved(to, endOf(nearest), -1)}) closing
          GROUP BY kind, currency HAVING sum(accounts) > 0 ORDER BY currency, kind`.execute(db);
  const closing = rows.map((row) => ({
    kind: row.kind,
    currency: row.currency,
    accounts: Number(row.accounts),
    balance: big(row.balance),
  }));
  if (closed && nearest !== day && closing.length > 0)
    await db
      .insertInto('ledger_day_closings')
      .values(closing.map(({ kind, currency, accounts, balance }) => ({ agency_id: agencyId, day, kind, currency, accounts, balance })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  return closing;
}

export async function trialBalance(db: Kysely<DB> | Transaction<DB>, agencyId: string, day: string): Promise<TrialBalance> {
  if (!isCalendarDay(day)) throw new AppError(400, ErrorCode.VALIDATION_ERROR, `"${day}" is not a calendar day written YYYY-MM-DD`);
  const from = vientianeDayStart(day);
  const to = endOf(day);

  const balances = await dayClosing(db, agencyId, day);
  const movements = await sql<{ currency: string; debits: string | null; credits: string | null }>`
    SELECT currency, sum(amount) FILTER (WHERE amount > 0) AS debits, -sum(amount) FILTER (WHERE amount < 0) AS credits
    FROM ledger_entries
    WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${to}
    GROUP BY currency`.execute(db);

  const currencies = [...new Set(['LAK', 'THB', ...balances.map((row) => row.currency)])].sort().map((currency) => {
    const kinds = balances.filter((row) => row.currency === currency).map(({ kind, accounts, balance }) => ({ kind, accounts, balance }));
    const debitBalances = kinds.reduce((sum, { balance }) => (balance > 0n ? sum + balance : sum), 0n);
    const creditBalances = kinds.reduce((sum, { balance }) => (balance < 0n ? sum - balance : sum), 0n);
    const moved = movements.rows.find((row) => row.currency === currency);
    const dayDebits = big(moved?.debits);
    const dayCredits = big(moved?.credits);
    return {
      currency,
      balances: kinds,
      debitBalances,
      creditBalances,
      dayDebits,
      dayCredits,
      balanced: debitBalances === creditBalances && dayDebits === dayCredits,
    };
  });

  const cash = await sql<{ opening: string | null; kip_in: string | null; kip_out: string | null; day_total: string | null }>`
    SELECT a.balance - coalesce(sum(e.amount), 0) AS opening,
           sum(e.amount) FILTER (WHERE e.created_at < ${to} AND t.kind IN (${sql.join([...KIP_IN_KINDS])})) AS kip_in,
           -sum(e.amount) FILTER (WHERE e.created_at < ${to} AND t.kind IN (${sql.join([...KIP_OUT_KINDS])})) AS kip_out,
           sum(e.amount) FILTER (WHERE e.created_at < ${to}) AS day_total
    FROM ledger_accounts a
    LEFT JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ${from}
    LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE a.agency_id = ${agencyId} AND a.kind = 'agency_cash' AND a.currency = 'LAK'
    GROUP BY a.id, a.balance`.execute(db);
  const row = cash.rows[0];
  const opening = big(row?.opening);
  const kipIn = big(row?.kip_in);
  const kipOut = big(row?.kip_out);
  const dayTotal = big(row?.day_total);
  return {
    day,
    from,
    to,
    currencies,
    kip: { opening, kipIn, kipOut, other: dayTotal - kipIn + kipOut, closing: opening + dayTotal },
  };
}
