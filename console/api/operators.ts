import type { Static } from 'typebox';
import type {
  AuditLogQuery,
  Operator,
  OperatorAccount,
  OperatorLoginSchema,
  OperatorRole,
  OperatorSession,
  TotpEnrolmentSchema,
} from '../../contract/admin';
import type { AuditRowSchema } from '../../contract/admin';
import { adminApi } from './adminApi';

export type AuditRow = Static<typeof AuditRowSchema>;
export type AuditFilter = Omit<AuditLogQuery, 'limit' | 'before'>;

/** Where the audit log's CSV of a filter downloads from (the browser sends the operator cookie). */
export const auditLogCsvUrl = (filter: AuditFilter) => {
  const params = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `/api/v2/admin/audit-log.csv${params.size > 0 ? `?${params.toString()}` : ''}`;
};

/**
 * The operator's own session (POST /login, POST /logout, GET /me, the second factor's enrolment)
 * and, for owners, the agency's operators, sessions and audit log.
 */
export const operatorsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getOperator: build.query<Operator, void>({
      query: () => '/me',
      transformResponse: (response: { operator: Operator }) => response.operator,
      providesTags: ['Operator'],
    }),
    loginOperator: build.mutation<Operator, Static<typeof OperatorLoginSchema>>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      transformResponse: (response: { operator: Operator }) => response.operator,
      // Only a login that let the operator in changes who is signed in: a refusal (a code is asked) refetches nothing.
      invalidatesTags: (operator) => (operator ? ['Operator', 'Withdrawal'] : []),
    }),
    logoutOperator: build.mutation<null, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
    startEnrolment: build.mutation<Static<typeof TotpEnrolmentSchema>, void>({
      query: () => ({ url: '/me/totp', method: 'POST' }),
    }),
    confirmEnrolment: build.mutation<string[], string>({
      query: (code) => ({ url: '/me/totp/confirm', method: 'POST', body: { code } }),
      transformResponse: (response: { recoveryCodes: string[] }) => response.recoveryCodes,
    }),
    listOperators: build.query<{ operators: OperatorAccount[]; staffTotpRequired: boolean }, void>({
      query: () => '/operators',
      providesTags: ['OperatorAccount'],
    }),
    createOperator: build.mutation<unknown, { username: string; password: string; role: OperatorRole }>({
      query: (body) => ({ url: '/operators', method: 'POST', body }),
      invalidatesTags: ['OperatorAccount', 'AuditLog'],
    }),
    changeOperator: build.mutation<null, { id: string; role?: OperatorRole; disabled?: boolean; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/operators/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['OperatorAccount', 'OperatorSession', 'AuditLog'],
    }),
    setStaffSecondFactor: build.mutation<null, { staffTotpRequired: boolean; reason: string }>({
      query: (body) => ({ url: '/operators/settings', method: 'PUT', body }),
      invalidatesTags: ['OperatorAccount', 'AuditLog'],
    }),
    listSessions: build.query<OperatorSession[], void>({
      query: () => '/sessions',
      transformResponse: (response: { items: OperatorSession[] }) => response.items,
      providesTags: ['OperatorSession'],
    }),
    endSession: build.mutation<null, string>({
      query: (id) => ({ url: `/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['OperatorSession', 'AuditLog'],
    }),
    auditLog: build.query<AuditRow[], AuditFilter & { before?: string }>({
      query: (filter) => ({
        url: '/audit-log',
        params: { ...Object.fromEntries(Object.entries(filter).filter((entry) => Boolean(entry[1]))), limit: 100 },
      }),
      transformResponse: (response: { items: AuditRow[] }) => response.items,
      providesTags: ['AuditLog'],
    }),
  }),
});

export const {
  useGetOperatorQuery,
  useLoginOperatorMutation,
  useLogoutOperatorMutation,
  useStartEnrolmentMutation,
  useConfirmEnrolmentMutation,
  useListOperatorsQuery,
  useCreateOperatorMutation,
  useChangeOperatorMutation,
  useSetStaffSecondFactorMutation,
  useListSessionsQuery,
  useEndSessionMutation,
  useAuditLogQuery,
} = operatorsApi;
