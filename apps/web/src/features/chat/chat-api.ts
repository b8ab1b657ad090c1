import type { ThreadDetail } from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/** GET /api/threads/:id for the chat screen: the thread, its messages and its live stream, if any. */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatThread: build.query<ThreadDetail, string>({
      query: (id) => ({ url: `/threads/${encodeURIComponent(id)}`, cache: 'no-store' }),
      providesTags: (_result, _error, id) => [{ type: 'Threads', id }],
      // The chat copies the messages once; an old copy is never kept for the next visit.
      keepUnusedDataFor: 0,
    }),
  }),
});
