import type { ModelsResponse } from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/** GET /api/models: the public catalogue (no session needed) and the server's default model. */
export const modelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getModels: build.query<ModelsResponse, void>({ query: () => '/models', providesTags: ['Models'] }),
  }),
});

export const { useGetModelsQuery } = modelsApi;
