import type { RiskFlag, RiskFlagPage, RiskFlagQuery, RiskFlagReviewBody } from '../../contract/riskFlags';
import { adminApi } from './adminApi';

/** GET /risk-flags (filtered and paged) and POST /risk-flags/review. */
export const riskFlagsApi = adminApi.enhanceEndpoints({ addTagTypes: ['RiskFlag'] }).injectEndpoints({
  endpoints: (build) => ({
    listRiskFlags: build.query<RiskFlagPage, Partial<RiskFlagQuery>>({
      query: (params) => ({ url: '/risk-flags', params }),
      providesTags: ['RiskFlag'],
    }),
    reviewRiskFlag: build.mutation<RiskFlag, RiskFlagReviewBody>({
      query: (body) => ({ url: '/risk-flags/review', method: 'POST', body }),
      invalidatesTags: ['RiskFlag', 'AuditLog'],
    }),
  }),
});

export const { useListRiskFlagsQuery, useReviewRiskFlagMutation } = riskFlagsApi;
