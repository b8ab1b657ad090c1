import type { PublicConfig } from '@polymath/shared';
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { takeBootData } from './boot-data.ts';

const fetchQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' });

/** A plain GET's URL (its query string written into it): what the page's boot data may answer. */
function plainGetUrl(args: string | FetchArgs): string | null {
  if (typeof args === 'string') return args;
  return (args.method ?? 'GET').toUpperCase() === 'GET' && args.params === undefined ? args.url : null;
}

/**
 * fetchBaseQuery, except that the first GET of a URL the page came with is answered from it (with no
 * response to look at: `meta` is undefined then).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = (
  args,
  api,
  extraOptions,
) => {
  const url = plainGetUrl(args);
  const data = url === null ? undefined : takeBootData(`/api${url}`);
  return data === undefined ? fetchQuery(args, api, extraOptions) : { data };
};

/** The one RTK Query API for server data; features add endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Threads', 'Credits', 'Models', 'Subscription', 'Documents', 'WhatsApp', 'SandboxPhone'],
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({ query: () => '/config' }),
  }),
});

export const { useGetPublicConfigQuery } = baseApi;
