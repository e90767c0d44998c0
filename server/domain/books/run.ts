import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ProviderClient, ProviderTransferRecord } from '../../adapters/providers';
import type { LaoQrGateway, StatementLine, StatementResult } from '../../adapters/payment/laoqrGateway';
import { PROVIDERS, type Provider } from '../../../contract/providers';
import { formatAmount } from '../../../contract/money';
import type { BooksChecked, BooksDifferenceKind, BooksSource } from '../../../contract/adminReports';
import { bankDifference, keyOf, providerDifference, sideOf, type BookKey, type Ours, type Theirs } from './match';

export interface BooksDeps {
  db: Database;
  providers: ProviderClient;
  gateway: LaoQrGateway;
}

export interface BooksRunReport {
  from: Date;
  to: Date;
  checked: BooksChecked;
  /** Differences found, every agency's and those of none. */
  differences: number;
  /** Why a book could not be read; the run then recorded nothing but its failure. */
  failure?: string;
}

/** The first run looks this far back; each later run starts where the last complete one ended. */
export const FIRST_RUN_LOOKBACK_MS = 7 * 24 * 3600_000;

/** An outside book that could not be read this time: the run proves nothing. */
class BookUnreadable extends Error {}

interface Found extends BookKey {
  agencyId: string | null;
  kind: BooksDifferenceKind;
  unit: 'THB' | 'LAK';
  ours: Ours | undefined;
  theirs: Theirs | undefined;
}

/** Asks the outside; whatever goes wrong there (no answer, a refusal, an unreadable page) makes the book unreadable. */
async function outside<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new BookUnreadable(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const read = async (what: string, call: () => Promise<StatementResult>): Promise<StatementLine[]> => {
  const result = await outside(what, call);
  if (result.outcome === 'unknown') throw new BookUnreadable(`${what}: ${result.reason}`);
  return result.lines;
};

/** Several refs at a time, so a run with many refs to look up one by one does not ask them all at once. */
async function inBatches<T>(items: T[], each: (item: T) => Promise<void>, size = 8): Promise<void> {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(each));
}

// ---- Provider transfers ----

