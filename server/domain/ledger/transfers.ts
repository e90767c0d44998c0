import { sql, type Compilable, type Insertable, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { prepared } from '../../db/database';
import type { DB, LedgerTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import type { Provider } from '../../../contract/providers';
import { requestHash } from '../claims';
import { AppError } from '../errors';
import { LEDGER_TRANSFER, settleTransfers, type TransferEvent } from './lifecycle';
import { accountLabel, resolveAccounts, type AccountRef, type ResolvedAccount } from './accounts';

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

type TransferRow = Selectable<LedgerTables['ledger_transfers']>;

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

/** A fingerprint of what was asked, independent of the order of entries and refs. */
/** A transfer's content as the one request hash sees it: its JSON, one part. */
function contentHash(content: unknown): string {
  return requestHash(JSON.stringify(content, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}

function sortedRefs(refs: Record<string, string> = {}) {
  return Object.entries(refs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

type NewTransfer = Insertable<LedgerTables['ledger_transfers']> & { agency_id: string; idempotency_key: string; request_hash: string };

/**
 * The first transfer of a key that was used before: a replay when the request hash is the same
 * (nothing moves again), a 409 when it differs.
 */
async function replayOf(db: Kysely<DB>, values: NewTransfer): Promise<TransferResult> {
  const existing = await db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('agency_id', '=', values.agency_id)
    .where('idempotency_key', '=', values.idempotency_key)
    .executeTakeFirstOrThrow();
  if (existing.request_hash !== values.request_hash) {
    throw new AppError(409, ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was already used for a different request');
  }
  return { transfer: toTransfer(existing), replayed: true };
}

/** One line of a transfer (by its key): an entry, or (amount 0) an account whose version is only bumped. */
interface TransferLine {
  key: string;
  account: ResolvedAccount;
  amount: bigint;
}

/** The lines as rows (transfer_key, account_id, amount, position); arrays keep the text the same for any number. */
const lineRows = (lines: TransferLine[]) =>
  sql`SELECT * FROM unnest(${lines.map(({ key }) => key)}::text[], ${lines.map(({ account }) => account.id)}::uuid[], ${lines.map(
    ({ amount }) => amount.toString(),
  )}::bigint[]) WITH ORDINALITY`;

/**
 * A balance check that failed, as the API error it means: a player's credit or another account's
 * funds. The short account is the one of the transfer's whose id the failing row shows.
 */
function shortfall(error: unknown, accounts: ResolvedAccount[]): unknown {
  const failed = error as { code?: string; constraint?: string; detail?: string };
  if (failed.code !== '23514' || failed.constraint !== 'ledger_accounts_balance_check') return error;
  const short = accounts.find(({ id }) => failed.detail?.includes(id));
  if (short?.kind === 'player_credit') return new AppError(409, ErrorCode.INSUFFICIENT_CREDIT, 'The credit is not enough');
  const named = short ? `Account ${short.kind} (${short.currency})` : 'An account of the transfer';
  return new AppError(409, ErrorCode.INSUFFICIENT_FUNDS, `${named} does not hold enough`);
}

/** Inside writeTransfers' statement: the transfers it wrote. */
const transfersWritten = sql`transfer`;

/**
 * Writes transfers and what they move in one statement: `transfer` inserts or updates transfer
 * rows (returning them), and the lines of each row it returns move the balances (each account by
 * the net of those lines, its version bumped once per transfer) and become entries, in the order
 * given; lines of a key it returned no row for move nothing. `alongside`, a caller's statement,
 * runs in it too (it reads the written rows from transfersWritten). The accounts are locked in id order,
 * so concurrent writers never deadlock on them, and an account many of the transfers move (the
 * agency's cash) is locked and updated once. A balance that would go below zero where it may not
 * fails the statement (the accounts' CHECK, rechecked on the latest row after any wait) with
 * INSUFFICIENT_CREDIT or INSUFFICIENT_FUNDS, and nothing of it stays. Returns the rows written.
 */
async function writeTransfers(
  db: Kysely<DB>,
  transfer: Compilable | RawBuilder<unknown>,
  lines: RawBuilder<unknown>,
  accounts: ResolvedAccount[],
  alongside?: Compilable | RawBuilder<unknown>,
): Promise<TransferRow[]> {
  try {
    const { rows } = await sql<TransferRow>`${prepared}
      WITH transfer AS (${transfer}),
      lines (transfer_key, account_id, amount, position) AS (${lines}),
      written AS (
        SELECT transfer.id AS transfer_id, transfer.agency_id, lines.account_id, lines.amount, lines.position
        FROM lines JOIN transfer ON transfer.idempotency_key = lines.transfer_key
      ),
      net AS (
        SELECT account_id, sum(amount)::bigint AS amount, count(DISTINCT transfer_id)::bigint AS transfers FROM written GROUP BY account_id
      ),
      locked AS (
        SELECT ledger_accounts.id, ledger_accounts.currency, net.amount, net.transfers
        FROM net JOIN ledger_accounts ON ledger_accounts.id = net.account_id
        ORDER BY ledger_accounts.id FOR UPDATE OF ledger_accounts
      ),
      moved AS (
        UPDATE ledger_accounts SET balance = balance + locked.amount, version = version + locked.transfers
        FROM locked WHERE ledger_accounts.id = locked.id
      ),
      entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, agency_id, amount, currency)
        SELECT written.transfer_id, written.account_id, written.agency_id, written.amount, account.currency
        FROM written JOIN ledger_accounts account ON account.id = written.account_id
        WHERE written.amount <> 0
        ORDER BY written.position
      )${alongside ? sql`, alongside AS (${alongside})` : sql``}
      SELECT * FROM transfer`.execute(db);
    return rows;
  } catch (error) {
    throw shortfall(error, accounts);
  }
}

/**
 * Inserts the transfers and moves their lines, each unless its key was used before; a concurrent
 * insert of the same key waits on the unique index, so exactly one of them creates the transfer.
 * Every unique index arbitrates: two inserts of one provider transfer at once could otherwise meet
 * first on its provider ref, and fail where the second should replay the first.
 * The rows are one agency's, with keys that differ.
 */
async function createTransfers(db: Kysely<DB>, agencyId: string, values: NewTransfer[], lines: TransferLine[]): Promise<TransferResult[]> {
  if (new Set(values.map(({ idempotency_key }) => idempotency_key)).size !== values.length)
    throw new Error('one write creates each transfer key once');
  // Each column as an array of text (or null), cast in the statement.
  const text = (pick: (row: NewTransfer) => string | bigint | null | undefined) => values.map((row) => pick(row)?.toString() ?? null);
  const insert = sql`
    INSERT INTO ledger_transfers (agency_id, idempotency_key, kind, status, request_hash, refs, pending_from, pending_via, pending_to,
      pending_amount, provider, provider_ref, provider_direction)
    SELECT ${agencyId}::uuid, * FROM unnest(${text((row) => row.idempotency_key)}::text[], ${text((row) => row.kind)}::text[],
      ${text((row) => row.status)}::text[], ${text((row) => row.request_hash)}::text[], ${text((row) => row.refs)}::jsonb[],
      ${text((row) => row.pending_from)}::uuid[], ${text((row) => row.pending_via)}::uuid[], ${text((row) => row.pending_to)}::uuid[],
      ${text((row) => row.pending_amount)}::bigint[], ${text((row) => row.provider)}::text[],
      ${text((row) => row.provider_ref)}::text[], ${text((row) => row.provider_direction)}::text[])
    ON CONFLICT DO NOTHING
    RETURNING *`;
  const created = await writeTransfers(
    db,
    insert,
    lineRows(lines),
    lines.map(({ account }) => account),
  );
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
 * Settles PENDING transfers of one agency in one statement: their rows become `outcome` and each
 * held amount leaves `via` for `to` (POSTED) or back to `from` (VOIDED); the other account's
 * version is bumped too. `withSettlement`'s statement is written with them. A transfer settled
 * that way already is returned as it is; one settled the other way is an error. Answers in the
 * order given.
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
  const update = settleTransfers(db, agencyId, ids, event, failureCode);
  const outcome = LEDGER_TRANSFER.transitions[event].to;
  const [destination, bumpedOnly] =
    outcome === 'POSTED' ? [sql.ref('pending_to'), sql.ref('pending_from')] : [sql.ref('pending_from'), sql.ref('pending_to')];
  const settled = await writeTransfers(
    db,
    update,
    sql`SELECT idempotency_key, pending_via, -pending_amount, 0 FROM transfer
      UNION ALL SELECT idempotency_key, ${destination}, pending_amount, 1 FROM transfer
      UNION ALL SELECT idempotency_key, ${bumpedOnly}, 0::bigint, 2 FROM transfer`,
    // Only `via` gives, and it holds the amount since the transfer began.
    [],
    withSettlement?.(transfersWritten),
  );
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
  const row = await db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', transferId)
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
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
  const row = await db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toTransfer(row);
}

export interface LedgerEntry {
  accountId: string;
  amount: bigint;
  currency: string;
}

/** The entries of a transfer in the order they were written. */
export async function entriesOf(db: Kysely<DB> | LedgerTrx, transferId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account_id', 'amount', 'currency'])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ accountId: row.account_id, amount: BigInt(row.amount), currency: row.currency }));
}
