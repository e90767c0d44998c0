import type { Static } from 'typebox';
import type { Operator, OperatorLoginSchema } from '../../contract/admin';
import { adminApi } from './adminApi';

/** POST /login, POST /logout, GET /me: the operator's session. */
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
      invalidatesTags: ['Operator', 'Withdrawal'],
    }),
    logoutOperator: build.mutation<null, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetOperatorQuery, useLoginOperatorMutation, useLogoutOperatorMutation } = operatorsApi;
