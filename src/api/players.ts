import { baseApi } from './baseApi';
import { FINGERPRINT_HEADER, type DeviceFingerprint } from '../../contract/deviceFingerprint';
import type { ChangePasswordForm, LoginForm } from '../../contract/playerForms';
import type {
  BacklistResponse,
  FingerprintResponse,
  PlayerInfoResponse,
  PlayerResponse,
  RegisterRequest,
  UsernameAvailability,
} from '../../contract/players';

/** The cached answers that belong to the logged-in player. */
export const PLAYER_TAGS = ['Player', 'Credit', 'BankAccount', 'Deposit', 'Withdrawal', 'PromotionUsage'] as const;

/**
 * After a login or registration nothing of an earlier player may show: all of a player's answers are
 * dropped (or fetched again where a page shows them). Only after a success: a refused login leaves
 * the visitor's state alone.
 */
const refreshPlayerOnSuccess = (_result: unknown, error: unknown) => (error ? [] : PLAYER_TAGS);

export const playersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The logged-in player's info, or null: its 401 means "nobody is logged in" (baseApi does not
     * leave the page for it). Kept as an answer, not an error, so a visitor's page from the server
     * does not ask again when it hydrates (RTK Query asks again for an entry that has only failed).
     */
    getPlayerInfo: build.query<PlayerInfoResponse | null, void>({
      queryFn: async (_arg, _api, _extraOptions, fetchFromApi) => {
        const answer = await fetchFromApi('/v2/players/info');
        if (answer.error) return answer.error.status === 401 ? { data: null } : { error: answer.error };
        return { data: answer.data as PlayerInfoResponse };
      },
      providesTags: ['Player'],
    }),
    login: build.mutation<PlayerResponse, LoginForm>({
      query: (body) => ({ url: '/v2/players/login', method: 'POST', body }),
      invalidatesTags: refreshPlayerOnSuccess,
    }),
    register: build.mutation<PlayerResponse, RegisterRequest>({
      query: (body) => ({
        url: '/v2/players/register',
        method: 'POST',
        body,
        headers: { [FINGERPRINT_HEADER]: body.fingerprint.fingerprint },
      }),
      invalidatesTags: refreshPlayerOnSuccess,
    }),
    validateUsername: build.mutation<UsernameAvailability, { username: string }>({
      query: (body) => ({ url: '/v2/players/username/validate', method: 'POST', body }),
    }),
    logout: build.mutation<{ loggedOut: boolean }, void>({
      query: () => ({ url: '/v2/players/logout', method: 'POST' }),
    }),
    changePassword: build.mutation<{ changed: boolean }, ChangePasswordForm>({
      query: (body) => ({ url: '/v2/players/security/password/change', method: 'POST', body }),
    }),
    getBacklist: build.query<BacklistResponse, void>({
      query: () => '/v2/players/backlist',
      providesTags: ['Player'],
    }),
    reportFingerprint: build.mutation<FingerprintResponse, DeviceFingerprint>({
      query: (fingerprint) => ({ url: '/v2/fingerprint', method: 'POST', body: { fingerprint } }),
    }),
  }),
});

export const {
  useGetPlayerInfoQuery,
  useLoginMutation,
  useRegisterMutation,
  useValidateUsernameMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useGetBacklistQuery,
  useReportFingerprintMutation,
} = playersApi;