type ProviderRow = {
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

const oursOfProvider = (row: ProviderRow): Ours => ({
  agencyId: row.agency_id,
  status: row.status,
  amount: BigInt(row.amount),
  direction: row.direction,
  at: row.created_at,
});

const theirsOfProvider = (record: ProviderTransferRecord): Theirs => ({
  status: record.status,
  amount: record.amount,
  direction: record.direction,
  at: record.createdAt,
  moved: record.status === 'SUCCESS',
});

async function providerTransfers(deps: BooksDeps, from: Date, to: Date, carried: BookKey[]): Promise<{ found: Found[]; checked: number }> {
  const { db, providers } = deps;
  const ours = new Map<string, Ours>();
  const theirs = new Map<string, Theirs & { member: string }>();
  const keys = new Map<string, BookKey>();
  const note = (provider: string, ref: string) => {
    const key = { source: 'PROVIDER_TRANSFER' as const, provider, ref };
    keys.set(keyOf(key), key);
    return keyOf(key);
  };
  const keep = (rows: ProviderRow[]) => rows.forEach((row) => ours.set(note(row.provider, row.ref), oursOfProvider(row)));

  keep(
    (
      await sql<ProviderRow>`SELECT ${providerColumns} FROM ledger_transfers
        WHERE provider IS NOT NULL AND created_at >= ${from} AND created_at < ${to}`.execute(db)
    ).rows,
  );
  for (const provider of PROVIDERS) {
    const log = await outside(`${provider} transfer log`, () => providers.transferLog(provider, { since: from, until: to }));
    for (const record of log) theirs.set(note(provider, record.ref), { ...theirsOfProvider(record), member: record.member });
  }
  for (const key of carried) note(key.provider, key.ref);

  const lackingOurs = [...keys].filter(([key]) => !ours.has(key)).map(([, key]) => key);
  if (lackingOurs.length > 0)
    keep(
      (
        await sql<ProviderRow>`SELECT ${providerColumns} FROM ledger_transfers
          WHERE (provider, provider_ref) IN (SELECT * FROM unnest(${lackingOurs.map((key) => key.provider)}::text[],
            ${lackingOurs.map((key) => key.ref)}::text[]))`.execute(db)
      ).rows,
    );
  await inBatches(
    [...keys].filter(([key]) => !theirs.has(key)),
    async ([key, { provider, ref }]) => {
      const record = await outside(`${provider} transfer ${ref}`, () => providers.transferRecord(provider as Provider, ref));
      if (record) theirs.set(key, { ...theirsOfProvider(record), member: record.member });
    },
  );

  const found: Found[] = [];
  for (const [key, bookKey] of keys) {
    const kind = providerDifference(ours.get(key), theirs.get(key));
    if (kind)
      found.push({
        ...bookKey,
        agencyId: ours.get(key)?.agencyId ?? null,
        kind,
        unit: 'THB',
        ours: ours.get(key),
        theirs: theirs.get(key),
      });
  }
  // A transfer only the provider has belongs to the agency whose player is that member.
  for (const difference of found.filter((item) => item.agencyId === null)) {
    const member = theirs.get(keyOf(difference))?.member ?? '';
    const owner = await db
      .selectFrom('provider_members')
      .select('agency_id')
      .where('provider', '=', difference.provider)
      .where('member', '=', member)
      .executeTakeFirst();
    difference.agencyId = owner?.agency_id ?? null;
  }
  return { found, checked: keys.size };
}

// ---- The gateway: payments received, payouts, refunds ----

/** The ledger transfer of each gateway record, and the ref it carries (as migration 0040's index has it). */
const BANK_SOURCE_OF_KIND: Record<string, Exclude<BooksSource, 'PROVIDER_TRANSFER'>> = {
  DEPOSIT_PAYMENT: 'PAYMENT',
  UNMATCHED_PAYMENT: 'PAYMENT',
  WITHDRAWAL_PAYOUT_KIP: 'PAYOUT',
  PAYMENT_REFUND: 'REFUND',
};
const BANK_KINDS = sql.raw(`kind IN ('DEPOSIT_PAYMENT', 'UNMATCHED_PAYMENT', 'WITHDRAWAL_PAYOUT_KIP', 'PAYMENT_REFUND')`);
const OUTSIDE_REF = sql.raw(
  `CASE kind WHEN 'WITHDRAWAL_PAYOUT_KIP' THEN refs->>'payoutRef' WHEN 'PAYMENT_REFUND' THEN refs->>'refundRef' ELSE refs->>'transactionId' END`,
);
const SOURCE_OF_LINE: Record<StatementLine['type'], Exclude<BooksSource, 'PROVIDER_TRANSFER'>> = {
  PAYMENT: 'PAYMENT',
  PAYOUT: 'PAYOUT',
  REFUND: 'REFUND',
};

type BankRow = { id: string; agency_id: string; kind: string; ref: string; amount: string; created_at: Date };

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

async function gatewayRecords(
  deps: BooksDeps,
  from: Date,
  to: Date,
  carried: BookKey[],
): Promise<{ found: Found[]; checked: BooksChecked }> {
  const { db, gateway } = deps;
  const ours = new Map<string, Ours>();
  const theirs = new Map<string, Theirs & { line: StatementLine }>();
  const keys = new Map<string, BookKey>();
  const note = (source: BooksSource, ref: string) => {
    const key = { source, provider: '', ref };
    keys.set(keyOf(key), key);
    return keyOf(key);
  };
  // Two records of one ref in the ledger add up, so a payment recorded twice shows as a mismatch.
  const keep = (rows: BankRow[]) =>
    rows.forEach((row) => {
      const key = note(BANK_SOURCE_OF_KIND[row.kind], row.ref);
      const earlier = ours.get(key);
      ours.set(key, {
        agencyId: row.agency_id,
        status: earlier ? `${earlier.status}+${row.kind}` : row.kind,
        amount: (earlier?.amount ?? 0n) + BigInt(row.amount),
        direction: null,
        at: earlier?.at ?? row.created_at,
      });
    });
  const take = (lines: StatementLine[]) =>
    lines.forEach((line) =>
      theirs.set(note(SOURCE_OF_LINE[line.type], line.reference), {
        status: line.status,
        amount: line.amountKip,
        direction: null,
        at: line.at,
        moved: line.status !== 'FAILED',
        line,
      }),
    );

  keep(await bankTransfers(db, sql`created_at >= ${from} AND created_at < ${to}`));
  take(await read('gateway statement', () => gateway.statement({ since: from, until: to })));
  for (const key of carried) note(key.source, key.ref);

  const lackingOurs = [...keys].filter(([key]) => !ours.has(key)).map(([, key]) => key.ref);
  if (lackingOurs.length > 0) keep(await bankTransfers(db, sql`${OUTSIDE_REF} = ANY(${lackingOurs}::text[])`));
  const lackingTheirs = [...new Set([...keys].filter(([key]) => !theirs.has(key)).map(([, key]) => key.ref))];
  await inBatches(lackingTheirs, async (ref) => take(await read(`gateway statement of ${ref}`, () => gateway.statementOf(ref))));

  const found: Found[] = [];
  const checked = { payments: 0, payouts: 0, refunds: 0 };
  for (const [key, bookKey] of keys) {
    checked[bookKey.source === 'PAYMENT' ? 'payments' : bookKey.source === 'PAYOUT' ? 'payouts' : 'refunds'] += 1;
    const kind = bankDifference(ours.get(key), theirs.get(key));
    if (kind)
      found.push({
        ...bookKey,
        agencyId: ours.get(key)?.agencyId ?? null,
        kind,
        unit: 'LAK',
        ours: ours.get(key),
        theirs: theirs.get(key),
      });
  }
  for (const difference of found.filter((item) => item.agencyId === null)) {
    const line = theirs.get(keyOf(difference))?.line;
    if (line) difference.agencyId = await agencyOfLine(db, line);
  }
  return { found, checked: { providerTransfers: 0, ...checked } };
}

/**
 * The agency a record only the gateway has belongs to: a payment's by its bill (a deposit code) or
 * else the one agency receiving into that account; a payout's by its withdrawal; a refund's by its
 * refund or else the payment it refunds.
 */
async function agencyOfLine(db: Database, line: StatementLine): Promise<string | null> {
  if (line.type === 'PAYMENT') {
    const order = await db
      .selectFrom('deposit_orders')
      .select('agency_id')
      .where('code', '=', line.billNumber ?? '')
      .executeTakeFirst();
    if (order) return order.agency_id;
    const receiving = await db
      .selectFrom('agency_deposit_settings')
      .select('agency_id')
      .where('bank_iin', '=', line.bankIin ?? '')
      .where('account_number', '=', line.accountNumber ?? '')
      .limit(2)
      .execute();
    return receiving.length === 1 ? receiving[0].agency_id : null;
  }
  if (line.type === 'PAYOUT') {
    const withdrawal = await db.selectFrom('withdrawals').select('agency_id').where('payout_ref', '=', line.reference).executeTakeFirst();
    return withdrawal?.agency_id ?? null;
  }
  const refund = await db.selectFrom('deposit_refunds').select('agency_id').where('ref', '=', line.reference).executeTakeFirst();
  if (refund) return refund.agency_id;
  const paid = await bankTransfers(db, sql`${OUTSIDE_REF} = ${line.paymentTransactionId ?? ''}`);
  return paid[0]?.agency_id ?? null;
}

// ---- The run ----

/** Any of the books' runs' writes: one at a time, so two runs finishing together leave one run's differences. */
const BOOKS_LOCK = 0x626f6f6b;

/** Records a complete run and its differences in place of the last run's; one seen before keeps its first time. */
async function saveRun(
  db: Database,
  { startedAt, from, to, checked }: { startedAt: Date; from: Date; to: Date; checked: BooksChecked },
  found: Found[],
  firstSeen: Map<string, Date>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOOKS_LOCK})`.execute(trx);
    const run = await trx
      .insertInto('books_reconciliation_runs')
      .values({ started_at: startedAt, window_from: from, window_to: to, checked: JSON.stringify(checked), failure: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (found.length > 0)
      await trx
        .insertInto('books_differences')
        .values(
          found.map((difference) => {
            const format = (amount: bigint) => formatAmount(amount, difference.unit);
            return {
              run_id: run.id,
              source: difference.source,
              provider: difference.provider,
              ref: difference.ref,
              agency_id: difference.agencyId,
              kind: difference.kind,
              unit: difference.unit,
              ours: difference.ours ? JSON.stringify(sideOf(difference.ours, format)) : null,
              theirs: difference.theirs ? JSON.stringify(sideOf(difference.theirs, format)) : null,
              first_seen_at: firstSeen.get(keyOf(difference)) ?? startedAt,
            };
          }),
        )
        .execute();
    await trx.deleteFrom('books_differences').where('run_id', '<>', run.id).execute();
    // A month of runs is history enough; older ones hold no differences any more.
    await trx
      .deleteFrom('books_reconciliation_runs')
      .where('id', '<>', run.id)
      .where('finished_at', '<', sql<Date>`now() - interval '30 days'`)
      .execute();
  });
}

/**
 * One run of the books reconciliation over every agency: the records of [from, to) on both sides,
 * where `from` is where the last complete run ended and `to` is settleMs before now (a call still in
 * flight is left to finish), plus every difference the last run found, asked about again by ref.
 * Each record one side lacks is looked up by ref on the other, whatever its time. The differences
 * replace the last run's; one first seen earlier keeps that time. A book that cannot be read makes
 * a failed run that changes nothing else, and the next run reads the same window again.
 */
export async function reconcileBooks(deps: BooksDeps, { settleMs }: { settleMs: number }): Promise<BooksRunReport> {
  const { db } = deps;
  const startedAt = (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0].now;
  const to = new Date(startedAt.getTime() - settleMs);
  const last = await db
    .selectFrom('books_reconciliation_runs')
    .select(['id', 'window_to'])
    .where('failure', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const from = last ? new Date(Math.min(last.window_to.getTime(), to.getTime())) : new Date(to.getTime() - FIRST_RUN_LOOKBACK_MS);
  const carried = last
    ? await db
        .selectFrom('books_differences')
        .select(['source', 'provider', 'ref', 'first_seen_at'])
        .where('run_id', '=', last.id)
        .execute()
    : [];

  let found: Found[];
  let checked: BooksChecked;
  try {
    const providers = await providerTransfers(
      deps,
      from,
      to,
      carried.filter((key) => key.source === 'PROVIDER_TRANSFER'),
    );
    const gateway = await gatewayRecords(
      deps,
      from,
      to,
      carried.filter((key) => key.source !== 'PROVIDER_TRANSFER'),
    );
    found = [...providers.found, ...gateway.found];
    checked = { ...gateway.checked, providerTransfers: providers.checked };
  } catch (error) {
    if (!(error instanceof BookUnreadable)) throw error;
    checked = { providerTransfers: 0, payments: 0, payouts: 0, refunds: 0 };
    await db
      .insertInto('books_reconciliation_runs')
      .values({ started_at: startedAt, window_from: from, window_to: to, checked: JSON.stringify(checked), failure: error.message })
      .execute();
    return { from, to, checked, differences: 0, failure: error.message };
  }

  await saveRun(db, { startedAt, from, to, checked }, found, new Map(carried.map((key) => [keyOf(key), key.first_seen_at])));
  return { from, to, checked, differences: found.length };
}
