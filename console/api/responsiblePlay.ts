import type { ResponsiblePlaySettings, ResponsiblePlayUpdate } from '../../contract/responsiblePlay';
import { adminApi } from './adminApi';

/** GET and PUT /responsible-play: the notice, the reality check's default and the deposit-limit maximum (owners). */
export const responsiblePlayApi = adminApi.enhanceEndpoints({ addTagTypes: ['ResponsiblePlay'] }).injectEndpoints({
  endpoints: (build) => ({
    getResponsiblePlay: build.query<ResponsiblePlaySettings, void>({ query: () => '/responsible-play', providesTags: ['ResponsiblePlay'] }),
    updateResponsiblePlay: build.mutation<ResponsiblePlaySettings, ResponsiblePlayUpdate>({
      query: (body) => ({ url: '/responsible-play', method: 'PUT', body }),
      invalidatesTags: ['ResponsiblePlay'],
    }),
  }),
});

export const { useGetResponsiblePlayQuery, useUpdateResponsiblePlayMutation } = responsiblePlayApi;
