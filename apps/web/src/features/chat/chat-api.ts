import type { ContinueChatResponse, ThreadDetail, ThreadMessagesPage } from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/**
 * The chat screen's reads: GET /api/threads/:id (the thread, its newest messages and its live
 * stream, if any) and GET /api/threads/:id/messages (the messages before them, as the person scrolls up);
 * and POST /api/chat/:id/continue (a new chat from a summary of one grown too long for its model).
 */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatThread: build.query<ThreadDetail, string>({
      query: (id) => ({ url: `/threads/${encodeURIComponent(id)}`, cache: 'no-store' }),
      providesTags: (_result, _error, id) => [{ type: 'Threads', id }],
      // The chat copies the messages once; an old copy is never kept for the next visit.
      keepUnusedDataFor: 0,
    }),
    getEarlierMessages: build.query<ThreadMessagesPage, { threadId: string; cursor: string }>({
      query: ({ threadId, cursor }) => ({
        url: `/threads/${encodeURIComponent(threadId)}/messages`,
        params: { cursor },
        cache: 'no-store',
      }),
      keepUnusedDataFor: 0,
    }),
    /** A chat too long for its model (CONTEXT_TOO_LONG) goes on in a new one that starts from its summary. */
    continueChat: build.mutation<ContinueChatResponse, string>({
      query: (threadId) => ({ url: `/chat/${encodeURIComponent(threadId)}/continue`, method: 'POST' }),
      invalidatesTags: ['Threads'],
    }),
  }),
});
