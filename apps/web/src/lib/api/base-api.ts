import type { PublicConfig } from '@polymath/shared';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The one RTK Query API for server data; features add endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  tagTypes: ['Me', 'Threads', 'Credits', 'Models', 'Subscription', 'Documents', 'WhatsApp', 'SandboxPhone'],
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({ query: () => '/config' }),
  }),
});

export const { useGetPublicConfigQuery } = baseApi;
