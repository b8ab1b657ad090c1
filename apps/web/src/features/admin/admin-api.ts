import type { AdminMe, AuditPage } from '@polymath/shared/admin/admin.schema';
import { baseApi } from '../../lib/api/base-api.ts';

/**
 * The operator console's API (/api/admin/*). Part of the console's own chunk: the tags are added here,
 * so nothing of it reaches a normal visitor's first screen. Sections add their endpoints with
 * `adminApi.injectEndpoints`.
 */
export const adminApi = baseApi.enhanceEndpoints({ addTagTypes: ['AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminMe: build.query<AdminMe, void>({ query: () => '/admin/me' }),
    getAuditPage: build.query<AuditPage, { cursor?: string | undefined; userId?: string | undefined }>({
      query: ({ cursor, userId }) => ({
        url: '/admin/audit',
        params: { ...(cursor ? { cursor } : {}), ...(userId ? { userId } : {}), limit: 50 },
      }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useGetAdminMeQuery, useGetAuditPageQuery } = adminApi;
