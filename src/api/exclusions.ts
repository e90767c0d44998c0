import { baseApi } from './baseApi';
import type { Break, BreakTaken, RunningBreak, TakeBreakBody } from '../../contract/breaks';

/** The player's break from play: the one running now, and taking one (with an Idempotency-Key). */
export const exclusionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExclusion: build.query<Break | null, void>({
      query: () => '/v2/players/exclusion',
      transformResponse: (response: RunningBreak) => response.exclusion,
      providesTags: ['Exclusion'],
    }),
    takeExclusion: build.mutation<BreakTaken, TakeBreakBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/v2/players/exclusions',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Exclusion'],
    }),
  }),
});

export const { useGetExclusionQuery, useTakeExclusionMutation } = exclusionsApi;
