import type { Static } from 'typebox';
import type { AgencyWithdrawalSchema, WithdrawalStatus } from '../../contract/withdrawals';
import type { PageOf } from '../../contract/page';
import type { WithdrawalApprovalResponse } from '../../contract/withdrawalReview';
import { adminApi } from './adminApi';

export type AgencyWithdrawal = Static<typeof AgencyWithdrawalSchema>;
type WithdrawalPage = Static<ReturnType<typeof PageOf<typeof AgencyWithdrawalSchema>>>;

/** GET /withdrawals?status=, POST /withdrawals/{code}/approve and /reject, each decision with its Idempotency-Key. */
export const withdrawalsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listWithdrawals: build.query<WithdrawalPage, { status: WithdrawalStatus; page: number }>({
      query: ({ status, page }) => ({ url: '/withdrawals', params: { status, page } }),
      providesTags: ['Withdrawal'],
    }),
    approveWithdrawal: build.mutation<WithdrawalApprovalResponse, { code: string; idempotencyKey: string }>({
      query: ({ code, idempotencyKey }) => ({
        url: `/withdrawals/${encodeURIComponent(code)}/approve`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // A 409 (decided by someone else) also changes the queue: refetch either way.
      invalidatesTags: ['Withdrawal'],
    }),
    rejectWithdrawal: build.mutation<unknown, { code: string; reason: string; idempotencyKey: string }>({
      query: ({ code, reason, idempotencyKey }) => ({
        url: `/withdrawals/${encodeURIComponent(code)}/reject`,
        method: 'POST',
        body: { reason },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Withdrawal'],
    }),
  }),
});

export const { useListWithdrawalsQuery, useApproveWithdrawalMutation, useRejectWithdrawalMutation } = withdrawalsApi;
