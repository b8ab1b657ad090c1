import type { Locale, ModelsResponse } from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/**
 * GET /api/models: the public catalogue (no session needed) and the server's default model, with the
 * models' descriptions and examples in the person's language.
 */
export const modelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getModels: build.query<ModelsResponse, Locale>({
      query: (locale) => `/models?locale=${locale}`,
      providesTags: ['Models'],
    }),
  }),
});

export const { useGetModelsQuery } = modelsApi;
