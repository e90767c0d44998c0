import { baseApi } from './baseApi';
import type { Break, BreakTaken, RunningBreak, TakeBreakBody } from '../../contract/breaks';

/** The player's break from play (a time-out or a self-exclusion): the one running now, and taking one (with an Idempotency-Key). */
export const breaksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRunningBreak: build.query<Break | null, void>({
      query: () => '/v2/players/exclusion',
      transformResponse: (response: RunningBreak) => response.exclusion,
      providesTags: ['Break'],
    }),
    takeBreak: build.mutation<BreakTaken, TakeBreakBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/v2/players/exclusions',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Break'],
    }),
  }),
});

export const { useGetRunningBreakQuery, useTakeBreakMutation } = breaksApi;
