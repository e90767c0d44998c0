import { baseApi } from './baseApi';
import type { Withdrawal, WithdrawalLimits, WithdrawalPage, WithdrawalRequest, WithdrawalResponse } from '../../contract/withdrawals';

/** The player's withdrawals: request one (with an Idempotency-Key), history, open ones, limits. */
export const withdrawalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawals: build.query<WithdrawalPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: '/v2/withdrawals', params: { page, pageSize } }),
      providesTags: ['Withdrawal'],
    }),
    getOpenWithdrawals: build.query<Withdrawal[], void>({
      query: () => '/v2/withdrawals/open',
      transformResponse: (response: { items: Withdrawal[] }) => response.items,
      providesTags: ['Withdrawal'],
    }),
    getWithdrawalLimits: build.query<WithdrawalLimits, void>({
      query: () => '/v2/withdrawals/limits',
      providesTags: ['Withdrawal'],
    }),
    requestWithdrawal: build.mutation<WithdrawalResponse, WithdrawalRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/v2/withdrawals',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // The credit left the provider (or came back): lists and credits are stale either way, and a
      // promotion in use for that provider ends with the withdrawal.
      invalidatesTags: ['Withdrawal', 'Credit', 'PromotionUsage'],
    }),
  }),
});

export const { useGetWithdrawalsQuery, useGetOpenWithdrawalsQuery, useGetWithdrawalLimitsQuery, useRequestWithdrawalMutation } =
  withdrawalsApi;
