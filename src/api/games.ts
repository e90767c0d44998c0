import { baseApi } from './baseApi';
import type { Provider } from '../../contract/providers';
import type { GameListResponse, LaunchGameRequest, LaunchGameResponse } from '../../contract/games';

const listUrl = (provider: Provider, tab?: string) => `/v2/games/${provider}${tab === undefined ? '' : `?tab=${encodeURIComponent(tab)}`}`;

/**
 * Game lists and launch. The askmebet and alphabet lists never go stale: kept
 * for good once fetched and never refetched by time, focus or reconnect (see NEVER_STALE).
 */
export const gamesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAskmebetGames: build.query<GameListResponse, string>({
      query: (tab) => listUrl('askmebet', tab),
      providesTags: [{ type: 'Game', id: 'askmebet' }],
      keepUnusedDataFor: Infinity,
    }),
    getAlphabetGames: build.query<GameListResponse, void>({
      query: () => listUrl('alphabet'),
      providesTags: [{ type: 'Game', id: 'alphabet' }],
      keepUnusedDataFor: Infinity,
    }),
    getBetflixGames: build.query<GameListResponse, string>({
      query: (tab) => listUrl('betflix', tab),
      providesTags: [{ type: 'Game', id: 'betflix' }],
    }),
    getLobbyGames: build.query<GameListResponse, Provider>({
      query: (provider) => listUrl(provider),
      providesTags: (_result, _error, provider) => [{ type: 'Game', id: provider }],
    }),
    launchGame: build.mutation<LaunchGameResponse, LaunchGameRequest & { provider: Provider }>({
      query: ({ provider, ...body }) => ({ url: `/v2/games/${provider}/launch`, method: 'POST', body }),
    }),
  }),
});

const NEVER_STALE = { refetchOnMountOrArgChange: false, refetchOnFocus: false, refetchOnReconnect: false } as const;

export const useAskmebetGames = (tab: string) => gamesApi.useGetAskmebetGamesQuery(tab, NEVER_STALE);
export const useAlphabetGames = () => gamesApi.useGetAlphabetGamesQuery(undefined, NEVER_STALE);
export const { useGetBetflixGamesQuery, useGetLobbyGamesQuery, useLaunchGameMutation } = gamesApi;
