import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { FAILED_DEPOSITS_PER_DAY, UNSUCCESSFUL_DEPOSIT_STATUSES, type RiskFlagKind } from '../../../contract/riskFlags';

/** The evidence behind the risk flags, read from the other capabilities' tables, and the operators' reviews of the flags. */

/** The agency's refused tries to add a bank account another player holds, oldest first, with the player who tried and the holder. */
export async function bankAccountRefusals(db: Database, agencyId: string) {
  return db
    .selectFrom('bank_account_refusals as refusal')
    .innerJoin('players as tried', 'tried.id', 'refusal.player_id')
    .innerJoin('bank_accounts as account', (join) =>
      join
        .onRef('account.agency_id', '=', 'refusal.agency_id')
        .onRef('account.bank', '=', 'refusal.bank')
        .onRef('account.account_number', '=', 'refusal.account_number'),
    )
    .innerJoin('players as holder', 'holder.id', 'account.player_id')
    .select([
      'refusal.id',
      'refusal.bank',
      'refusal.account_number',
      'refusal.created_at',
      'tried.id as tried_id',
      'tried.username as tried_username',
      'holder.id as holder_id',
      'holder.username as holder_username',
    ])
    .where('refusal.agency_id', '=', agencyId)
    .orderBy('refusal.created_at')
    .execute();
}

/**
 * The unsuccessful deposit orders of each player's Vientiane day with FAILED_DEPOSITS_PER_DAY or
 * more of them, oldest first: the days at the threshold from deposit_failure_days (counted by
 * triggers, migration 0034), then each day's unsuccessful orders through their partial index, by
 * player and time.
 */
export async function failedDepositsOnFailedDays(db: Database, agencyId: string) {
  return db
    .selectFrom('deposit_failure_days as failures')
    .innerJoin('players', 'players.id', 'failures.player_id')
    .crossJoinLateral((eb) =>
      eb
        .selectFrom('deposit_orders')
        .select(['deposit_orders.code', 'deposit_orders.status', 'deposit_orders.amount_kip', 'deposit_orders.created_at'])
        .whereRef('deposit_orders.agency_id', '=', 'failures.agency_id')
        .whereRef('deposit_orders.player_id', '=', 'failures.player_id')
        .where(sql<boolean>`deposit_orders.created_at >= failures.day::timestamp at time zone 'Asia/Vientiane'`)
        .where(sql<boolean>`deposit_orders.created_at < (failures.day + 1)::timestamp at time zone 'Asia/Vientiane'`)
        .where('deposit_orders.status', 'in', UNSUCCESSFUL_DEPOSIT_STATUSES)
        // OFFSET 0 keeps this a scan of its own for each day, its bounds in the index condition. Merged
        // into the join, the planner took most players' few failures for everyone's and read all of
        // a player's failed orders for each of their days, to filter them by day: a player who
        // failed daily for a year made the page take seconds.
        .offset(0)
        .as('failed'),
    )
    .select([
      'failures.player_id',
      'players.username',
      'failed.code',
      'failed.status',
      'failed.amount_kip',
      'failed.created_at',
      sql<string>`failures.day::text`.as('day'),
    ])
    .where('failures.agency_id', '=', agencyId)
    .where('failures.orders', '>=', FAILED_DEPOSITS_PER_DAY)
    .orderBy('failed.created_at')
    .execute();
}

/** The agency's withdrawals requested with less turnover than credit deposited before them, oldest first. */
export async function passThroughWithdrawals(db: Database, agencyId: string) {
  return (
    db
      .selectFrom('withdrawals')
      .select((eb) => [
        'withdrawals.code',
        'withdrawals.provider',
        'withdrawals.amount_satang',
        'withdrawals.deposited_before_satang',
        'withdrawals.turnover_before_satang',
        'withdrawals.created_at',
        'withdrawals.player_id',
        // Each player by key: the planner cannot tell how many withdrawals meet the predicate below
        // (it guesses a third of them), and with a join it read the whole players table to match them.
        eb.selectFrom('players').select('players.username').whereRef('players.id', '=', 'withdrawals.player_id').as('username'),
      ])
      .where('withdrawals.agency_id', '=', agencyId)
      // The partial index's predicate, written as it is there so the planner uses it.
      .where(sql<boolean>`withdrawals.turnover_before_satang < withdrawals.deposited_before_satang`)
      .orderBy('withdrawals.created_at')
      .execute()
  );
}

