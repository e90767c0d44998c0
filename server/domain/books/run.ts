import type { Database } from '../../db/database';
import type { ProviderClient, ProviderTransferRecord } from '../../adapters/providers';
import type { LaoQrGateway, StatementLine, StatementResult } from '../../adapters/payment/laoqrGateway';
import { PROVIDERS, type Provider } from '../../../contract/providers';
import { formatAmount } from '../../../contract/money';
import type { BooksChecked, BooksDifferenceKind, BooksSource } from '../../../contract/adminReports';
import { bankDifference, keyOf, providerDifference, sideOf, type BookKey, type Ours, type Theirs } from './match';
import {
  agenciesReceivingInto,
  agencyOfDepositCode,
  agencyOfMember,
  agencyOfPayout,
  agencyOfRefund,
  bankTransfersCreatedIn,
  bankTransfersOfRef,
  bankTransfersOfRefs,
  databaseNow,
  deleteDifferencesBesides,
  deleteRunsOlderThanAMonth,
  differencesOfRun,
  insertCompleteRun,
  insertDifferences,
  insertFailedRun,
  lastCompleteRun,
  lockBooksWrites,
  providerTransfersByRef,
  providerTransfersCreatedIn,
  type BankRow,
  type ProviderRow,
} from './repository';

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

  keep(await providerTransfersCreatedIn(db, from, to));
  for (const provider of PROVIDERS) {
    const log = await outside(`${provider} transfer log`, () => providers.transferLog(provider, { since: from, until: to }));
    for (const record of log) theirs.set(note(provider, record.ref), { ...theirsOfProvider(record), member: record.member });
  }
  for (const key of carried) note(key.provider, key.ref);

  const lackingOurs = [...keys].filter(([key]) => !ours.has(key)).map(([, key]) => key);
  if (lackingOurs.length > 0) keep(await providerTransfersByRef(db, lackingOurs));
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
    difference.agencyId = (await agencyOfMember(db, difference.provider, member)) ?? null;
  }
  return { found, checked: keys.size };
}

// ---- The gateway: payments received, payouts, refunds ----

/** The book of each kind of ledger transfer of a gateway record. */
const BANK_SOURCE_OF_KIND: Record<string, Exclude<BooksSource, 'PROVIDER_TRANSFER'>> = {
  DEPOSIT_PAYMENT: 'PAYMENT',
  UNMATCHED_PAYMENT: 'PAYMENT',
  WITHDRAWAL_PAYOUT_KIP: 'PAYOUT',
  PAYMENT_REFUND: 'REFUND',
};
const SOURCE_OF_LINE: Record<StatementLine['type'], Exclude<BooksSource, 'PROVIDER_TRANSFER'>> = {
  PAYMENT: 'PAYMENT',
  PAYOUT: 'PAYOUT',
  REFUND: 'REFUND',
};

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

  keep(await bankTransfersCreatedIn(db, from, to));
  take(await read('gateway statement', () => gateway.statement({ since: from, until: to })));
  for (const key of carried) note(key.source, key.ref);

  const lackingOurs = [...keys].filter(([key]) => !ours.has(key)).map(([, key]) => key.ref);
  if (lackingOurs.length > 0) keep(await bankTransfersOfRefs(db, lackingOurs));
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
    const order = await agencyOfDepositCode(db, line.billNumber ?? '');
    if (order !== undefined) return order;
    const receiving = await agenciesReceivingInto(db, line.bankIin ?? '', line.accountNumber ?? '');
    return receiving.length === 1 ? receiving[0] : null;
  }
  if (line.type === 'PAYOUT') return (await agencyOfPayout(db, line.reference)) ?? null;
  const refund = await agencyOfRefund(db, line.reference);
  if (refund !== undefined) return refund;
  const paid = await bankTransfersOfRef(db, line.paymentTransactionId ?? '');
  return paid[0]?.agency_id ?? null;
}

// ---- The run ----

/** Records a complete run and its differences in place of the last run's; one seen before keeps its first time. */
async function saveRun(
  db: Database,
  { startedAt, from, to, checked }: { startedAt: Date; from: Date; to: Date; checked: BooksChecked },
  found: Found[],
  firstSeen: Map<string, Date>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Any of the books' runs' writes: one at a time, so two runs finishing together leave one run's differences.
    await lockBooksWrites(trx);
    const runId = await insertCompleteRun(trx, { startedAt, from, to, checked });
    await insertDifferences(
      trx,
      runId,
      found.map((difference) => {
        const format = (amount: bigint) => formatAmount(amount, difference.unit);
        return {
          source: difference.source,
          provider: difference.provider,
          ref: difference.ref,
          agencyId: difference.agencyId,
          kind: difference.kind,
          unit: difference.unit,
          ours: difference.ours ? sideOf(difference.ours, format) : null,
          theirs: difference.theirs ? sideOf(difference.theirs, format) : null,
          firstSeenAt: firstSeen.get(keyOf(difference)) ?? startedAt,
        };
      }),
    );
    await deleteDifferencesBesides(trx, runId);
    // A month of runs is history enough; older ones hold no differences any more.
    await deleteRunsOlderThanAMonth(trx, runId);
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
  const startedAt = await databaseNow(db);
  const to = new Date(startedAt.getTime() - settleMs);
  const last = await lastCompleteRun(db);
  const from = last ? new Date(Math.min(last.window_to.getTime(), to.getTime())) : new Date(to.getTime() - FIRST_RUN_LOOKBACK_MS);
  const carried = last ? await differencesOfRun(db, last.id) : [];

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
    await insertFailedRun(db, { startedAt, from, to, checked }, error.message);
    return { from, to, checked, differences: 0, failure: error.message };
  }

  await saveRun(db, { startedAt, from, to, checked }, found, new Map(carried.map((key) => [keyOf(key), key.first_seen_at])));
  return { from, to, checked, differences: found.length };
}
