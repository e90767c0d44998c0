import type { BankAccount } from '../../contract/bankAccounts';
import type {
  PlayerBankAccountChange,
  PlayerPage,
  PlayerProfile,
  PlayerStatusResponse,
  TemporaryPasswordResponse,
} from '../../contract/adminPlayers';
import { adminApi } from './adminApi';

const playerUrl = (id: string) => `/players/${encodeURIComponent(id)}`;

/**
 * GET /players?q=, GET /players/{id}, and the owners' actions on a player: POST backlist, suspend,
 * restore, reset-password and PUT bank-account, each with the operator's reason.
 */
export const playersApi = adminApi.enhanceEndpoints({ addTagTypes: ['Player'] }).injectEndpoints({
  endpoints: (build) => ({
    searchPlayers: build.query<PlayerPage, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: '/players', params: { q, page } }),
      providesTags: ['Player'],
    }),
    getPlayer: build.query<PlayerProfile, string>({
      query: (id) => playerUrl(id),
      providesTags: (_result, _error, id) => [{ type: 'Player', id }],
    }),
    setBacklisted: build.mutation<PlayerStatusResponse, { id: string; blocked: boolean; reason: string }>({
      query: ({ id, blocked, reason }) => ({ url: `${playerUrl(id)}/backlist`, method: 'POST', body: { blocked, reason } }),
      invalidatesTags: ['Player'],
    }),
    suspendPlayer: build.mutation<PlayerStatusResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${playerUrl(id)}/suspend`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Player'],
    }),
    restorePlayer: build.mutation<PlayerStatusResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${playerUrl(id)}/restore`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Player'],
    }),
    changeBankAccount: build.mutation<{ bankAccount: BankAccount }, PlayerBankAccountChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${playerUrl(id)}/bank-account`, method: 'PUT', body }),
      invalidatesTags: ['Player'],
    }),
    resetPassword: build.mutation<TemporaryPasswordResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `${playerUrl(id)}/reset-password`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Player'],
    }),
  }),
});

export const {
  useSearchPlayersQuery,
  useGetPlayerQuery,
  useSetBacklistedMutation,
  useSuspendPlayerMutation,
  useRestorePlayerMutation,
  useChangeBankAccountMutation,
  useResetPasswordMutation,
} = playersApi;
