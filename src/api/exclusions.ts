import { baseApi } from './baseApi';
import type { Exclusion, ExclusionTaken, RunningExclusion, TakeExclusionBody } from '../contract/exclusions';

/** The player's break from play: the one running now, and taking one (with an Idempotency-Key). */
export const exclusionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExclusion: build.query<Exclusion | null, void>({
      query: () => '/v2/players/exclusion',
      transformResponse: (response: RunningExclusion) => response.exclusion,
      providesTags: ['Exclusion'],
    }),
    takeExclusion: build.mutation<ExclusionTaken, TakeExclusionBody & { idempotencyKey: string }>({
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
