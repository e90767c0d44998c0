import type { WithdrawalReview, WithdrawalReviewSettings, WithdrawalReviewSettingsUpdate } from '../../contract/withdrawalReview';
import { adminApi } from './adminApi';

/** GET /withdrawals/{code}/review, GET and PUT /settings/withdrawal-review: what the review page reads beside the queue. */
export const withdrawalReviewApi = adminApi.enhanceEndpoints({ addTagTypes: ['WithdrawalReviewSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getWithdrawalReview: build.query<WithdrawalReview, string>({
      query: (code) => `/withdrawals/${encodeURIComponent(code)}/review`,
      providesTags: ['Withdrawal'],
    }),
    getWithdrawalReviewSettings: build.query<WithdrawalReviewSettings, void>({
      query: () => '/settings/withdrawal-review',
      providesTags: ['WithdrawalReviewSettings'],
    }),
    updateWithdrawalReviewSettings: build.mutation<WithdrawalReviewSettings, WithdrawalReviewSettingsUpdate>({
      query: (body) => ({ url: '/settings/withdrawal-review', method: 'PUT', body }),
      // The queue's "needs two approvals" follows the amount.
      invalidatesTags: ['WithdrawalReviewSettings', 'Withdrawal'],
    }),
  }),
});

export const { useGetWithdrawalReviewQuery, useGetWithdrawalReviewSettingsQuery, useUpdateWithdrawalReviewSettingsMutation } =
  withdrawalReviewApi;
