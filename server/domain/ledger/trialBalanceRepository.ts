import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { KindClosing } from './trialBalance';

/** The trial balance's reads of the ledger by day, and the stored day closings (ledger_day_closings). */

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The stored closings nearest `day` (the last on or before it, the first after it) and whether `day`
 * (ending at `to`) is closed: it has ended and no other client session's transaction begun before
 * its end is still open. Only under read committed, so the next statement's snapshot holds them all.
 */
export async function closingBounds(
  db: Db,
  agencyId: string,
  day: string,
  to: Date,
): Promise<{ before: string | null; after: string | null; closed: boolean }> {
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
  return found[0];
}

type ClosingRow = { kind: string; currency: string; accounts: string; balance: string };

/** Each account kind's accounts and balance per currency at `to`: the balances now less what moved them since. */
export async function closingFromBalances(db: Db, agencyId: string, to: Date): Promise<ClosingRow[]> {
  const { rows } = await sql<ClosingRow>`
          SELECT a.kind, a.currency, count(*) AS accounts, sum(a.balance - coalesce(later.amount, 0)) AS balance
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS amount FROM ledger_entries
                     WHERE agency_id = ${agencyId} AND created_at >= ${to} GROUP BY account_id) later ON later.account_id = a.id
          WHERE a.agency_id = ${agencyId} AND a.created_at < ${to}
          GROUP BY a.kind, a.currency ORDER BY a.currency, a.kind`.execute(db);
  return rows;
}

/**
 * Each account kind's accounts and balance per currency: the stored closing of `closingDay` and what
 * moved between `from` and `until` (the entries of that span and the accounts opened in it), added
 * (sign 1) or taken away (sign -1).
 */
export async function closingFromStored(
  db: Db,
  agencyId: string,
  closingDay: string,
  { from, until, sign }: { from: Date; until: Date; sign: 1 | -1 },
): Promise<ClosingRow[]> {
  // Each moved account's kind is read by its key: joined, the accounts would be planned as a hash of
  // every account of the agency. An entry carries its account's currency.
  const moved = sql`
    SELECT (SELECT kind FROM ledger_accounts WHERE id = moved.account_id), currency, 0 AS accounts, ${sign}::int * amount AS balance
    FROM (SELECT account_id, currency, sum(amount) AS amount FROM ledger_entries
          WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${until} GROUP BY account_id, currency) moved
    UNION ALL
    SELECT kind, currency, ${sign}::int, 0 FROM ledger_accounts
    WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${until}`;
  const { rows } = await sql<ClosingRow>`
          SELECT kind, currency, sum(accounts) AS accounts, sum(balance) AS balance
          FROM (SELECT kind, currency, accounts, balance FROM ledger_day_closings WHERE agency_id = ${agencyId} AND day = ${closingDay}::date
                UNION ALL
                ${moved}) closing
          GROUP BY kind, currency HAVING sum(accounts) > 0 ORDER BY currency, kind`.execute(db);
  return rows;
}

/** Stores a day's closing once: a closing stored meanwhile by another is kept. */
export async function storeDayClosing(db: Db, agencyId: string, day: string, closing: KindClosing[]): Promise<void> {
  await db
    .insertInto('ledger_day_closings')
    .values(closing.map(({ kind, currency, accounts, balance }) => ({ agency_id: agencyId, day, kind, currency, accounts, balance })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The debits and credits (as a positive number) of the entries in [from, to), per currency. */
export async function dayMovements(db: Db, agencyId: string, from: Date, to: Date) {
  const { rows } = await sql<{ currency: string; debits: string | null; credits: string | null }>`
    SELECT currency, sum(amount) FILTER (WHERE amount > 0) AS debits, -sum(amount) FILTER (WHERE amount < 0) AS credits
    FROM ledger_entries
    WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${to}
    GROUP BY currency`.execute(db);
  return rows;
}

type CashRow = { opening: string | null; kip_in: string | null; kip_out: string | null; day_total: string | null };

/**
 * Agency cash (LAK) over [from, to): its balance at `from`, the kip in and out by the transfers of
 * those kinds, and all it moved; undefined when the agency has no such account.
 */
export async function agencyCashOfDay(
  db: Db,
  agencyId: string,
  from: Date,
  to: Date,
  kinds: { kipIn: readonly string[]; kipOut: readonly string[] },
): Promise<CashRow | undefined> {
  const cash = await sql<CashRow>`
    SELECT a.balance - coalesce(sum(e.amount), 0) AS opening,
           sum(e.amount) FILTER (WHERE e.created_at < ${to} AND t.kind IN (${sql.join([...kinds.kipIn])})) AS kip_in,
           -sum(e.amount) FILTER (WHERE e.created_at < ${to} AND t.kind IN (${sql.join([...kinds.kipOut])})) AS kip_out,
           sum(e.amount) FILTER (WHERE e.created_at < ${to}) AS day_total
    FROM ledger_accounts a
    LEFT JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ${from}
    LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE a.agency_id = ${agencyId} AND a.kind = 'agency_cash' AND a.currency = 'LAK'
    GROUP BY a.id, a.balance`.execute(db);
  return cash.rows[0];
}
