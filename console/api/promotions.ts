import type {
  AdminPromotionResponse,
  AdminPromotions,
  BonusPool,
  BonusPoolFunded,
  BonusPoolFunding,
  PromotionCreation,
  PromotionStatusChange,
} from '../../contract/adminPromotions';
import { adminApi } from './adminApi';

/** GET/POST /promotions, POST /promotions/{id}/status, GET /bonus-pool, POST /bonus-pool/fund (with its Idempotency-Key). */
export const promotionsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getPromotions: build.query<AdminPromotions, void>({
      query: () => '/promotions',
      providesTags: ['Promotion'],
    }),
    createPromotion: build.mutation<AdminPromotionResponse, PromotionCreation>({
      query: (body) => ({ url: '/promotions', method: 'POST', body }),
      invalidatesTags: ['Promotion'],
    }),
    setPromotionStatus: build.mutation<AdminPromotionResponse, { id: string } & PromotionStatusChange>({
      query: ({ id, ...body }) => ({ url: `/promotions/${id}/status`, method: 'POST', body }),
      invalidatesTags: ['Promotion'],
    }),
    getBonusPool: build.query<BonusPool, void>({
      query: () => '/bonus-pool',
      providesTags: ['BonusPool'],
    }),
    fundBonusPool: build.mutation<BonusPoolFunded, BonusPoolFunding & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/bonus-pool/fund',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['BonusPool'],
    }),
  }),
});

export const {
  useGetPromotionsQuery,
  useCreatePromotionMutation,
  useSetPromotionStatusMutation,
  useGetBonusPoolQuery,
  useFundBonusPoolMutation,
} = promotionsApi;
