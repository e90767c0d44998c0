import type { Database } from '../../db/database';
import { vientianeDay, type Dashboard, type DashboardDay } from '../../../contract/adminReports';
import { formatAmount } from '../../../contract/money';
import { vientianeDayStart } from '../../../contract/vientiane';
import { balanceOf } from '../ledger';
import { movements, waiting, type Movement } from './dashboardRepository';

const DAY_MS = 24 * 60 * 60 * 1000;
const DASHBOARD_DAYS = 7;

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
