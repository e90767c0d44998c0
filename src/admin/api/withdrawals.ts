import type { Static } from 'typebox';
import type { AgencyWithdrawalSchema, WithdrawalStatus } from '../../contract/withdrawals';
import type { PageOf } from '../../contract/page';
import type { WithdrawalApprovalResponse } from '../../contract/withdrawalReview';
import { adminApi } from './adminApi';

export type AgencyWithdrawal = Static<typeof AgencyWithdrawalSchema>;
type WithdrawalPage = Static<ReturnType<typeof PageOf<typeof AgencyWithdrawalSchema>>>;

/** GET /withdrawals?status=, POST /withdrawals/{code}/approve, POST /withdrawals/{code}/reject. */
export const withdrawalsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listWithdrawals: build.query<WithdrawalPage, { status: WithdrawalStatus; page: number }>({
      query: ({ status, page }) => ({ url: '/withdrawals', params: { status, page } }),
      providesTags: ['Withdrawal'],
    }),
    approveWithdrawal: build.mutation<WithdrawalApprovalResponse, string>({
      query: (code) => ({ url: `/withdrawals/${encodeURIComponent(code)}/approve`, method: 'POST' }),
      // A 409 (decided by someone else) also changes the queue: refetch either way.
      invalidatesTags: ['Withdrawal'],
    }),
    rejectWithdrawal: build.mutation<unknown, { code: string; reason: string }>({
      query: ({ code, reason }) => ({ url: `/withdrawals/${encodeURIComponent(code)}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Withdrawal'],
    }),
  }),
});

export const { useListWithdrawalsQuery, useApproveWithdrawalMutation, useRejectWithdrawalMutation } = withdrawalsApi;
