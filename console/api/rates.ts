import type { Static } from 'typebox';
import type { AgencyRates, RateChange, RateChangedSchema } from '../../contract/adminRates';
import type { RateCurrency } from '../../contract/money';
import { adminApi } from './adminApi';

/** GET /rates, PUT /rates/{currency}. */
export const ratesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getRates: build.query<AgencyRates, void>({
      query: () => '/rates',
      providesTags: ['Rate'],
    }),
    setRate: build.mutation<Static<typeof RateChangedSchema>, { currency: RateCurrency } & RateChange>({
      query: ({ currency, ...body }) => ({ url: `/rates/${currency}`, method: 'PUT', body }),
      invalidatesTags: ['Rate'],
    }),
  }),
});

export const { useGetRatesQuery, useSetRateMutation } = ratesApi;
