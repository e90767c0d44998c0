import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { formatAmount } from '../../../contract/money';
import type { HistoryEntry } from '../../../contract/withdrawalReview';
import type { Approver } from '../operators';
import type { Trx, WithdrawalRow } from './repository';

/** The four-eyes review's tables (the agency's four-eyes amount, the approvals) and its reads of a player's history. */

export async function reviewSettingsOf(db: Database | Trx, agencyId: string) {
  return db.selectFrom('agency_withdrawal_review_settings').select('four_eyes_satang').where('agency_id', '=', agencyId).executeTakeFirst();
}

/** Writes the agency's four-eyes amount, null for off, over the one it had. */
export async function saveFourEyesAmount(trx: Trx, agencyId: string, satang: bigint | null): Promise<void> {
  await trx
    .insertInto('agency_withdrawal_review_settings')
    .values({ agency_id: agencyId, four_eyes_satang: satang })
    .onConflict((oc) => oc.column('agency_id').doUpdateSet({ four_eyes_satang: satang, updated_at: sql<Date>`now()` }))
    .execute();
}

/** The operators who approved the withdrawal so far. */
export const approversOf = (trx: Trx, withdrawalId: string): Promise<Approver[]> =>
  trx
    .selectFrom('withdrawal_approvals')
    .innerJoin('operators', 'operators.id', 'withdrawal_approvals.operator_id')
    .select(['operators.id', 'operators.username'])
    .where('withdrawal_approvals.withdrawal_id', '=', withdrawalId)
    .execute();

export async function insertApproval(trx: Trx, withdrawalId: string, operatorId: string): Promise<void> {
  await trx.insertInto('withdrawal_approvals').values({ withdrawal_id: withdrawalId, operator_id: operatorId }).execute();
}

/** The approvals of these withdrawals with their operators, oldest first; none asked, none read. */
export async function approvalsOf(db: Database, withdrawalIds: string[]) {
  return withdrawalIds.length === 0
    ? []
    : await db
        .selectFrom('withdrawal_approvals')
        .innerJoin('operators', 'operators.id', 'withdrawal_approvals.operator_id')
        .select(['withdrawal_approvals.withdrawal_id', 'withdrawal_approvals.created_at', 'operators.id', 'operators.username'])
        .where('withdrawal_approvals.withdrawal_id', 'in', withdrawalIds)
        .orderBy('withdrawal_approvals.created_at')
        .execute();
}

/** The agency's withdrawal of this code with its player's username and registration time. */
export async function reviewedWithdrawal(db: Database, agencyId: string, code: string) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('players', 'players.id', 'withdrawals.player_id')
    .selectAll('withdrawals')
    .select(['players.username', 'players.created_at as registered_at'])
    .where('withdrawals.agency_id', '=', agencyId)
    .where('withdrawals.code', '=', code)
    .executeTakeFirst();
}

/** How many other withdrawals the player asked for up to this one. */
export async function earlierWithdrawalCount(db: Database, agencyId: string, withdrawal: WithdrawalRow): Promise<number> {
  const earlier = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('agency_id', '=', agencyId)
    .where('player_id', '=', withdrawal.player_id)
    .where('id', '<>', withdrawal.id)
    .where('created_at', '<=', withdrawal.created_at)
    .executeTakeFirstOrThrow();
  return Number(earlier.count);
}

const RECENT = 5;
/** Credit the player took out and did not get back: withdrawals neither rejected nor failed. */
const KEPT_WITHDRAWAL = ['OPEN', 'SUCCESS'] as const;
/** Deposits whose kip arrived. */
const PAID_DEPOSIT = ['PAID', 'SUCCESS'] as const;

const entry = (row: { code: string; created_at: Date; status: string }, satang: string): HistoryEntry => ({
  code: row.code,
  date: row.created_at.toISOString(),
  amount: formatAmount(BigInt(satang), 'THB'),
  status: row.status,
});

/** The player's last deposits and withdrawals, and the THB deposited and withdrawn over the last 7 days. */
export async function recentHistory(db: Database, agencyId: string, playerId: string) {
  const weekAgo = sql<Date>`now() - interval '7 days'`;
  const deposits = db.selectFrom('deposit_orders').where('agency_id', '=', agencyId).where('player_id', '=', playerId);
  const withdrawals = db.selectFrom('withdrawals').where('agency_id', '=', agencyId).where('player_id', '=', playerId);
  const [recentDeposits, recentWithdrawals, deposited, withdrawn] = await Promise.all([
    deposits.select(['code', 'created_at', 'credit_satang', 'status']).orderBy('created_at', 'desc').limit(RECENT).execute(),
    withdrawals.select(['code', 'created_at', 'amount_satang', 'status']).orderBy('created_at', 'desc').limit(RECENT).execute(),
    deposits
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('credit_satang'), sql<string>`0`).as('total'))
      .where('status', 'in', PAID_DEPOSIT)
      .where('created_at', '>=', weekAgo)
      .executeTakeFirstOrThrow(),
    withdrawals
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_satang'), sql<string>`0`).as('total'))
      .where('status', 'in', KEPT_WITHDRAWAL)
      .where('created_at', '>=', weekAgo)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    recentDeposits: recentDeposits.map((row) => entry(row, row.credit_satang)),
    recentWithdrawals: recentWithdrawals.map((row) => entry(row, row.amount_satang)),
    depositedSatang: BigInt(deposited.total),
    withdrawnSatang: BigInt(withdrawn.total),
  };
}
