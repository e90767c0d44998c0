import { createHash } from 'node:crypto';
import {
  sql,
  type Compilable,
  type Expression,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { prepared } from '../../db/database';
import type { DB, LedgerTables } from '../../db/schema';
import { ErrorCode } from '../../../src/contract/errors';
import type { Provider } from '../../../src/contract/providers';
import { AppError } from '../errors';
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
  /** The outside leg at a game provider, settled by asking the provider about `ref`. */
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
 * A write of the caller's own records that belongs with a settlement (a deposit order's SUCCESS
 * with its credit): given the condition that this very statement settles the transfer, it returns
 * a data-modifying statement that runs inside the settlement's, so both commit together or neither.
 */
export type WithSettlement = (settledNow: Expression<SqlBool>) => Compilable;

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
function requestHash(content: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(content, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
    .digest('hex');
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

/** One line of a transfer: an entry, or (amount 0) an account whose version is only bumped. */
interface Leg {
  account: ResolvedAccount;
  amount: bigint;
}

const legRows = (legs: Leg[]) =>
  sql`VALUES ${sql.join(legs.map((leg, position) => sql`(${leg.account.id}::uuid, ${leg.amount}::bigint, ${position}::int)`))}`;

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

/** Inside writeTransfer's statement: the transfer row was written by it. */
const transferWritten = sql<SqlBool>`EXISTS (SELECT FROM transfer)`;

/**
 * Writes a transfer and what it moves in one statement: `transfer` inserts or updates the transfer
 * row (returning it), and only when it returns one do its legs move the balances (each account by
 * the net of its legs, version bumped) and become entries, in the order given. `alongside`, a
 * caller's statement, runs in it too (it conditions itself on transferWritten). The accounts are
 * locked in id order, so concurrent transfers never deadlock on them. A balance that would go below
 * zero where it may not fails the statement (the accounts' CHECK, rechecked on the latest row after
 * any wait) with INSUFFICIENT_CREDIT or INSUFFICIENT_FUNDS, and nothing of it stays. Returns the
 * transfer row, or undefined when `transfer` wrote none.
 */
async function writeTransfer(
  db: Kysely<DB>,
  transfer: Compilable,
  legs: RawBuilder<unknown>,
  accounts: ResolvedAccount[],
  alongside?: Compilable,
): Promise<TransferRow | undefined> {
  try {
    const { rows } = await sql<TransferRow>`${prepared}
      WITH transfer AS (${transfer}),
      legs (account_id, amount, position) AS (${legs}),
      locked AS (
        SELECT id, currency FROM ledger_accounts
        WHERE id IN (SELECT account_id FROM legs) AND EXISTS (SELECT FROM transfer)
        ORDER BY id FOR UPDATE
      ),
      moved AS (
        UPDATE ledger_accounts SET balance = balance + net.amount, version = version + 1
        FROM (SELECT account_id, sum(amount)::bigint AS amount FROM legs GROUP BY account_id) net, locked
        WHERE ledger_accounts.id = net.account_id AND locked.id = net.account_id
      ),
      entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, agency_id, amount, currency)
        SELECT transfer.id, legs.account_id, transfer.agency_id, legs.amount, locked.currency
        FROM transfer, legs JOIN locked ON locked.id = legs.account_id
        WHERE legs.amount <> 0
        ORDER BY legs.position
      )${alongside ? sql`, alongside AS (${alongside})` : sql``}
      SELECT * FROM transfer`.execute(db);
    return rows[0];
  } catch (error) {
    throw shortfall(error, accounts);
  }
}

/**
 * Inserts the transfer and moves its legs unless the key was used before; a concurrent insert of
 * the same key waits on the unique index, so exactly one of them creates the transfer.
 */
async function createTransfer(db: Kysely<DB>, values: NewTransfer, legs: Leg[]): Promise<TransferResult> {
  const insert = db
    .insertInto('ledger_transfers')
    .values(values)
    .onConflict((oc) => oc.constraint('ledger_transfers_idempotency_key').doNothing())
    .returningAll();
  const created = await writeTransfer(
    db,
    insert,
    legRows(legs),
    legs.map(({ account }) => account),
  );
  return created ? { transfer: toTransfer(created), replayed: false } : replayOf(db, values);
}

/**
 * Posts a transfer at once: its entries move the balances in the caller's transaction. Replaying
 * the key with the same content returns the first transfer and moves nothing.
 */
export async function postTransfer(trx: LedgerTrx, request: TransferRequest): Promise<TransferResult> {
  checkBase(request);
  const { agencyId, key, kind, entries, refs = {} } = request;
  if (!Array.isArray(entries) || entries.length < 2) throw invalid('A transfer has at least two entries');
  entries.forEach(({ amount }) => checkAmount(amount));
  const accounts = await resolveAccounts(
    trx,
    agencyId,
    entries.map(({ account }) => account),
  );
  const totals = new Map<string, bigint>();
  entries.forEach(({ amount }, index) => totals.set(accounts[index].currency, (totals.get(accounts[index].currency) ?? 0n) + amount));
  for (const [currency, total] of totals) if (total !== 0n) throw invalid(`The entries do not sum to zero in ${currency}`);

  const hash = requestHash({
    kind,
    entries: entries.map(({ account, amount }) => [accountLabel(account), amount]).sort((a, b) => (String(a) < String(b) ? -1 : 1)),
    refs: sortedRefs(refs),
  });
  return createTransfer(
    trx,
    {
      agency_id: agencyId,
      idempotency_key: key,
      kind,
      status: 'POSTED',
      request_hash: hash,
      refs: JSON.stringify(refs),
      pending_from: null,
      pending_via: null,
      pending_to: null,
      pending_amount: null,
      provider: null,
      provider_ref: null,
      provider_direction: null,
    },
    entries.map(({ amount }, index) => ({ account: accounts[index], amount })),
  );
}

/**
 * Starts a two-phase transfer: `amount` leaves `from` into `via` now, and stays there until
 * postPendingTransfer moves it on to `to` or voidPendingTransfer returns it to `from`. Used when an
 * outside party (a game provider) must act in between, outside any database transaction: the
 * intent is one statement once its accounts exist, so it needs no transaction of its own.
 */
export async function beginPendingTransfer(db: Kysely<DB>, request: PendingTransferRequest): Promise<TransferResult> {
  checkBase(request);
  const { agencyId, key, kind, amount, refs = {}, provider } = request;
  checkAmount(amount);
  if (amount < 0n) throw invalid('A pending transfer moves a positive amount');
  const [from, via, to] = await resolveAccounts(db, agencyId, [request.from, request.via, request.to]);
  if (new Set([from.id, via.id, to.id]).size !== 3) throw invalid('from, via and to are three different accounts');
  if (from.currency !== via.currency || via.currency !== to.currency) throw invalid('from, via and to hold the same currency');
  if (provider && (!provider.ref || provider.ref.length > 100)) throw invalid('A provider ref is 1 to 100 characters');

  const hash = requestHash({
    kind,
    pending: [accountLabel(request.from), accountLabel(request.via), accountLabel(request.to), amount],
    provider: provider ? [provider.name, provider.direction] : null,
    refs: sortedRefs(refs),
  });
  return createTransfer(
    db,
    {
      agency_id: agencyId,
      idempotency_key: key,
      kind,
      status: 'PENDING',
      request_hash: hash,
      refs: JSON.stringify(refs),
      pending_from: from.id,
      pending_via: via.id,
      pending_to: to.id,
      pending_amount: amount,
      provider: provider?.name ?? null,
      provider_ref: provider?.ref ?? null,
      provider_direction: provider?.direction ?? null,
    },
    [
      { account: from, amount: -amount },
      { account: via, amount },
      { account: to, amount: 0n },
    ],
  );
}

/**
 * Settles a PENDING transfer in one statement: its row becomes `outcome` and the held amount leaves
 * `via` for `to` (POSTED) or back to `from` (VOIDED); the other account's version is bumped too. A
 * transfer settled that way already is returned as it is; one settled the other way is an error.
 */
async function settle(
  db: Kysely<DB>,
  agencyId: string,
  transferId: string,
  outcome: 'POSTED' | 'VOIDED',
  failureCode: string | null,
  withSettlement?: WithSettlement,
): Promise<Settlement> {
  const update = db
    .updateTable('ledger_transfers')
    .set({ status: outcome, failure_code: failureCode, settled_at: sql<Date>`now()` })
    .where('id', '=', transferId)
    .where('agency_id', '=', agencyId)
    .where('status', '=', 'PENDING')
    .returningAll();
  const [destination, bystander] =
    outcome === 'POSTED' ? [sql.ref('pending_to'), sql.ref('pending_from')] : [sql.ref('pending_from'), sql.ref('pending_to')];
  const settled = await writeTransfer(
    db,
    update,
    sql`SELECT pending_via, -pending_amount, 0 FROM transfer
      UNION ALL SELECT ${destination}, pending_amount, 1 FROM transfer
      UNION ALL SELECT ${bystander}, 0::bigint, 2 FROM transfer`,
    // Only `via` gives, and it holds the amount since the transfer began.
    [],
    withSettlement?.(transferWritten),
  );
  if (settled) return { transfer: toTransfer(settled), settledNow: true };
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
 * Completes a pending transfer: the held amount reaches `to`, and `withPosting`'s statement is
 * written with it. Posting it again changes nothing.
 */
export function postPendingTransfer(
  db: Kysely<DB>,
  agencyId: string,
  transferId: string,
  withPosting?: WithSettlement,
): Promise<Settlement> {
  return settle(db, agencyId, transferId, 'POSTED', null, withPosting);
}

/** Cancels a pending transfer: the held amount returns to `from`, with the reason in failureCode. */
export function voidPendingTransfer(db: Kysely<DB>, agencyId: string, transferId: string, failureCode: string): Promise<Settlement> {
  return settle(db, agencyId, transferId, 'VOIDED', failureCode);
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
