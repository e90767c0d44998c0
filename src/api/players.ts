import { baseApi } from './baseApi';

/** GET /v2/players/info: who is logged in on this browser (401 when nobody is). */
export interface PlayerInfoResponse {
  player: { id: string; username: string; displayName: string };
}

export const playersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPlayerInfo: build.query<PlayerInfoResponse, void>({
      query: () => '/v2/players/info',
      providesTags: ['Player'],
      extraOptions: { maxRetries: 0 },
    }),
  }),
});

export const { useGetPlayerInfoQuery } = playersApi;
