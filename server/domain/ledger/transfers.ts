import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, LedgerTables } from '../../db/schema';
import { ErrorCode } from '../../../src/contract/errors';
import type { Provider } from '../../../src/contract/providers';
import { AppError } from '../errors';
import { accountLabel, resolveAccount, type AccountRef, type ResolvedAccount } from './accounts';

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

/**
 * Inserts the transfer row unless the key was used before. A used key with the same request hash
 * is a replay (the first transfer is returned); with another hash it is a 409. A concurrent
 * insert of the same key waits on the unique index, so exactly one of them creates the transfer.
 */
async function claimKey(
  trx: LedgerTrx,
  values: Insertable<LedgerTables['ledger_transfers']> & { agency_id: string; idempotency_key: string; request_hash: string },
): Promise<TransferResult> {
  const created = await trx
    .insertInto('ledger_transfers')
    .values(values)
    .onConflict((oc) => oc.constraint('ledger_transfers_idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (created) return { transfer: toTransfer(created), replayed: false };
  const existing = await trx
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

interface Movement {
  account: ResolvedAccount;
  amount: bigint;
}

/**
 * Applies entries to balances and writes them. Each account moves by the net of its entries; the
 * `touched` accounts only get their version bumped. All rows are updated in account id order so
 * that concurrent transfers lock accounts in the same order (no deadlocks). A net debit applies
 * only while the balance covers it (PostgreSQL rechecks the condition on the latest row after any
 * wait), else the whole transaction fails with INSUFFICIENT_CREDIT (a player's credit) or
 * INSUFFICIENT_FUNDS.
 */
async function move(trx: LedgerTrx, agencyId: string, transferId: string, movements: Movement[], touched: ResolvedAccount[] = []) {
  const net = new Map<string, Movement>();
  for (const { account, amount } of [...movements, ...touched.map((account) => ({ account, amount: 0n }))]) {
    const previous = net.get(account.id);
    net.set(account.id, { account, amount: (previous?.amount ?? 0n) + amount });
  }
  const ordered = [...net.values()].sort((a, b) => (a.account.id < b.account.id ? -1 : 1));
  for (const { account, amount } of ordered) {
    const updated = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${amount}::bigint`, version: sql`version + 1` })
      .where('id', '=', account.id)
      .where((eb) => eb.or([eb('may_go_negative', '=', true), eb(sql`balance + ${amount}::bigint`, '>=', 0)]))
      .returning('id')
      .executeTakeFirst();
    if (!updated) {
      throw account.kind === 'player_credit'
        ? new AppError(409, ErrorCode.INSUFFICIENT_CREDIT, 'The credit is not enough')
        : new AppError(409, ErrorCode.INSUFFICIENT_FUNDS, `Account ${account.kind} (${account.currency}) does not hold enough`);
    }
  }
  await trx
    .insertInto('ledger_entries')
    .values(
      movements.map(({ account, amount }) => ({
        transfer_id: transferId,
        account_id: account.id,
        agency_id: agencyId,
        amount,
        currency: account.currency,
      })),
    )
    .execute();
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
  const movements: Movement[] = [];
  for (const entry of entries) movements.push({ account: await resolveAccount(trx, agencyId, entry.account), amount: entry.amount });
  const totals = new Map<string, bigint>();
  for (const { account, amount } of movements) totals.set(account.currency, (totals.get(account.currency) ?? 0n) + amount);
  for (const [currency, total] of totals) if (total !== 0n) throw invalid(`The entries do not sum to zero in ${currency}`);

  const hash = requestHash({
    kind,
    entries: entries.map(({ account, amount }) => [accountLabel(account), amount]).sort((a, b) => (String(a) < String(b) ? -1 : 1)),
    refs: sortedRefs(refs),
  });
  const claimed = await claimKey(trx, {
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
  });
  if (!claimed.replayed) await move(trx, agencyId, claimed.transfer.id, movements);
  return claimed;
}

/**
 * Starts a two-phase transfer: `amount` leaves `from` into `via` now, and stays there until
 * postPendingTransfer moves it on to `to` or voidPendingTransfer returns it to `from`. Used when an
 * outside party (a game provider) must act in between, outside any database transaction.
 */
export async function beginPendingTransfer(trx: LedgerTrx, request: PendingTransferRequest): Promise<TransferResult> {
  checkBase(request);
  const { agencyId, key, kind, amount, refs = {}, provider } = request;
  checkAmount(amount);
  if (amount < 0n) throw invalid('A pending transfer moves a positive amount');
  const from = await resolveAccount(trx, agencyId, request.from);
  const via = await resolveAccount(trx, agencyId, request.via);
  const to = await resolveAccount(trx, agencyId, request.to);
  if (new Set([from.id, via.id, to.id]).size !== 3) throw invalid('from, via and to are three different accounts');
  if (from.currency !== via.currency || via.currency !== to.currency) throw invalid('from, via and to hold the same currency');
  if (provider && (!provider.ref || provider.ref.length > 100)) throw invalid('A provider ref is 1 to 100 characters');

  const hash = requestHash({
    kind,
    pending: [accountLabel(request.from), accountLabel(request.via), accountLabel(request.to), amount],
    provider: provider ? [provider.name, provider.direction] : null,
    refs: sortedRefs(refs),
  });
  const claimed = await claimKey(trx, {
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
  });
  if (!claimed.replayed) {
    await move(
      trx,
      agencyId,
      claimed.transfer.id,
      [
        { account: from, amount: -amount },
        { account: via, amount },
      ],
      [to],
    );
  }
  return claimed;
}

async function lockTransfer(trx: LedgerTrx, agencyId: string, transferId: string): Promise<TransferRow> {
  const row = await trx
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', transferId)
    .where('agency_id', '=', agencyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such transfer');
  return row;
}

async function settle(
  trx: LedgerTrx,
  agencyId: string,
  transferId: string,
  outcome: 'POSTED' | 'VOIDED',
  failureCode: string | null,
): Promise<LedgerTransfer> {
  const row = await lockTransfer(trx, agencyId, transferId);
  if (row.status === outcome) return toTransfer(row);
  if (row.status !== 'PENDING') throw new Error(`ledger transfer ${transferId} is ${row.status}; it cannot become ${outcome}`);
  const { pending } = toTransfer(row);
  if (!pending) throw new Error(`ledger transfer ${transferId} has no pending amount`);
  const accounts = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'currency'])
    .where('id', 'in', [pending.via, pending.from, pending.to])
    .execute();
  const byId = new Map(accounts.map((a) => [a.id, { id: a.id, kind: a.kind, currency: a.currency } as ResolvedAccount]));
  const [destination, bystander] = outcome === 'POSTED' ? [pending.to, pending.from] : [pending.from, pending.to];
  await move(
    trx,
    agencyId,
    transferId,
    [
      { account: byId.get(pending.via)!, amount: -pending.amount },
      { account: byId.get(destination)!, amount: pending.amount },
    ],
    [byId.get(bystander)!],
  );
  const updated = await trx
    .updateTable('ledger_transfers')
    .set({ status: outcome, failure_code: failureCode, settled_at: sql<Date>`now()` })
    .where('id', '=', transferId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTransfer(updated);
}

/** Completes a pending transfer: the held amount reaches `to`. Posting it again changes nothing. */
export function postPendingTransfer(trx: LedgerTrx, agencyId: string, transferId: string): Promise<LedgerTransfer> {
  return settle(trx, agencyId, transferId, 'POSTED', null);
}

/** Cancels a pending transfer: the held amount returns to `from`, with the reason in failureCode. */
export function voidPendingTransfer(trx: LedgerTrx, agencyId: string, transferId: string, failureCode: string): Promise<LedgerTransfer> {
  return settle(trx, agencyId, transferId, 'VOIDED', failureCode);
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
