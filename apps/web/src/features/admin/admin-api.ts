import type { AdminMe, AuditPage, JobsOverview, PeoplePage, PersonDetail } from '@polymath/shared/admin/admin.schema';
import { baseApi } from '../../lib/api/base-api.ts';

/** The person actions that answer with the person's page as it is now. */
export type PersonAction =
  | { action: 'grant-pro'; body: { days: number } }
  | { action: 'reset-credits' | 'sign-out-everywhere' | 'unban'; body?: undefined }
  | { action: 'ban'; body: { reason?: string } }
  | { action: 'operator'; body: { operator: boolean } };

/**
 * The operator console's API (/api/admin/*). Part of the console's own chunk: the tags are added here,
 * so nothing of it reaches a normal visitor's first screen. Sections add their endpoints with
 * `adminApi.injectEndpoints`.
 */
export const adminApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['AdminAudit', 'AdminPeople', 'AdminPerson', 'AdminJobs'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAdminMe: build.query<AdminMe, void>({ query: () => '/admin/me' }),
      getAuditPage: build.query<AuditPage, { cursor?: string | undefined; userId?: string | undefined }>({
        query: ({ cursor, userId }) => ({
          url: '/admin/audit',
          params: { ...(cursor ? { cursor } : {}), ...(userId ? { userId } : {}), limit: 50 },
        }),
        providesTags: ['AdminAudit'],
      }),
      searchPeople: build.query<PeoplePage, { q: string; cursor?: string | undefined }>({
        query: ({ q, cursor }) => ({
          url: '/admin/people',
          params: { ...(q ? { q } : {}), ...(cursor ? { cursor } : {}), limit: 25 },
        }),
        providesTags: ['AdminPeople'],
      }),
      getPerson: build.query<PersonDetail, string>({
        query: (id) => `/admin/people/${encodeURIComponent(id)}`,
        providesTags: (_r, _e, id) => [{ type: 'AdminPerson', id }],
      }),
      actOnPerson: build.mutation<PersonDetail, { id: string } & PersonAction>({
        query: ({ id, action, body }) => ({
          url: `/admin/people/${encodeURIComponent(id)}/${action}`,
          method: 'POST',
          body: body ?? {},
        }),
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('getPerson', id, data));
        },
        invalidatesTags: ['AdminAudit', 'AdminPeople'],
      }),
      getJobs: build.query<JobsOverview, void>({ query: () => '/admin/jobs', providesTags: ['AdminJobs'] }),
      retryJob: build.mutation<void, string>({
        query: (id) => ({ url: `/admin/jobs/${encodeURIComponent(id)}/retry`, method: 'POST', body: {} }),
        invalidatesTags: ['AdminJobs', 'AdminAudit'],
      }),
      deleteJob: build.mutation<void, string>({
        query: (id) => ({ url: `/admin/jobs/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['AdminJobs', 'AdminAudit'],
      }),
      deletePerson: build.mutation<void, string>({
        query: (id) => ({ url: `/admin/people/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['AdminAudit', 'AdminPeople'],
      }),
    }),
  });

export const {
  useGetAdminMeQuery,
  useGetAuditPageQuery,
  useSearchPeopleQuery,
  useGetPersonQuery,
  useActOnPersonMutation,
  useDeletePersonMutation,
  useGetJobsQuery,
  useRetryJobMutation,
  useDeleteJobMutation,
} = adminApi;