/** Each self-excluded player's other accounts registered on a device they used after the exclusion started, by first registration. */
export async function selfExcludedReturns(db: Database, agencyId: string) {
  return db
    .selectFrom('player_breaks as exclusion')
    .innerJoin('players as excluded', 'excluded.id', 'exclusion.player_id')
    .innerJoin('player_fingerprints as used', (join) =>
      join.onRef('used.agency_id', '=', 'exclusion.agency_id').onRef('used.player_id', '=', 'exclusion.player_id'),
    )
    .innerJoin('player_fingerprints as registered', (join) =>
      join
        .onRef('registered.agency_id', '=', 'used.agency_id')
        .onRef('registered.visitor_id', '=', 'used.visitor_id')
        .onRef('registered.player_id', '<>', 'exclusion.player_id')
        .on('registered.source', '=', 'register')
        .onRef('registered.created_at', '>', 'exclusion.starts_at'),
    )
    .innerJoin('players as account', 'account.id', 'registered.player_id')
    .select(({ fn }) => [
      'excluded.id as excluded_id',
      'excluded.username as excluded_username',
      'account.id as account_id',
      'account.username as account_username',
      'registered.visitor_id',
      fn.min('exclusion.starts_at').as('excluded_since'),
      fn.min('registered.created_at').as('registered_at'),
    ])
    .where('exclusion.agency_id', '=', agencyId)
    .where('exclusion.kind', '=', 'SELF_EXCLUSION')
    .groupBy(['excluded.id', 'excluded.username', 'account.id', 'account.username', 'registered.visitor_id'])
    .orderBy('registered_at')
    .execute();
}

/** A review of a flag, with the username of the operator who made it. */
export interface ReviewRow {
  kind: string;
  subject: string;
  evidence_key: string;
  note: string;
  created_at: Date;
  username: string;
}

/** The latest review of each of the agency's flags of these kinds. */
export async function latestReviews(db: Database, agencyId: string, kinds: RiskFlagKind[]): Promise<ReviewRow[]> {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('risk_flag_reviews')
    .innerJoin('operators', 'operators.id', 'risk_flag_reviews.operator_id')
    .select([
      'risk_flag_reviews.kind',
      'risk_flag_reviews.subject',
      'risk_flag_reviews.evidence_key',
      'risk_flag_reviews.note',
      'risk_flag_reviews.created_at',
      'operators.username',
    ])
    .distinctOn(['risk_flag_reviews.kind', 'risk_flag_reviews.subject'])
    .where('risk_flag_reviews.agency_id', '=', agencyId)
    .where('risk_flag_reviews.kind', 'in', kinds)
    .orderBy('risk_flag_reviews.kind')
    .orderBy('risk_flag_reviews.subject')
    .orderBy('risk_flag_reviews.created_at', 'desc')
    .execute();
}

/** Records a review of a flag on the evidence named by its key; returns when it was made. */
export async function insertReview(
  trx: Transaction<DB>,
  review: { agencyId: string; kind: RiskFlagKind; subject: string; evidenceKey: string; note: string; operatorId: string },
): Promise<Date> {
  const { created_at } = await trx
    .insertInto('risk_flag_reviews')
    .values({
      agency_id: review.agencyId,
      kind: review.kind,
      subject: review.subject,
      evidence_key: review.evidenceKey,
      note: review.note,
      operator_id: review.operatorId,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return created_at;
}
