import type { Dashboard, Reconciliation } from '../../contract/adminReports';
import { adminApi } from './adminApi';

/** GET /dashboard, GET /reconciliation?day= (the CSV is a plain link: reconciliationCsvUrl). */
export const reportsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({
      query: () => '/dashboard',
      // A withdrawal decided or a rate set changes what the dashboard shows.
      providesTags: ['Report', 'Withdrawal'],
    }),
    getReconciliation: build.query<Reconciliation, string>({
      query: (day) => ({ url: '/reconciliation', params: { day } }),
      providesTags: ['Report', 'Withdrawal'],
    }),
  }),
});

/** The day's report as CSV, downloaded by the browser with the operator's cookie. */
export const reconciliationCsvUrl = (day: string) => `/api/v2/admin/reconciliation.csv?day=${encodeURIComponent(day)}`;

export const { useGetDashboardQuery, useGetReconciliationQuery } = reportsApi;
