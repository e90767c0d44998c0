import type { ReceivingAccount, ReceivingAccountUpdate } from '../../contract/admin';
import type { AgencyHostAdd, AgencySettings, AgencySettingsUpdate } from '../../contract/adminSettings';
import { adminApi } from './adminApi';

/** GET and PUT /settings/agency, its hosts, and /receiving-account: what the settings page reads and changes. */
export const settingsApi = adminApi.enhanceEndpoints({ addTagTypes: ['AgencySettings', 'ReceivingAccount'] }).injectEndpoints({
  endpoints: (build) => ({
    getAgencySettings: build.query<AgencySettings, void>({ query: () => '/settings/agency', providesTags: ['AgencySettings'] }),
    updateAgencySettings: build.mutation<AgencySettings, AgencySettingsUpdate>({
      query: (body) => ({ url: '/settings/agency', method: 'PUT', body }),
      invalidatesTags: ['AgencySettings'],
    }),
    addAgencyHost: build.mutation<AgencySettings, AgencyHostAdd>({
      query: (body) => ({ url: '/settings/agency/hosts', method: 'POST', body }),
      invalidatesTags: ['AgencySettings'],
    }),
    removeAgencyHost: build.mutation<AgencySettings, AgencyHostAdd>({
      query: ({ host, reason }) => ({ url: `/settings/agency/hosts/${encodeURIComponent(host)}`, method: 'DELETE', body: { reason } }),
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
  useAddAgencyHostMutation,
  useRemoveAgencyHostMutation,
  useGetReceivingAccountQuery,
  useUpdateReceivingAccountMutation,
} = settingsApi;
