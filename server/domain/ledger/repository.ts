import { sql, type Compilable, type ExpressionBuilder, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { prepared } from '../../db/database';
import type { DB, LedgerTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import type { Provider } from '../../../contract/providers';
import type { Currency } from '../../../contract/money';
import { AppError } from '../errors';
import { LEDGER_TRANSFER, settleTransfers, type TransferEvent } from './lifecycle';
import type { AccountIdentity, AccountKind, ResolvedAccount } from './accounts';
import type { WithSettlement } from './transfers';

/** The ledger's tables: accounts, transfers and their entries, and the statements that move the balances. */

/** The rows of one identity; the unique identity key treats a missing player or provider as a value. */
function isIdentity(eb: ExpressionBuilder<DB, 'ledger_accounts'>, identity: AccountIdentity) {
  return eb.and([
    eb('kind', '=', identity.kind),
    identity.playerId === null ? eb('player_id', 'is', null) : eb('player_id', '=', identity.playerId),
    identity.provider === null ? eb('provider', 'is', null) : eb('provider', '=', identity.provider),
    eb('currency', '=', identity.currency),
  ]);
}

const ACCOUNT_COLUMNS = ['id', 'kind', 'player_id', 'provider', 'currency'] as const;

function accountsOf(db: Kysely<DB>, agencyId: string, identities: AccountIdentity[]) {
  return db
    .selectFrom('ledger_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('agency_id', '=', agencyId)
    .where((eb) => eb.or(identities.map((identity) => isIdentity(eb, identity))));
}

type AccountRow = { id: string; kind: string; player_id: string | null; provider: string | null; currency: string };

const toResolvedAccount = (row: AccountRow): ResolvedAccount => ({
  id: row.id,
  kind: row.kind as AccountKind,
  playerId: row.player_id,
  provider: row.provider as Provider | null,
  currency: row.currency as Currency,
});

/** An account to create when it is missing, with whether its balance may go below zero. */
export type NewAccount = AccountIdentity & { mayGoNegative: boolean };

/**
 * The agency's accounts of these identities, creating those missing: one statement that reads the
 * existing ones and inserts only those it did not find. An account that exists is never inserted
 * again, so naming a busy account (agency cash, whose row a concurrent transfer holds) does not
 * wait for that transfer's commit the way a conflicting insert would. An account another
 * transaction created after that statement began is in neither half; it is read once more on its own.
 */
export async function readOrCreateAccounts(db: Kysely<DB>, agencyId: string, accounts: NewAccount[]): Promise<ResolvedAccount[]> {
  const existing = accountsOf(db, agencyId, accounts);
  const candidates = sql.join(
    accounts.map(
      ({ kind, playerId, provider, currency, mayGoNegative }) =>
        sql`(${kind}::text, ${playerId}::uuid, ${provider}::text, ${currency}::text, ${mayGoNegative}::boolean)`,
    ),
  );
  let { rows } = await sql<AccountRow>`${prepared}
    WITH existing AS (${existing}),
    created AS (
      INSERT INTO ledger_accounts (agency_id, kind, player_id, provider, currency, may_go_negative)
      SELECT ${agencyId}::uuid, candidate.* FROM (VALUES ${candidates}) AS candidate (kind, player_id, provider, currency, may_go_negative)
      WHERE NOT EXISTS (
        SELECT FROM existing
        WHERE existing.kind = candidate.kind AND existing.player_id IS NOT DISTINCT FROM candidate.player_id
          AND existing.provider IS NOT DISTINCT FROM candidate.provider AND existing.currency = candidate.currency
      )
      ON CONFLICT ON CONSTRAINT ledger_accounts_identity_key DO NOTHING
      RETURNING id, kind, player_id, provider, currency
    )
    SELECT * FROM existing UNION ALL SELECT * FROM created`.execute(db);
  if (rows.length < accounts.length) rows = await existing.execute();
  return rows.map(toResolvedAccount);
}

/** The account of this identity with its balance and version, if it exists. */
export function accountWithBalance(db: Kysely<DB>, agencyId: string, identity: AccountIdentity) {
  return accountsOf(db, agencyId, [identity]).select(['balance', 'version']).executeTakeFirst();
}

/** The account's balance and version under its row lock (FOR UPDATE). */
export function lockAccountRow(trx: Kysely<DB>, id: string) {
  return trx.selectFrom('ledger_accounts').select(['balance', 'version']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export type TransferRow = Selectable<LedgerTables['ledger_transfers']>;

export type NewTransfer = Insertable<LedgerTables['ledger_transfers']> & {
  agency_id: string;
  idempotency_key: string;
  request_hash: string;
};

/** One line of a transfer (by its key): an entry, or (amount 0) an account whose version is only bumped. */
export interface TransferLine {
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
 * Inserts the transfers of one agency and moves their lines (writeTransfers), each unless its key
 * was used before: a concurrent insert of the same key waits on the unique index, so exactly one of
 * them creates the transfer. Every unique index arbitrates: two inserts of one provider transfer at
 * once could otherwise meet first on its provider ref, and fail where the second should replay the
 * first. Returns the rows it inserted.
 */
export async function insertTransfers(
  db: Kysely<DB>,
  agencyId: string,
  values: NewTransfer[],
  lines: TransferLine[],
): Promise<TransferRow[]> {
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
  return writeTransfers(
    db,
    insert,
    lineRows(lines),
    lines.map(({ account }) => account),
  );
}

/**
 * Settles PENDING transfers of one agency in one statement (settleTransfers, the lifecycle's write):
 * each held amount leaves `via` for `to` (post) or back to `from` (void), the other account's version
 * is bumped, and `withSettlement`'s statement is written with them. Returns the rows it settled.
 */
export function writeSettlements(
  db: Kysely<DB>,
  agencyId: string,
  ids: string[],
  event: TransferEvent,
  failureCode: string | null,
  withSettlement?: WithSettlement,
): Promise<TransferRow[]> {
  const update = settleTransfers(db, agencyId, ids, event, failureCode);
  const outcome = LEDGER_TRANSFER.transitions[event].to;
  const [destination, bumpedOnly] =
    outcome === 'POSTED' ? [sql.ref('pending_to'), sql.ref('pending_from')] : [sql.ref('pending_from'), sql.ref('pending_to')];
  return writeTransfers(
    db,
    update,
    sql`SELECT idempotency_key, pending_via, -pending_amount, 0 FROM transfer
      UNION ALL SELECT idempotency_key, ${destination}, pending_amount, 1 FROM transfer
      UNION ALL SELECT idempotency_key, ${bumpedOnly}, 0::bigint, 2 FROM transfer`,
    // Only `via` gives, and it holds the amount since the transfer began.
    [],
    withSettlement?.(transfersWritten),
  );
}

const transfersOfKey = (db: Kysely<DB>, agencyId: string, key: string) =>
  db.selectFrom('ledger_transfers').selectAll().where('agency_id', '=', agencyId).where('idempotency_key', '=', key);

export function transferByKey(db: Kysely<DB>, agencyId: string, key: string): Promise<TransferRow | undefined> {
  return transfersOfKey(db, agencyId, key).executeTakeFirst();
}

/** The transfer a key was used for, which the caller knows is there (NoResultError if not). */
export function usedTransferOfKey(db: Kysely<DB>, agencyId: string, key: string): Promise<TransferRow> {
  return transfersOfKey(db, agencyId, key).executeTakeFirstOrThrow();
}

export function transferById(db: Kysely<DB>, agencyId: string, transferId: string): Promise<TransferRow | undefined> {
  return db.selectFrom('ledger_transfers').selectAll().where('id', '=', transferId).where('agency_id', '=', agencyId).executeTakeFirst();
}

/** The entries of a transfer in the order they were written. */
export function entryRowsOf(db: Kysely<DB>, transferId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['account_id', 'amount', 'currency'])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}

/** Provider transfers left PENDING since before olderThanMs, oldest first: the reconciler settles them by asking their provider. */
export async function pendingProviderTransfers(db: Kysely<DB>, olderThanMs: number, limit: number): Promise<TransferRow[]> {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('provider', 'is not', null)
    .where(sql<boolean>`created_at < now() - ${olderThanMs} * interval '1 millisecond'`)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
