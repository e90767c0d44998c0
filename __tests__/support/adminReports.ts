import { vientianeDay, type Dashboard, type DashboardDay } from '../../contract/adminReports';

const quietDay = (day: string): DashboardDay => ({
  day,
  deposits: 0,
  depositsKip: '0',
  depositsCreditedThb: '0.00',
  withdrawals: 0,
  withdrawalsThb: '0.00',
  withdrawalsKip: '0',
  bonusesThb: '0.00',
  netCashKip: '0',
});

/** A dashboard of today in Vientiane: 2 deposits, 1 withdrawal, a bonus, 3 withdrawals to review. */
export function dashboardFixture(): Dashboard {
  const today: DashboardDay = {
    day: vientianeDay(),
    deposits: 2,
    depositsKip: '17250000',
    depositsCreditedThb: '25000.00',
    withdrawals: 1,
    withdrawalsThb: '150.00',
    withdrawalsKip: '90000',
    bonusesThb: '100.00',
    netCashKip: '17160000',
  };
  const days = Array.from({ length: 6 }, (_, index) => quietDay(`2026-01-0${index + 1}`));
  return {
    today,
    days: [...days, today],
    waiting: { withdrawalsToReview: 3, unmatchedPayments: 1, depositsStuckPaid: 0, providerTransfersPending: 2 },
    bonusPoolThb: '9900.00',
  };
}
