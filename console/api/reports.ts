import type { BooksReconciliation, Dashboard, Reconciliation } from '../../contract/adminReports';
import { adminApi } from './adminApi';

/**
 * GET /dashboard, GET /reconciliation?day= (the CSV is a plain link: reconciliationCsvUrl), GET
 * /books-reconciliation and POST /books-reconciliation/run, whose answer replaces the one read.
 */
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
    getBooksReconciliation: build.query<BooksReconciliation, void>({
      query: () => '/books-reconciliation',
      providesTags: ['Report'],
    }),
    runBooksReconciliation: build.mutation<BooksReconciliation, void>({
      query: () => ({ url: '/books-reconciliation/run', method: 'POST' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(reportsApi.util.upsertQueryData('getBooksReconciliation', undefined, data));
        } catch {
          // A run that failed is said by the mutation's own error; the last answer read stays.
        }
      },
    }),
  }),
});

/** The day's report as CSV, downloaded by the browser with the operator's cookie. */
export const reconciliationCsvUrl = (day: string) => `/api/v2/admin/reconciliation.csv?day=${encodeURIComponent(day)}`;

export const { useGetDashboardQuery, useGetReconciliationQuery, useGetBooksReconciliationQuery, useRunBooksReconciliationMutation } =
  reportsApi;
