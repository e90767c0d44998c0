import type { Compilable, Kysely, RawBuilder, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import type { Provider } from '../../../contract/providers';
import { requestHash } from '../claims';
import { AppError } from '../errors';
import { LEDGER_TRANSFER, type TransferEvent } from './lifecycle';
import { accountLabel, resolveAccounts, type AccountRef } from './accounts';
import {
  entryRowsOf,
  insertTransfers,
  transferById,
  transferByKey,
  usedTransferOfKey,
  writeSettlements,
  type NewTransfer,
  type TransferLine,
  type TransferRow,
} from './repository';

export type LedgerTrx = Transaction<DB>;
export type TransferStatus = 'POSTED' | 'PENDING' | 'VOIDED';
export type ProviderDirection = 'IN' | 'OUT';

export interface Entry {
  account: AccountRef;
  /** Minor units; positive raises the account's balance, negative lowers it. Never 0. */
  amount: bigint;
}

interface TransferBase {
  agencyId: string;
  /** Idempotency key, unique per agency: the same key with the same content is the same transfer. */
  key: string;
  /** What the transfer is, in UPPER_SNAKE (DEPOSIT, WITHDRAWAL, PROMOTION_BONUS, ...). */
  kind: string;
  /** References to the outside world or to other records (deposit code, order id, ...). */
  refs?: Record<string, string>;
}

export interface TransferRequest extends TransferBase {
  /** At least two entries; in each currency they sum to zero. */
  entries: Entry[];
}

export interface PendingTransferRequest extends TransferBase {
  from: AccountRef;
  /** Holds the amount until the transfer is posted to `to` or voided back to `from`. */
  via: AccountRef;
  to: AccountRef;
  amount: bigint;
  /** The transfer's part at a game provider, settled by asking the provider about `ref`. */
  provider?: { name: Provider; ref: string; direction: ProviderDirection };
}

export interface LedgerTransfer {
  id: string;
  agencyId: string;
  key: string;
  kind: string;
  status: TransferStatus;
  refs: Record<string, string>;
  pending: { from: string; via: string; to: string; amount: bigint } | null;
  provider: { name: Provider; ref: string; direction: ProviderDirection } | null;
  failureCode: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

/**
 * A write of the caller's own records that belongs with a settlement (deposit orders' SUCCESS with
 * their credits): given the table of the transfers this very statement settles (their rows as
 * settled), it returns a data-modifying statement that runs inside the settlement's, so both
 * commit together or neither.
 */
export type WithSettlement = (settled: RawBuilder<unknown>) => Compilable | RawBuilder<unknown>;

export interface Settlement {
  transfer: LedgerTransfer;
  /** True when this call settled the transfer (its WithSettlement ran); false when it was settled before. */
  settledNow: boolean;
}

export interface TransferResult {
  transfer: LedgerTransfer;
  /** True when the key had been used with the same content: nothing moved this time. */
  replayed: boolean;
}

export function toTransfer(row: TransferRow): LedgerTransfer {
  return {
    id: row.id,
    agencyId: row.agency_id,
    key: row.idempotency_key,
    kind: row.kind,
    status: row.status,
    refs: row.refs,
    pending:
      row.pending_amount === null
        ? null
        : {
            from: row.pending_from as string,
            via: row.pending_via as string,
            to: row.pending_to as string,
            amount: BigInt(row.pending_amount),
          },
    provider:
      row.provider === null
        ? null
        : { name: row.provider as Provider, ref: row.provider_ref as string, direction: row.provider_direction as ProviderDirection },
    failureCode: row.failure_code,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

const invalid = (message: string) => new AppError(400, ErrorCode.VALIDATION_ERROR, message);

function checkBase({ agencyId, key, kind, refs = {} }: TransferBase) {
  if (!agencyId) throw invalid('A transfer belongs to an agency');
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) throw invalid('The idempotency key must be 1 to 200 characters');
  if (!/^[A-Z][A-Z0-9_]{0,63}$/.test(kind)) throw invalid(`Transfer kind "${kind}" is not UPPER_SNAKE`);
  const names = Object.keys(refs);
  if (names.length > 20 || names.some((name) => typeof refs[name] !== 'string' || refs[name].length > 500))
    throw invalid('Transfer refs are at most 20 strings');
}

function checkAmount(amount: unknown): asserts amount is bigint {
  if (typeof amount !== 'bigint' || amount === 0n) throw invalid('Every amount is a non-zero whole number of minor units');
}

/** A transfer's content as the one request hash sees it: its JSON (amounts as text), one part. */
function contentHash(content: unknown): string {
  return requestHash(JSON.stringify(content, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}

function sortedRefs(refs: Record<string, string> = {}) {
  return Object.entries(refs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The first transfer of a key that was used before: a replay when the request hash is the same
 * (nothing moves again), a 409 when it differs.
 */
async function replayOf(db: Kysely<DB>, values: NewTransfer): Promise<TransferResult> {
  const existing = await usedTransferOfKey(db, values.agency_id, values.idempotency_key);
  if (existing.request_hash !== values.request_hash) {
    throw new AppError(409, ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was already used for a different request');
  }
  return { transfer: toTransfer(existing), replayed: true };
}

/**
 * Inserts the transfers and moves their lines, each unless its key was used before (insertTransfers),
 * and replays those whose key was. The rows are one agency's, with keys that differ.
 */
async function createTransfers(db: Kysely<DB>, agencyId: string, values: NewTransfer[], lines: TransferLine[]): Promise<TransferResult[]> {
  if (new Set(values.map(({ idempotency_key }) => idempotency_key)).size !== values.length)
    throw new Error('one write creates each transfer key once');
  const created = await insertTransfers(db, agencyId, values, lines);
  const byKey = new Map(created.map((row) => [row.idempotency_key, row]));
  const results: TransferResult[] = [];
  for (const row of values) {
    const written = byKey.get(row.idempotency_key);
    results.push(written ? { transfer: toTransfer(written), replayed: false } : await replayOf(db, row));
  }
  return results;
}

/**
 * Posts transfers at once: their entries move the balances in the caller's transaction, all in one
 * statement. Replaying a key with the same content returns its first transfer and moves nothing;
 * with other content it is a 409. The transfers are one agency's, each key once.
 */
export async function postTransfers(trx: LedgerTrx, requests: TransferRequest[]): Promise<TransferResult[]> {
  if (requests.length === 0) return [];
  const { agencyId } = requests[0];
  requests.forEach((request) => {
    checkBase(request);
    if (request.agencyId !== agencyId) throw invalid('Transfers posted together belong to one agency');
    if (!Array.isArray(request.entries) || request.entries.length < 2) throw invalid('A transfer has at least two entries');
    request.entries.forEach(({ amount }) => checkAmount(amount));
  });
  const entries = requests.flatMap(({ key, entries }) => entries.map((entry) => ({ key, ...entry })));
  const accounts = await resolveAccounts(
    trx,
    agencyId,
    entries.map(({ account }) => account),
  );
  const lines = entries.map(({ key, amount }, index) => ({ key, account: accounts[index], amount }));
  for (const { key } of requests) {
    const totals = new Map<string, bigint>();
    for (const line of lines)
      if (line.key === key) totals.set(line.account.currency, (totals.get(line.account.currency) ?? 0n) + line.amount);
    for (const [currency, total] of totals) if (total !== 0n) throw invalid(`The entries do not sum to zero in ${currency}`);
  }
  const rows = requests.map(({ key, kind, entries, refs = {} }): NewTransfer => ({
    agency_id: agencyId,
    idempotency_key: key,
    kind,
    status: 'POSTED',
    request_hash: contentHash({
      kind,
      entries: entries.map(({ account, amount }) => [accountLabel(account), amount]).sort((a, b) => (String(a) < String(b) ? -1 : 1)),
      refs: sortedRefs(refs),
    }),
    refs: JSON.stringify(refs),
    pending_from: null,
    pending_via: null,
    pending_to: null,
    pending_amount: null,
    provider: null,
    provider_ref: null,
    provider_direction: null,
  }));
  return createTransfers(trx, agencyId, rows, lines);
}

/** Posts one transfer at once, as postTransfers does. */
export async function postTransfer(trx: LedgerTrx, request: TransferRequest): Promise<TransferResult> {
  const [result] = await postTransfers(trx, [request]);
  return result;
}

/**
 * Starts two-phase transfers of one agency, in one statement once their accounts exist: each
 * `amount` leaves `from` into `via` now, and stays there until postPendingTransfers moves it on to
 * `to` or voidPendingTransfer returns it to `from`. Used when an outside party (a game provider)
 * must act in between, outside any database transaction, so they need no transaction of their own.
 */
export async function beginPendingTransfers(db: Kysely<DB>, requests: PendingTransferRequest[]): Promise<TransferResult[]> {
  if (requests.length === 0) return [];
  const { agencyId } = requests[0];
  requests.forEach((request) => {
    checkBase(request);
    if (request.agencyId !== agencyId) throw invalid('Transfers begun together belong to one agency');
    checkAmount(request.amount);
    if (request.amount < 0n) throw invalid('A pending transfer moves a positive amount');
    const ref = request.provider?.ref;
    if (request.provider && (!ref || ref.length > 100)) throw invalid('A provider ref is 1 to 100 characters');
  });
  const accounts = await resolveAccounts(
    db,
    agencyId,
    requests.flatMap((request) => [request.from, request.via, request.to]),
  );
  const rows: NewTransfer[] = [];
  const lines: TransferLine[] = [];
  requests.forEach(({ key, kind, amount, refs = {}, provider, ...request }, index) => {
    const [from, via, to] = accounts.slice(index * 3, index * 3 + 3);
    if (new Set([from.id, via.id, to.id]).size !== 3) throw invalid('from, via and to are three different accounts');
    if (from.currency !== via.currency || via.currency !== to.currency) throw invalid('from, via and to hold the same currency');
    rows.push({
      agency_id: agencyId,
      idempotency_key: key,
      kind,
      status: 'PENDING',
      request_hash: contentHash({
        kind,
        pending: [accountLabel(request.from), accountLabel(request.via), accountLabel(request.to), amount],
        provider: provider ? [provider.name, provider.direction] : null,
        refs: sortedRefs(refs),
      }),
      refs: JSON.stringify(refs),
      pending_from: from.id,
      pending_via: via.id,
      pending_to: to.id,
      pending_amount: amount,
      provider: provider?.name ?? null,
      provider_ref: provider?.ref ?? null,
      provider_direction: provider?.direction ?? null,
    });
    lines.push({ key, account: from, amount: -amount }, { key, account: via, amount }, { key, account: to, amount: 0n });
  });
  return createTransfers(db, agencyId, rows, lines);
}

/** Starts one two-phase transfer, as beginPendingTransfers does. */
export async function beginPendingTransfer(db: Kysely<DB>, request: PendingTransferRequest): Promise<TransferResult> {
  const [result] = await beginPendingTransfers(db, [request]);
  return result;
}

/**
 * Settles PENDING transfers of one agency in one statement (writeSettlements): their rows become
 * `outcome` and each held amount leaves `via` for `to` (POSTED) or back to `from` (VOIDED).
 * `withSettlement`'s statement is written with them. A transfer settled that way already is
 * returned as it is; one settled the other way is an error. Answers in the order given.
 */
async function settle(
  db: Kysely<DB>,
  agencyId: string,
  ids: string[],
  event: TransferEvent,
  failureCode: string | null,
  withSettlement?: WithSettlement,
): Promise<Settlement[]> {
  if (ids.length === 0) return [];
  const outcome = LEDGER_TRANSFER.transitions[event].to;
  const settled = await writeSettlements(db, agencyId, ids, event, failureCode, withSettlement);
  const byId = new Map(settled.map((row) => [row.id, row]));
  const results: Settlement[] = [];
  for (const transferId of ids) {
    const row = byId.get(transferId);
    results.push(row ? { transfer: toTransfer(row), settledNow: true } : await settledBefore(db, agencyId, transferId, outcome));
  }
  return results;
}

/** A transfer the settling statement did not change: settled as asked before, or an error. */
async function settledBefore(db: Kysely<DB>, agencyId: string, transferId: string, outcome: TransferStatus): Promise<Settlement> {
  const row = await transferById(db, agencyId, transferId);
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such transfer');
  if (row.status !== outcome) throw new Error(`ledger transfer ${transferId} is ${row.status}; it cannot become ${outcome}`);
  return { transfer: toTransfer(row), settledNow: false };
}

/**
 * Completes pending transfers of one agency in one statement: each held amount reaches its `to`,
 * and `withPosting`'s statement is written with them. Posting one again changes nothing.
 */
export function postPendingTransfers(
  db: Kysely<DB>,
  agencyId: string,
  transferIds: string[],
  withPosting?: WithSettlement,
): Promise<Settlement[]> {
  return settle(db, agencyId, transferIds, 'post', null, withPosting);
}

/** Completes one pending transfer, as postPendingTransfers does. */
export async function postPendingTransfer(
  db: Kysely<DB>,
  agencyId: string,
  transferId: string,
  withPosting?: WithSettlement,
): Promise<Settlement> {
  const [settlement] = await postPendingTransfers(db, agencyId, [transferId], withPosting);
  return settlement;
}

/** Cancels a pending transfer: the held amount returns to `from`, with the reason in failureCode. */
export async function voidPendingTransfer(db: Kysely<DB>, agencyId: string, transferId: string, failureCode: string): Promise<Settlement> {
  const [settlement] = await settle(db, agencyId, [transferId], 'void', failureCode);
  return settlement;
}

export async function findTransfer(db: Kysely<DB> | LedgerTrx, agencyId: string, key: string): Promise<LedgerTransfer | undefined> {
  const row = await transferByKey(db, agencyId, key);
  return row && toTransfer(row);
}

export interface LedgerEntry {
  accountId: string;
  amount: bigint;
  currency: string;
}

/** The entries of a transfer in the order they were written. */
export async function entriesOf(db: Kysely<DB> | LedgerTrx, transferId: string): Promise<LedgerEntry[]> {
  const rows = await entryRowsOf(db, transferId);
  return rows.map((row) => ({ accountId: row.account_id, amount: BigInt(row.amount), currency: row.currency }));
}
