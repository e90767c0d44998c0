import { baseApi } from './baseApi';
import type { RealityCheck, RealityCheckUpdate } from '../../contract/realityCheck';
import type { Statement } from '../../contract/responsiblePlay';

/** The player's reality check (read, choose the interval) and monthly activity statement. */
export const responsiblePlayApi = baseApi.enhanceEndpoints({ addTagTypes: ['RealityCheck', 'Statement'] }).injectEndpoints({
  endpoints: (build) => ({
    getRealityCheck: build.query<RealityCheck, void>({ query: () => '/v2/players/reality-check', providesTags: ['RealityCheck'] }),
    chooseRealityCheck: build.mutation<RealityCheck, RealityCheckUpdate>({
      query: (body) => ({ url: '/v2/players/reality-check', method: 'PUT', body }),
      invalidatesTags: ['RealityCheck'],
    }),
    getStatement: build.query<Statement, void>({ query: () => '/v2/players/statement', providesTags: ['Statement'] }),
  }),
});

export const { useGetRealityCheckQuery, useChooseRealityCheckMutation, useGetStatementQuery } = responsiblePlayApi;
