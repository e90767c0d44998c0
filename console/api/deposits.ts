import type {
  AgencyDeposit,
  AgencyDepositPage,
  AgencyDepositQuery,
  DepositDetail,
  DepositPlayer,
  UnmatchedCredit,
  UnmatchedPayment,
  UnmatchedPaymentResponse,
} from '../../contract/adminDeposits';
import { adminApi } from './adminApi';

/** The search's filters as the page keeps them: empty ones are left out of the query. */
export type DepositFilters = Partial<Omit<AgencyDepositQuery, 'pageSize'>>;

interface Keyed {
  idempotencyKey: string;
  reason: string;
}

const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/**
 * The deposit desk: GET /deposits (search), /deposits/{code}, /deposits/unmatched, /deposits/players;
 * POST /deposits/unmatched/{id}/credit | refund and /deposits/{code}/retry-credit | refund, each with
 * its Idempotency-Key. Every action refetches what shows deposits and payments.
 */
export const depositsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    searchDeposits: build.query<AgencyDepositPage, DepositFilters>({
      query: (filters) => ({
        url: '/deposits',
        params: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')),
      }),
      providesTags: ['Deposit'],
    }),
    depositDetail: build.query<DepositDetail, string>({
      query: (code) => `/deposits/${encodeURIComponent(code)}`,
      providesTags: ['Deposit'],
    }),
    unmatchedPayments: build.query<{ items: UnmatchedPayment[] }, 'UNRESOLVED' | 'RESOLVED'>({
      query: (status) => ({ url: '/deposits/unmatched', params: { status } }),
      providesTags: ['Deposit'],
    }),
    depositPlayers: build.query<{ items: DepositPlayer[] }, string>({
      query: (username) => ({ url: '/deposits/players', params: { username } }),
    }),
    creditUnmatchedPayment: build.mutation<UnmatchedPaymentResponse, { id: string; body: UnmatchedCredit; idempotencyKey: string }>({
      query: ({ id, body, idempotencyKey }) => ({
        url: `/deposits/unmatched/${encodeURIComponent(id)}/credit`,
        method: 'POST',
        body,
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: ['Deposit'],
    }),
    refundUnmatchedPayment: build.mutation<UnmatchedPaymentResponse, { id: string } & Keyed>({
      query: ({ id, reason, idempotencyKey }) => ({
        url: `/deposits/unmatched/${encodeURIComponent(id)}/refund`,
        method: 'POST',
        body: { reason },
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: ['Deposit'],
    }),
    resolveStuckDeposit: build.mutation<{ deposit: AgencyDeposit }, { code: string; action: 'retry-credit' | 'refund' } & Keyed>({
      query: ({ code, action, reason, idempotencyKey }) => ({
        url: `/deposits/${encodeURIComponent(code)}/${action}`,
        method: 'POST',
        body: { reason },
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: ['Deposit'],
    }),
  }),
});

export const {
  useSearchDepositsQuery,
  useDepositDetailQuery,
  useUnmatchedPaymentsQuery,
  useLazyDepositPlayersQuery,
  useCreditUnmatchedPaymentMutation,
  useRefundUnmatchedPaymentMutation,
  useResolveStuckDepositMutation,
} = depositsApi;
