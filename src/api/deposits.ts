import { baseApi } from './baseApi';
import type {
  DepositCreated,
  DepositBounds,
  DepositOrder,
  DepositOrderResponse,
  DepositPage,
  DepositPageQuery,
  DepositQr,
  DepositRequest,
} from '../../contract/deposits';

/** Deposits by LaoQR: limits, create (with an Idempotency-Key), history, open orders, one order, QR, check, cancel. */
export const depositsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDepositBounds: build.query<DepositBounds, void>({
      query: () => '/v2/deposits/limits',
    }),
    getDeposits: build.query<DepositPage, DepositPageQuery>({
      query: (params) => ({ url: '/v2/deposits', params }),
      providesTags: ['Deposit'],
    }),
    getOpenDeposits: build.query<DepositOrder[], void>({
      query: () => '/v2/deposits/open',
      transformResponse: (response: { items: DepositOrder[] }) => response.items,
      providesTags: ['Deposit'],
      // The page decides from this list whether to resume an order: it must be current.
      keepUnusedDataFor: 0,
    }),
    // Polled by the deposit page while the order waits for its payment; always asked afresh.
    getDeposit: build.query<DepositOrder, string>({
      query: (code) => `/v2/deposits/${encodeURIComponent(code)}`,
      transformResponse: (response: DepositOrderResponse) => response.order,
      keepUnusedDataFor: 0,
      // An order that settled (credited, cancelled, expired, failed) may have moved credit and taken the
      // promotion in use, like a check. OPEN and PAID are read again every few seconds until they
      // settle, so they refresh nothing: the settling read does it once.
      onQueryStarted: async (_code, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data && data.status !== 'OPEN' && data.status !== 'PAID')
          dispatch(depositsApi.util.invalidateTags(['Deposit', 'Credit', 'PromotionUsage']));
      },
    }),
    getDepositQr: build.query<DepositQr, string>({
      query: (code) => `/v2/deposits/laoqr/${encodeURIComponent(code)}`,
    }),
    createDeposit: build.mutation<DepositCreated, DepositRequest & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/v2/deposits',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Deposit'],
      // The answer carries the order's QR: the page shows it without asking again.
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(depositsApi.util.upsertQueryData('getDepositQr', data.order.code, data.qr));
      },
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
  useGetDepositBoundsQuery,
  useGetDepositsQuery,
  useGetOpenDepositsQuery,
  useGetDepositQrQuery,
  useLazyGetDepositQuery,
  useCreateDepositMutation,
  useCheckDepositMutation,
  useCancelDepositMutation,
} = depositsApi;
