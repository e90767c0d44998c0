import { baseApi } from './baseApi';
import type { AgencyInfoResponse, AgencyResponse } from '../../contract/agency';

export const agencyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAgency: build.query<AgencyResponse, void>({ query: () => '/v2/agency', providesTags: ['Agency'] }),
    getAgencyInfo: build.query<AgencyInfoResponse, void>({
      query: () => '/v2/agency/info',
      providesTags: ['Agency'],
    }),
  }),
});

export const { useGetAgencyQuery, useGetAgencyInfoQuery } = agencyApi;
