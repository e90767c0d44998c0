import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB, WithdrawalTables } from '../../db/schema';
import { ErrorCode } from '../../../contract/errors';
import { formatAmount, normalizeRate } from '../../../contract/money';
import type { Provider } from '../../../contract/providers';
import type { Withdrawal, WithdrawalPage, WithdrawalStatus } from '../../../contract/withdrawals';
import { AppError } from '../errors';
import type { PlayerRef } from '../players';
import { WITHDRAWAL_TRANSFER_KIND } from './rules';

/** The withdrawals table: its queries and the row as the API shows it. */

export type WithdrawalRow = Selectable<WithdrawalTables['withdrawals']>;
export type Trx = Transaction<DB>;

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    code: row.code,
    date: row.created_at.toISOString(),
    provider: row.provider as Provider,
    status: row.status,
    amountWithdrawn: formatAmount(BigInt(row.amount_satang), 'THB'),
    rate: normalizeRate(row.rate) ?? row.rate,
    creditReceived: formatAmount(BigInt(row.amount_kip), 'LAK'),
    amountReceived: row.received_kip === null ? null : formatAmount(BigInt(row.received_kip), 'LAK'),
    creditReturned: formatAmount(BigInt(row.credit_returned_satang), 'THB'),
    promotionRetained: row.promotion_retained_satang === null ? null : formatAmount(BigInt(row.promotion_retained_satang), 'THB'),
    bankName: row.bank,
    accountName: row.account_name,
    accountNumber: row.account_number,
    reason: row.reason,
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** Start of today in Laos (Asia/Vientiane), where the daily limit counts. */
const startOfTodayInLaos = sql<Date>`(date_trunc('day', now() AT TIME ZONE 'Asia/Vientiane') AT TIME ZONE 'Asia/Vientiane')`;

/**
 * Withdrawals the player requested today that count towards the daily limit (a failed payout does
 * not): those recorded, and those whose credit is being taken (a WITHDRAWAL transfer begun today
 * from the player's credit, not voided, its withdrawal not recorded yet), found through the
 * player's own credit entries.
 */
export async function countToday(db: Database | Trx, player: PlayerRef): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('withdrawals')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .where('agency_id', '=', player.agencyId)
        .where('player_id', '=', player.playerId)
        .where('status', '<>', 'FAILED')
        .where('created_at', '>=', startOfTodayInLaos)
        .as('recorded'),
      eb
        .selectFrom('ledger_accounts as account')
        .innerJoin('ledger_entries as entry', 'entry.account_id', 'account.id')
        .innerJoin('ledger_transfers as transfer', 'transfer.id', 'entry.transfer_id')
        .select((inner) => inner.fn.count<string>('transfer.id').distinct().as('count'))
        .where('account.agency_id', '=', player.agencyId)
        .where('account.kind', '=', 'player_credit')
        .where('account.player_id', '=', player.playerId)
        .where('entry.created_at', '>=', startOfTodayInLaos)
        .where('transfer.kind', '=', WITHDRAWAL_TRANSFER_KIND)
        .where('transfer.status', '<>', 'VOIDED')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('withdrawals')
                .select('withdrawals.id')
                .whereRef('withdrawals.agency_id', '=', 'transfer.agency_id')
                .where('withdrawals.code', '=', sql<string>`transfer.refs->>'code'`),
            ),
          ),
        )
        .as('taking'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.recorded) + Number(row.taking);
}

export async function withdrawalByKey(db: Database, player: PlayerRef, idempotencyKey: string): Promise<WithdrawalRow | undefined> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function withdrawalByCode(db: Database, agencyId: string, code: string): Promise<WithdrawalRow> {
  return db.selectFrom('withdrawals').selectAll().where('agency_id', '=', agencyId).where('code', '=', code).executeTakeFirstOrThrow();
}

export async function withdrawalById(db: Database, id: string): Promise<WithdrawalRow> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function lockWithdrawal(trx: Trx, agencyId: string, code: string): Promise<WithdrawalRow> {
  const row = await trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('agency_id', '=', agencyId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.NOT_FOUND, `No withdrawal ${code}`);
  return row;
}

/** The player's withdrawals, newest first, one page at a time. */
export async function withdrawalsOf(db: Database, player: PlayerRef, page: number, pageSize: number): Promise<WithdrawalPage> {
  const scoped = db.selectFrom('withdrawals').where('agency_id', '=', player.agencyId).where('player_id', '=', player.playerId);
  const [rows, total] = await Promise.all([
    scoped
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('code', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    // Every withdrawal has its player: the count needs no join and reads the status index alone.
    scoped.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toWithdrawal), page, pageSize, total: Number(total.count) };
}

export async function openWithdrawalsOf(db: Database, player: PlayerRef): Promise<Withdrawal[]> {
  const rows = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('status', '=', 'OPEN')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toWithdrawal);
}

