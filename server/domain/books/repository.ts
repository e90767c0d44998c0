import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { BooksChecked, BooksDifferenceKind, BooksSide, BooksSource } from '../../../contract/adminReports';

/**
 * The books reconciliation's tables (its runs and their differences), and its reads of the ledger
 * and of the records that tell whose a ref of the outside's books is.
 */

/** The database's clock, the one a run's window is measured on. */
export async function databaseNow(db: Database): Promise<Date> {
  return (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0].now;
}

// ---- Runs and differences ----

/** The last run that read every book. */
export async function lastCompleteRun(db: Database) {
  return db
    .selectFrom('books_reconciliation_runs')
    .select(['id', 'window_to'])
    .where('failure', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function differencesOfRun(db: Database, runId: string) {
  return db.selectFrom('books_differences').select(['source', 'provider', 'ref', 'first_seen_at']).where('run_id', '=', runId).execute();
}

interface RunWindow {
  startedAt: Date;
  from: Date;
  to: Date;
  checked: BooksChecked;
}

/** Records a run that could not read a book: why, and nothing else. */
export async function insertFailedRun(db: Database, { startedAt, from, to, checked }: RunWindow, failure: string): Promise<void> {
  await db
    .insertInto('books_reconciliation_runs')
    .values({ started_at: startedAt, window_from: from, window_to: to, checked: JSON.stringify(checked), failure })
    .execute();
}

const BOOKS_LOCK = 0x626f6f6b;

/** Takes the advisory lock of the books' runs' writes, held until the transaction ends. */
export async function lockBooksWrites(trx: Transaction<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${BOOKS_LOCK})`.execute(trx);
}

/** Records a complete run; returns its id. */
export async function insertCompleteRun(trx: Transaction<DB>, { startedAt, from, to, checked }: RunWindow): Promise<string> {
  const run = await trx
    .insertInto('books_reconciliation_runs')
    .values({ started_at: startedAt, window_from: from, window_to: to, checked: JSON.stringify(checked), failure: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

/** A difference as a run records it, its sides formatted in its unit. */
export interface RecordedDifference {
  source: BooksSource;
  provider: string;
  ref: string;
  agencyId: string | null;
  kind: BooksDifferenceKind;
  unit: 'THB' | 'LAK';
  ours: BooksSide | null;
  theirs: BooksSide | null;
  firstSeenAt: Date;
}

export async function insertDifferences(trx: Transaction<DB>, runId: string, differences: RecordedDifference[]): Promise<void> {
  if (differences.length === 0) return;
  await trx
    .insertInto('books_differences')
    .values(
      differences.map((difference) => ({
        run_id: runId,
        source: difference.source,
        provider: difference.provider,
        ref: difference.ref,
        agency_id: difference.agencyId,
        kind: difference.kind,
        unit: difference.unit,
        ours: difference.ours ? JSON.stringify(difference.ours) : null,
        theirs: difference.theirs ? JSON.stringify(difference.theirs) : null,
        first_seen_at: difference.firstSeenAt,
      })),
    )
    .execute();
}

/** Deletes the differences of every run but this one. */
export async function deleteDifferencesBesides(trx: Transaction<DB>, runId: string): Promise<void> {
  await trx.deleteFrom('books_differences').where('run_id', '<>', runId).execute();
}

/** Deletes the runs but this one that finished more than 30 days ago. */
export async function deleteRunsOlderThanAMonth(trx: Transaction<DB>, runId: string): Promise<void> {
  await trx
    .deleteFrom('books_reconciliation_runs')
    .where('id', '<>', runId)
    .where('finished_at', '<', sql<Date>`now() - interval '30 days'`)
    .execute();
}

/** The latest run, and the latest complete one (the same run when the latest read every book). */
export async function latestRuns(db: Database) {
  const runs = db.selectFrom('books_reconciliation_runs').selectAll().orderBy('id', 'desc').limit(1);
  const [latest, complete] = await Promise.all([runs.executeTakeFirst(), runs.where('failure', 'is', null).executeTakeFirst()]);
  return { latest, complete };
}

/** The agency's differences of one run, oldest first seen first. */
export async function agencyDifferencesOfRun(db: Database, runId: string, agencyId: string) {
  return db
    .selectFrom('books_differences')
    .selectAll()
    .where('run_id', '=', runId)
    .where('agency_id', '=', agencyId)
    .orderBy('first_seen_at')
    .orderBy('source')
    .orderBy('provider')
    .orderBy('ref')
    .execute();
}

// ---- The ledger's provider transfers ----

export type ProviderRow = {
  agency_id: string;
  provider: string;
  ref: string;
  status: string;
  direction: 'IN' | 'OUT';
  amount: string;
  created_at: Date;
};

const providerColumns = sql`agency_id, provider, provider_ref AS ref, status, provider_direction AS direction,
  pending_amount::text AS amount, created_at`;

export async function providerTransfersCreatedIn(db: Database, from: Date, to: Date): Promise<ProviderRow[]> {
  return (
    await sql<ProviderRow>`SELECT ${providerColumns} FROM ledger_transfers
      WHERE provider IS NOT NULL AND created_at >= ${from} AND created_at < ${to}`.execute(db)
  ).rows;
}

export async function providerTransfersByRef(db: Database, keys: { provider: string; ref: string }[]): Promise<ProviderRow[]> {
  return (
    await sql<ProviderRow>`SELECT ${providerColumns} FROM ledger_transfers
      WHERE (provider, provider_ref) IN (SELECT * FROM unnest(${keys.map((key) => key.provider)}::text[],
        ${keys.map((key) => key.ref)}::text[]))`.execute(db)
  ).rows;
}

/** The agency whose player is this member at the provider. */
export async function agencyOfMember(db: Database, provider: string, member: string): Promise<string | undefined> {
  const owner = await db
    .selectFrom('provider_members')
    .select('agency_id')
    .where('provider', '=', provider)
    .where('member', '=', member)
    .executeTakeFirst();
  return owner?.agency_id;
}

// ---- The ledger's records of the gateway: payments received, payouts, refunds ----

/** The ledger transfers of gateway records, and the ref each carries (as migration 0040's index has it). */
const BANK_KINDS = sql.raw(`kind IN ('DEPOSIT_PAYMENT', 'UNMATCHED_PAYMENT', 'WITHDRAWAL_PAYOUT_KIP', 'PAYMENT_REFUND')`);
const OUTSIDE_REF = sql.raw(
  `CASE kind WHEN 'WITHDRAWAL_PAYOUT_KIP' THEN refs->>'payoutRef' WHEN 'PAYMENT_REFUND' THEN refs->>'refundRef' ELSE refs->>'transactionId' END`,
);

export type BankRow = { id: string; agency_id: string; kind: string; ref: string; amount: string; created_at: Date };

/** The transfers picked by `where`, each with the kip it moved in or out of agency cash. */
const bankTransfers = async (db: Database, where: ReturnType<typeof sql>) =>
  (
    await sql<BankRow>`
      SELECT t.id, t.agency_id, t.kind, t.ref, abs(coalesce(sum(e.amount) FILTER (WHERE a.kind = 'agency_cash'), 0))::text AS amount, t.created_at
      FROM (SELECT id, agency_id, kind, ${OUTSIDE_REF} AS ref, created_at FROM ledger_transfers WHERE ${BANK_KINDS} AND ${where}) t
      JOIN ledger_entries e ON e.transfer_id = t.id
      JOIN LATERAL (SELECT kind FROM ledger_accounts WHERE id = e.account_id OFFSET 0) a ON true
      GROUP BY t.id, t.agency_id, t.kind, t.ref, t.created_at`.execute(db)
  ).rows;

export const bankTransfersCreatedIn = (db: Database, from: Date, to: Date) =>
  bankTransfers(db, sql`created_at >= ${from} AND created_at < ${to}`);

export const bankTransfersOfRefs = (db: Database, refs: string[]) => bankTransfers(db, sql`${OUTSIDE_REF} = ANY(${refs}::text[])`);

export const bankTransfersOfRef = (db: Database, ref: string) => bankTransfers(db, sql`${OUTSIDE_REF} = ${ref}`);

// ---- Whose a record only the gateway has is ----

/** The agency of the deposit order with this code. */
export async function agencyOfDepositCode(db: Database, code: string): Promise<string | undefined> {
  const order = await db.selectFrom('deposit_orders').select('agency_id').where('code', '=', code).executeTakeFirst();
  return order?.agency_id;
}

/** The agencies receiving deposits into this account: at most two, enough to tell whether it is one. */
export async function agenciesReceivingInto(db: Database, bankIin: string, accountNumber: string): Promise<string[]> {
  const receiving = await db
    .selectFrom('agency_deposit_settings')
    .select('agency_id')
    .where('bank_iin', '=', bankIin)
    .where('account_number', '=', accountNumber)
    .limit(2)
    .execute();
  return receiving.map((row) => row.agency_id);
}

/** The agency of the withdrawal paid out with this payout ref. */
export async function agencyOfPayout(db: Database, payoutRef: string): Promise<string | undefined> {
  const withdrawal = await db.selectFrom('withdrawals').select('agency_id').where('payout_ref', '=', payoutRef).executeTakeFirst();
  return withdrawal?.agency_id;
}

/** The agency of the deposit refund with this ref. */
export async function agencyOfRefund(db: Database, ref: string): Promise<string | undefined> {
  const refund = await db.selectFrom('deposit_refunds').select('agency_id').where('ref', '=', ref).executeTakeFirst();
  return refund?.agency_id;
}
