import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import styled, { useTheme } from 'styled-components';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardWaiting } from '../../../contract/adminReports';
import { displayMoney } from '../../../contract/format';
import { Notice } from '../../../web/ui/Notice';
import { Spinner } from '../../../web/ui/Spinner';
import { useGetDashboardQuery } from '../../api/reports';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 12px;
  margin-bottom: 24px;
`;

const FigureCard = styled.section`
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 4px 0;
    overflow-wrap: anywhere;
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const WaitingList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 12px;
  padding: 0;
  margin: 0 0 24px;
  list-style: none;
  li {
    padding: 12px 16px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const ChartBox = styled.div`
  width: 100%;
  height: 320px;
`;

/** Where an operator deals with each kind of waiting item, when the console has a page for it. */
const WAITING_PAGES: Partial<Record<keyof DashboardWaiting, string>> = { withdrawalsToReview: '~/admin/withdrawals' };
const WAITING_ORDER: (keyof DashboardWaiting)[] = [
  'withdrawalsToReview',
  'unmatchedPayments',
  'depositsStuckPaid',
  'providerTransfersPending',
];

/** Kip as a number for the chart's scale only; the figures on the page stay exact strings. */
const kipValue = (kip: string) => Number(kip);

/** Where operators land: today's money in and out from the ledger, what waits for them, the last 7 days as a chart. */
export function Dashboard() {
  const { t } = useTranslation();
  const { colors } = useTheme();
  const dashboard = useGetDashboardQuery(undefined, { pollingInterval: 60_000 });
  const chartData = useMemo(
    () =>
      dashboard.data?.days.map((day) => ({
        day: day.day.slice(5),
        deposits: kipValue(day.depositsKip),
        withdrawals: kipValue(day.withdrawalsKip),
      })) ?? [],
    [dashboard.data],
  );
  if (dashboard.isLoading) return <Spinner />;
  if (!dashboard.data) return <Notice $tone="danger">{t('reports.loadFailed')}</Notice>;
  const { today, waiting, bonusPoolThb } = dashboard.data;
  return (
    <section>
      <h1>{t('reports.dashboard.heading', { day: today.day })}</h1>
      <Cards>
        <FigureCard aria-label={t('reports.dashboard.deposits')}>
          <h2>{t('reports.dashboard.deposits')}</h2>
          <p>
            <strong>{displayMoney(today.depositsKip, 'LAK')}</strong>
          </p>
          <p>{t('reports.dashboard.count', { count: today.deposits })}</p>
          <p>{t('reports.dashboard.credited', { amount: displayMoney(today.depositsCreditedThb, 'THB') })}</p>
        </FigureCard>
        <FigureCard aria-label={t('reports.dashboard.withdrawals')}>
          <h2>{t('reports.dashboard.withdrawals')}</h2>
          <p>
            <strong>{displayMoney(today.withdrawalsKip, 'LAK')}</strong>
          </p>
          <p>{t('reports.dashboard.count', { count: today.withdrawals })}</p>
          <p>{t('reports.dashboard.paidThb', { amount: displayMoney(today.withdrawalsThb, 'THB') })}</p>
        </FigureCard>
        <FigureCard aria-label={t('reports.dashboard.bonuses')}>
          <h2>{t('reports.dashboard.bonuses')}</h2>
          <p>
            <strong>{displayMoney(today.bonusesThb, 'THB')}</strong>
          </p>
          <p>{t('reports.dashboard.bonusPool', { amount: displayMoney(bonusPoolThb, 'THB') })}</p>
        </FigureCard>
        <FigureCard aria-label={t('reports.dashboard.netCash')}>
          <h2>{t('reports.dashboard.netCash')}</h2>
          <p>
            <strong>{displayMoney(today.netCashKip, 'LAK')}</strong>
          </p>
        </FigureCard>
      </Cards>
      <h2>{t('reports.dashboard.waiting')}</h2>
      <WaitingList>
        {WAITING_ORDER.map((key) => {
          const text = t(`reports.dashboard.waitingItems.${key}`, { count: waiting[key] });
          const page = WAITING_PAGES[key];
          return <li key={key}>{page && waiting[key] > 0 ? <Link href={page}>{text}</Link> : text}</li>;
        })}
      </WaitingList>
      <h2>{t('reports.dashboard.chart')}</h2>
      <ChartBox>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={chartData}>
            <CartesianGrid strokeDasharray="3 3" stroke={colors.border} />
            <XAxis dataKey="day" stroke={colors.textMuted} />
            <YAxis stroke={colors.textMuted} width={90} tickFormatter={(value: number) => displayMoney(BigInt(Math.round(value)), 'LAK')} />
            <Tooltip formatter={(value) => displayMoney(BigInt(Math.round(Number(value))), 'LAK')} />
            <Legend />
            <Bar dataKey="deposits" name={t('reports.dashboard.deposits')} fill={colors.success} />
            <Bar dataKey="withdrawals" name={t('reports.dashboard.withdrawals')} fill={colors.danger} />
          </BarChart>
        </ResponsiveContainer>
      </ChartBox>
    </section>
  );
}
