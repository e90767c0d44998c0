import { baseApi } from './baseApi';
import type { DepositCreated, DepositLimits, DepositOrder, DepositOrderResponse, DepositPage, DepositQr, DepositRequest } from '../contract/deposits';

/** Deposits by LaoQR: limits, create (with an Idempotency-Key), history, open orders, QR, check, cancel. */
export const depositsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDepositLimits: build.query<DepositLimits, void>({
      query: () => '/v2/deposits/limits',
    }),
    getDeposits: build.query<DepositPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: '/v2/deposits', params: { page, pageSize } }),
      providesTags: ['Deposit'],
    }),
    getOpenDeposits: build.query<DepositOrder[], void>({
      query: () => '/v2/deposits/open',
      transformResponse: (response: { items: DepositOrder[] }) => response.items,
      providesTags: ['Deposit'],
      // The page decides from this list whether to resume an order: it must be current.
      keepUnusedDataFor: 0,
    }),
    getDepositQr: build.query<DepositQr, string>({
      query: (code) => `/v2/deposits/laoqr/${encodeURIComponent(code)}`,
    }),
    // The answer carries the order's QR too: it goes straight into getDepositQr's cache, so the
    // page shows the QR without asking for it again. The mutation itself yields the order.
    createDeposit: build.mutation<DepositOrder, DepositRequest & { idempotencyKey: string }>({
      queryFn: async ({ idempotencyKey, ...body }, api, _extraOptions, baseQuery) => {
        const result = await baseQuery({ url: '/v2/deposits', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
        if (result.error) return { error: result.error };
        const { order, qr } = result.data as DepositCreated;
        api.dispatch(depositsApi.util.upsertQueryData('getDepositQr', order.code, qr));
        return { data: order };
      },
      invalidatesTags: ['Deposit'],
    }),
    // A credited deposit may take the promotion in use (ACTIVE becomes USED).
    checkDeposit: build.mutation<DepositOrder, string>({
      query: (code) => ({ url: `/v2/deposits/${encodeURIComponent(code)}/check`, method: 'POST' }),
      transformResponse: (response: DepositOrderResponse) => response.order,
      invalidatesTags: ['Deposit', 'Credit', 'PromotionUsage'],
    }),
    cancelDeposit: build.mutation<DepositOrder, string>({
      query: (code) => ({ url: `/v2/deposits/${encodeURIComponent(code)}/cancel`, method: 'POST' }),
      transformResponse: (response: DepositOrderResponse) => response.order,
      invalidatesTags: ['Deposit'],
    }),
  }),
});

export const {
  useGetDepositLimitsQuery,
  useGetDepositsQuery,
  useGetOpenDepositsQuery,
  useGetDepositQrQuery,
  useCreateDepositMutation,
  useCheckDepositMutation,
  useCancelDepositMutation,
} = depositsApi;
