import { baseApi } from './baseApi';
import type { Provider } from '../../contract/providers';
import type {
  Promotion,
  PromotionListResponse,
  PromotionResponse,
  PromotionUsage,
  PromotionUsagePage,
  PromotionUsageResponse,
  PromotionUsageStatus,
  PromotionUseRequest,
  PromotionUsingResponse,
} from '../../contract/promotions';

/** The usage lists and the credit of the usage's provider: what a use, cancel or recheck changes. */
const usageChanged = (provider: Provider | undefined) => [
  'PromotionUsage' as const,
  ...(provider ? [{ type: 'Credit' as const, id: provider }] : []),
];

/** Promotions: the list, one promotion, and the player's usages with use, recheck and cancel. */
export const promotionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPromotions: build.query<Promotion[], void>({
      query: () => '/v2/promotions',
      transformResponse: (response: PromotionListResponse) => response.promotions,
      providesTags: (promotions) => ['Promotion', ...(promotions ?? []).map(({ id }) => ({ type: 'Promotion' as const, id }))],
    }),
    getPromotion: build.query<Promotion, string>({
      query: (promotionId) => `/v2/promotions/${encodeURIComponent(promotionId)}`,
      transformResponse: (response: PromotionResponse) => response.promotion,
      providesTags: (_promotion, _error, promotionId) => [{ type: 'Promotion', id: promotionId }],
    }),
    getUsingPromotion: build.query<PromotionUsage | null, void>({
      query: () => '/v2/players/promotions/using',
      transformResponse: (response: PromotionUsingResponse) => response.usage,
      providesTags: ['PromotionUsage'],
    }),
    getPromotionUsages: build.query<PromotionUsagePage, { page: number; pageSize: number; status?: PromotionUsageStatus }>({
      query: ({ page, pageSize, status }) => ({
        url: '/v2/promotions/usages',
        params: status ? { page, pageSize, status } : { page, pageSize },
      }),
      providesTags: ['PromotionUsage'],
    }),
    usePromotion: build.mutation<PromotionUsage, PromotionUseRequest>({
      query: (body) => ({ url: '/v2/promotions/use', method: 'POST', body }),
      transformResponse: (response: PromotionUsageResponse) => response.usage,
      invalidatesTags: (usage, error, request) => (error ? [] : usageChanged(usage?.provider ?? request.providerId)),
    }),
    recheckPromotionUsage: build.mutation<PromotionUsage | null, void>({
      query: () => ({ url: '/v2/promotions/usages/recheck', method: 'POST' }),
      transformResponse: (response: PromotionUsingResponse) => response.usage,
      invalidatesTags: (usage, error) => (error ? [] : usageChanged(usage?.provider)),
    }),
    cancelPromotionUsage: build.mutation<PromotionUsage, string>({
      query: (usageId) => ({ url: '/v2/promotions/usages/cancel', method: 'POST', body: { usageId } }),
      transformResponse: (response: PromotionUsageResponse) => response.usage,
      // A bonus already credited is forfeited: the provider's credit changes.
      invalidatesTags: (usage, error) => (error ? [] : usageChanged(usage?.provider)),
    }),
  }),
});

export const {
  useGetPromotionsQuery,
  useGetPromotionQuery,
  useGetUsingPromotionQuery,
  useGetPromotionUsagesQuery,
  useUsePromotionMutation,
  useRecheckPromotionUsageMutation,
  useCancelPromotionUsageMutation,
} = promotionsApi;