/** A page of the agency's withdrawals with their players' usernames, optionally of one status, newest first, and how many there are. */
export async function agencyWithdrawalRows(
  db: Database,
  agencyId: string,
  status: WithdrawalStatus | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: Array<WithdrawalRow & { username: string }>; total: number }> {
  const scoped = db
    .selectFrom('withdrawals')
    .where('withdrawals.agency_id', '=', agencyId)
    .$if(status !== undefined, (query) => query.where('withdrawals.status', '=', status as WithdrawalStatus));
  const [rows, total] = await Promise.all([
    scoped
      .innerJoin('players', 'players.id', 'withdrawals.player_id')
      .selectAll('withdrawals')
      .select('players.username')
      .orderBy('withdrawals.created_at', 'desc')
      .orderBy('withdrawals.code', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    // Every withdrawal has its player: the count needs no join and reads the status index alone.
    scoped.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

const olderThan = (ms: number) => sql<Date>`now() - ${ms} * interval '1 millisecond'`;

/** Posted WITHDRAWAL transfers older than olderThanMs whose withdrawal was never recorded. */
export async function orphanWithdrawalTransfers(db: Database, kind: string, olderThanMs: number, limit: number) {
  return db
    .selectFrom('ledger_transfers')
    .select('idempotency_key')
    .select('agency_id')
    .where('kind', '=', kind)
    .where('status', '=', 'POSTED')
    .where('created_at', '<', olderThan(olderThanMs))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('withdrawals')
            .select('withdrawals.id')
            .whereRef('withdrawals.agency_id', '=', 'ledger_transfers.agency_id')
            .where('withdrawals.code', '=', sql<string>`ledger_transfers.refs->>'code'`),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** OPEN withdrawals whose payout was sent before olderThanMs and never answered. */
export async function payoutsAwaiting(db: Database, olderThanMs: number, limit: number): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('payout_ref', 'is not', null)
    .where('payout_started_at', '<', olderThan(olderThanMs))
    .orderBy('payout_started_at')
    .limit(limit)
    .execute();
}

/** REJECTED or FAILED withdrawals, closed before olderThanMs, whose credit is not back yet. */
export async function creditsUnreturned(db: Database, olderThanMs: number, limit: number): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('status', 'in', ['REJECTED', 'FAILED'])
    .where('credit_returned_satang', '=', '0')
    .where('completed_at', '<', olderThan(olderThanMs))
    .limit(limit)
    .execute();
}

/**
 * The credit the player deposited at the provider since their previous withdrawal there (one not
 * rejected or failed) and when the first of those deposits was made; nulls when none came since.
 */
export async function creditDepositedSinceLastWithdrawal(
  db: Database,
  player: PlayerRef,
  provider: Provider,
): Promise<{ credit: string | null; since: Date | string | null }> {
  const previous = db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('provider', '=', provider)
    .where('status', 'in', ['OPEN', 'SUCCESS']);
  return db
    .selectFrom('deposit_orders')
    .select((eb) => [eb.fn.sum<string>('credit_satang').as('credit'), eb.fn.min('created_at').as('since')])
    .where('agency_id', '=', player.agencyId)
    .where('player_id', '=', player.playerId)
    .where('provider', '=', provider)
    .where('status', '=', 'SUCCESS')
    .where((eb) => eb.or([eb(previous, 'is', null), eb('created_at', '>', previous)]))
    .executeTakeFirstOrThrow();
}

/** Whether the agency already has a withdrawal of this code. */
export async function withdrawalCodeTaken(trx: Trx, agencyId: string, code: string): Promise<boolean> {
  return (
    (await trx.selectFrom('withdrawals').select('id').where('agency_id', '=', agencyId).where('code', '=', code).executeTakeFirst()) !==
    undefined
  );
}

/** Writes a new OPEN withdrawal once: nothing when its code is taken already. */
export async function insertWithdrawal(
  trx: Trx,
  withdrawal: Insertable<WithdrawalTables['withdrawals']>,
): Promise<WithdrawalRow | undefined> {
  return trx
    .insertInto('withdrawals')
    .values(withdrawal)
    .onConflict((oc) => oc.constraint('withdrawals_code_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Records a payout's intent on the withdrawal: its ref, when it started and who decided it. */
export async function recordPayoutClaim(trx: Trx, id: string, payoutRef: string, decidedBy: string): Promise<WithdrawalRow> {
  return trx
    .updateTable('withdrawals')
    .set({ payout_ref: payoutRef, payout_started_at: sql<Date>`now()`, decided_by: decidedBy })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records the credit returned to the provider unless it is already: undefined then. */
export async function markCreditReturned(db: Database, id: string, amountSatang: string): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({ credit_returned_satang: amountSatang })
    .where('id', '=', id)
    .where('credit_returned_satang', '=', '0')
    .returningAll()
    .executeTakeFirst();
}
