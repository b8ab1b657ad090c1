import type {
  ModelStatusList,
  MoneyReport,
  RefundItem,
  RefundPage,
  UsageGroup,
  UsageReport,
  WebhookFailurePage,
} from '@polymath/shared/admin/console.schema';
import { adminApi } from '../admin-api.ts';

/** The Usage, Money and Models sections' endpoints (issue 28 parts 3, 4, 6), in the console's chunk. */
export const consoleApi = adminApi
  .enhanceEndpoints({ addTagTypes: ['AdminRefunds', 'AdminModels', 'AdminAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getUsage: build.query<UsageReport, { days: number; by: UsageGroup }>({
        query: (params) => ({ url: '/admin/usage', params }),
      }),
      getMoney: build.query<MoneyReport, { days: number }>({ query: (params) => ({ url: '/admin/money', params }) }),
      getRefunds: build.query<RefundPage, { cursor?: string | undefined }>({
        query: ({ cursor }) => ({ url: '/admin/money/refunds', params: { limit: 50, ...(cursor ? { cursor } : {}) } }),
        providesTags: ['AdminRefunds'],
      }),
      retryRefund: build.mutation<RefundItem, string>({
        query: (id) => ({ url: `/admin/money/refunds/${encodeURIComponent(id)}/retry`, method: 'POST', body: {} }),
        invalidatesTags: ['AdminRefunds', 'AdminAudit'],
      }),
      getWebhookFailures: build.query<WebhookFailurePage, { cursor?: string | undefined }>({
        query: ({ cursor }) => ({
          url: '/admin/money/webhook-failures',
          params: { limit: 50, ...(cursor ? { cursor } : {}) },
        }),
      }),
      getModelStatuses: build.query<ModelStatusList, void>({
        query: () => '/admin/models',
        providesTags: ['AdminModels'],
      }),
      checkModels: build.mutation<ModelStatusList, void>({
        query: () => ({ url: '/admin/models/check', method: 'POST', body: {} }),
        invalidatesTags: ['AdminModels', 'AdminAudit'],
      }),
    }),
  });

export const {
  useGetUsageQuery,
  useGetMoneyQuery,
  useGetRefundsQuery,
  useRetryRefundMutation,
  useGetWebhookFailuresQuery,
  useGetModelStatusesQuery,
  useCheckModelsMutation,
} = consoleApi;
