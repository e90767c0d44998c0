import type { ReceivingAccount, ReceivingAccountUpdate } from '../../contract/admin';
import type { AgencySettings, AgencySettingsUpdate } from '../../contract/adminSettings';
import { adminApi } from './adminApi';

/** GET and PUT /settings/agency and /receiving-account: what the settings page reads and changes. */
export const settingsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AgencySettings', 'ReceivingAccount'] }).injectEndpoints({
  endpoints: (build) => ({
    getAgencySettings: build.query<AgencySettings, void>({ query: () => '/settings/agency', providesTags: ['AgencySettings'] }),
    updateAgencySettings: build.mutation<AgencySettings, AgencySettingsUpdate>({
      query: (body) => ({ url: '/settings/agency', method: 'PUT', body }),
      invalidatesTags: ['AgencySettings'],
    }),
    getReceivingAccount: build.query<{ receivingAccount: ReceivingAccount | null }, void>({
      query: () => '/receiving-account',
      providesTags: ['ReceivingAccount'],
    }),
    updateReceivingAccount: build.mutation<{ receivingAccount: ReceivingAccount | null }, ReceivingAccountUpdate>({
      query: (body) => ({ url: '/receiving-account', method: 'PUT', body }),
      // The deposit limits are kept beside the account: a first account makes them the agency's own.
      invalidatesTags: ['ReceivingAccount', 'AgencySettings'],
    }),
  }),
});

export const {
  useGetAgencySettingsQuery,
  useUpdateAgencySettingsMutation,
  useGetReceivingAccountQuery,
  useUpdateReceivingAccountMutation,
} = settingsApi;
