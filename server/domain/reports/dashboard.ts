import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { vientianeDay, type Dashboard, type DashboardDay, type DashboardWaiting } from '../../../contract/adminReports';
import { formatAmount } from '../../../contract/money';
import { vientianeDayStart } from '../../../contract/vientiane';
import { balanceOf } from '../ledger';

const DAY_MS = 24 * 60 * 60 * 1000;
const DASHBOARD_DAYS = 7;

/** The day's ledger movement of one transfer kind on one account kind: the entries' sum and how many transfers. */
interface Movement {
  day: string;
  transferKind: string;
  accountKind: string;
  currency: string;
  amount: bigint;
  transfers: number;
}

/** Every entry of [from, to) summed by Vientiane day, transfer kind and account kind: the one source of the dashboard's figures. */
async function movements(db: Database, agencyId: string, from: Date, to: Date): Promise<Movement[]> {
  const { rows } = await sql<{
    day: string;
    transfer_kind: string;
    account_kind: string;
    currency: string;
    amount: string;
    transfers: string;
  }>`
    SELECT to_char(e.created_at AT TIME ZONE 'Asia/Vientiane', 'YYYY-MM-DD') AS day, t.kind AS transfer_kind,
           a.kind AS account_kind, a.currency, sum(e.amount) AS amount, count(DISTINCT t.id) AS transfers
    FROM ledger_entries e
    JOIN ledger_transfers t ON t.id = e.transfer_id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.agency_id = ${agencyId} AND e.created_at >= ${from} AND e.created_at < ${to}
    GROUP BY 1, 2, 3, 4`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    transferKind: row.transfer_kind,
    accountKind: row.account_kind,
    currency: row.currency,
    amount: BigInt(row.amount),
    transfers: Number(row.transfers),
  }));
}

function dayFigures(day: string, moves: Movement[]): DashboardDay {
  const of = (transferKind: string | null, accountKind: string, currency: string) =>
    moves.filter(
      (move) =>
        move.day === day &&
        (transferKind === null || move.transferKind === transferKind) &&
        move.accountKind === accountKind &&
        move.currency === currency,
    );
  const sum = (rows: Movement[]) => rows.reduce((total, row) => total + row.amount, 0n);
  const count = (rows: Movement[]) => rows.reduce((total, row) => total + row.transfers, 0);
  const deposits = of('DEPOSIT_PAYMENT', 'agency_cash', 'LAK');
  const paid = of('WITHDRAWAL_PAID', 'payout_clearing', 'THB');
  return {
    day,
    deposits: count(deposits),
    depositsKip: formatAmount(sum(deposits), 'LAK'),
    depositsCreditedThb: formatAmount(sum(of('DEPOSIT_CREDIT', 'player_credit', 'THB')), 'THB'),
    withdrawals: count(paid),
    withdrawalsThb: formatAmount(-sum(paid), 'THB'),
    withdrawalsKip: formatAmount(sum(of('WITHDRAWAL_PAYOUT_KIP', 'payouts_paid', 'LAK')), 'LAK'),
    bonusesThb: formatAmount(-sum(of('PROMOTION_BONUS', 'bonus_pool', 'THB')), 'THB'),
    netCashKip: formatAmount(sum(of(null, 'agency_cash', 'LAK')), 'LAK'),
  };
}

/** What waits for a person: withdrawals to decide, payments for no deposit, deposits paid but not credited, provider transfers unsettled. */
async function waiting(db: Database, agencyId: string): Promise<DashboardWaiting> {
  const { rows } = await sql<{ review: string; unmatched: string; stuck: string; pending: string }>`
    SELECT
      (SELECT count(*) FROM withdrawals WHERE agency_id = ${agencyId} AND status = 'OPEN' AND payout_ref IS NULL) AS review,
      (SELECT count(*) FROM deposit_unmatched_payments WHERE agency_id = ${agencyId} AND status = 'UNRESOLVED') AS unmatched,
      (SELECT count(*) FROM deposit_orders WHERE agency_id = ${agencyId} AND status = 'PAID') AS stuck,
      (SELECT count(*) FROM ledger_transfers WHERE agency_id = ${agencyId} AND status = 'PENDING' AND provider IS NOT NULL) AS pending`.execute(
    db,
  );
  const row = rows[0];
  return {
    withdrawalsToReview: Number(row.review),
    unmatchedPayments: Number(row.unmatched),
    depositsStuckPaid: Number(row.stuck),
    providerTransfersPending: Number(row.pending),
  };
}

/** Today and the 6 days before it in Vientiane, from the ledger; what waits; the bonus pool. */
export async function dashboardOf(db: Database, agencyId: string, now: Date = new Date()): Promise<Dashboard> {
  const today = vientianeDay(now);
  const to = vientianeDayStart(today, 1);
  const from = vientianeDayStart(today, 1 - DASHBOARD_DAYS);
  const moves = await movements(db, agencyId, from, to);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
    dayFigures(vientianeDay(new Date(from.getTime() + index * DAY_MS)), moves),
  );
  return {
    today: days[days.length - 1],
    days,
    waiting: await waiting(db, agencyId),
    bonusPoolThb: formatAmount(await balanceOf(db, agencyId, { kind: 'bonus_pool', currency: 'THB' }), 'THB'),
  };
}
