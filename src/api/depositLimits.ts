import { baseApi } from './baseApi';
import type { DepositLimitsChange, DepositLimitsView } from '../../contract/depositLimits';

/** The player's own deposit limits (responsible play): read them, with what each period has used and left; change them. */
export const depositLimitsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // What is left changes with every order: the deposits' tag refreshes it too.
    getPlayerDepositLimits: build.query<DepositLimitsView, void>({
      query: () => '/v2/players/deposit-limits',
      providesTags: ['DepositLimit', 'Deposit'],
    }),
    changePlayerDepositLimits: build.mutation<DepositLimitsView, DepositLimitsChange>({
      query: (body) => ({ url: '/v2/players/deposit-limits', method: 'PUT', body }),
      // The answer is the limits as they now stand.
      onQueryStarted: async (_change, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(depositLimitsApi.util.upsertQueryData('getPlayerDepositLimits', undefined, data));
      },
    }),
  }),
});

export const { useGetPlayerDepositLimitsQuery, useChangePlayerDepositLimitsMutation } = depositLimitsApi;
