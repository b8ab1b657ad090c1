import type {
  ContinuedChat,
  DataExportState,
  Share,
  SharedChat,
  ShareList,
  ShareSettings,
  ThreadShare,
} from '@polymath/shared';
import { toast } from '../toast/toast.ts';
import { baseApi } from './base-api.ts';

/**
 * Shared links (the owner's), a shared chat (anyone with its link) and the person's data export.
 * A chunk of its own, loaded with the share dialog, the share page or Settings: the tags are added
 * here rather than in the base API, so the first screen carries none of this.
 */
export const sharingApi = baseApi.enhanceEndpoints({ addTagTypes: ['Shares', 'DataExport'] }).injectEndpoints({
  endpoints: (build) => ({
    getThreadShare: build.query<ThreadShare, string>({
      query: (threadId) => `/shares/threads/${encodeURIComponent(threadId)}`,
      providesTags: ['Shares'],
    }),
    shareThread: build.mutation<Share, { threadId: string; settings: ShareSettings }>({
      query: ({ threadId, settings }) => ({
        url: `/shares/threads/${encodeURIComponent(threadId)}`,
        method: 'PUT',
        body: settings,
      }),
      invalidatesTags: ['Shares'],
    }),
    listShares: build.query<ShareList, void>({
      query: () => '/shares',
      providesTags: ['Shares'],
    }),
    revokeShare: build.mutation<void, string>({
      query: (shareId) => ({ url: `/shares/${encodeURIComponent(shareId)}`, method: 'DELETE' }),
      invalidatesTags: ['Shares'],
    }),
    getSharedChat: build.query<SharedChat, string>({
      query: (shareId) => `/shared/${encodeURIComponent(shareId)}`,
    }),
    continueSharedChat: build.mutation<ContinuedChat, string>({
      query: (shareId) => ({ url: `/shares/${encodeURIComponent(shareId)}/continue`, method: 'POST' }),
      invalidatesTags: ['Threads'],
    }),
    getDataExport: build.query<DataExportState, void>({
      query: () => '/data-export',
      providesTags: ['DataExport'],
    }),
    startDataExport: build.mutation<DataExportState, void>({
      query: () => ({ url: '/data-export', method: 'POST' }),
      invalidatesTags: ['DataExport'],
    }),
  }),
});

export const {
  useGetThreadShareQuery,
  useShareThreadMutation,
  useListSharesQuery,
  useRevokeShareMutation,
  useGetSharedChatQuery,
  useContinueSharedChatMutation,
  useGetDataExportQuery,
  useStartDataExportMutation,
} = sharingApi;

/** A shared chat's full address, as the person pastes it elsewhere. */
export function shareUrl(share: Pick<Share, 'path'>): string {
  return new URL(share.path, window.location.origin).toString();
}

/** Copies a shared chat's link and says so. */
export async function copyLink(url: string, t: (key: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t('sharing:dialog.copied'));
  } catch {
    toast.error(t('chat:copyFailed'));
  }
}
