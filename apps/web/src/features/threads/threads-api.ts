import type { ChatToolId, Thread, ThreadListResponse } from '@polymath/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { baseApi } from '../../lib/api/base-api.ts';

/** One cached history list: all chats or only starred ones, optionally searched, optionally one tool's. */
export type ThreadListArgs = { starred: boolean; q: string; toolId?: ChatToolId | undefined };
type ThreadPages = InfiniteData<ThreadListResponse, string | null>;

/** Lists provide LIST (SEARCH when searching) and each thread's id, so `invalidateTags(['Threads'])` refreshes them. */
const LIST_TAG = { type: 'Threads', id: 'LIST' } as const;
const SEARCH_TAG = { type: 'Threads', id: 'SEARCH' } as const;

/**
 * Chat threads (spec §2): the history lists as keyset-paged infinite queries and rename / star /
 * delete / restore (one thread with its messages is the chat's `getChatThread`). Starring and
 * deleting update every cached list at once and roll back when the server refuses.
 */
export const threadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listThreads: build.infiniteQuery<ThreadListResponse, ThreadListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => {
        const params: Record<string, string> = {};
        if (pageParam) params.cursor = pageParam;
        if (queryArg.starred) params.starred = 'true';
        if (queryArg.q) params.q = queryArg.q;
        if (queryArg.toolId) params.toolId = queryArg.toolId;
        return { url: '/threads', params };
      },
      providesTags: (result, _error, arg) => [
        arg.q ? SEARCH_TAG : LIST_TAG,
        ...(result?.pages.flatMap((page) => page.threads.map((t) => ({ type: 'Threads' as const, id: t.id }))) ?? []),
      ],
    }),
    renameThread: build.mutation<Thread, { id: string; title: string }>({
      query: ({ id, title }) => ({ url: `/threads/${encodeURIComponent(id)}`, method: 'PATCH', body: { title } }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          replaceCachedThread(dispatch, getState, data);
        } catch {
          // The caller shows the error; nothing was changed in the cache.
        }
      },
    }),
    setThreadStarred: build.mutation<Thread, { id: string; starred: boolean }>({
      query: ({ id, starred }) => ({ url: `/threads/${encodeURIComponent(id)}`, method: 'PATCH', body: { starred } }),
      async onQueryStarted({ id, starred }, { dispatch, getState, queryFulfilled }) {
        const cached = findCachedThread(getState, id);
        const patches = cached ? starCachedThread(dispatch, getState, { ...cached, starred }) : [];
        try {
          const { data } = await queryFulfilled;
          replaceCachedThread(dispatch, getState, data);
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    deleteThread: build.mutation<void, string>({
      query: (id) => ({ url: `/threads/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = updateLists(dispatch, getState, (draft) => {
          for (const page of draft.pages) page.threads = page.threads.filter((t) => t.id !== id);
        });
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    restoreThread: build.mutation<Thread, string>({
      query: (id) => ({ url: `/threads/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: [SEARCH_TAG],
      async onQueryStarted(_id, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          updateLists(dispatch, getState, (draft, args) => {
            if (!args.q && (!args.starred || data.starred)) insertSorted(draft, data);
          });
        } catch {
          // The caller shows the error.
        }
      },
    }),
  }),
});

export const {
  useListThreadsInfiniteQuery,
  useRenameThreadMutation,
  useSetThreadStarredMutation,
  useDeleteThreadMutation,
  useRestoreThreadMutation,
} = threadsApi;

// --- Cache updates shared by the mutations -------------------------------------------------------

type Dispatch = (action: UnknownAction | ((...args: never[]) => unknown)) => unknown;
type GetState = () => unknown;
/** What `updateQueryData` hands back; `undo` reverts the change. */
type PatchCollection = { undo: () => void };

function apiState(getState: GetState) {
  return getState() as Parameters<typeof threadsApi.util.selectCachedArgsForQuery>[0];
}

/** Applies a change to every cached history list; the returned patches undo it. */
function updateLists(
  dispatch: Dispatch,
  getState: GetState,
  recipe: (draft: ThreadPages, args: ThreadListArgs) => void,
): PatchCollection[] {
  const state = apiState(getState);
  return threadsApi.util.selectCachedArgsForQuery(state, 'listThreads').map(
    (args) =>
      dispatch(
        threadsApi.util.updateQueryData('listThreads', args, (draft) => {
          recipe(draft, args);
        }),
      ) as PatchCollection,
  );
}

/** A thread as some cached list knows it. */
function findCachedThread(getState: GetState, id: string): Thread | undefined {
  const state = apiState(getState);
  for (const args of threadsApi.util.selectCachedArgsForQuery(state, 'listThreads')) {
    const data = threadsApi.endpoints.listThreads.select(args)(state).data;
    const found = data?.pages.flatMap((p) => p.threads).find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Puts a thread where it belongs by last activity, unless that is past the pages loaded so far. */
function insertSorted(draft: ThreadPages, thread: Thread): void {
  if (draft.pages.some((p) => p.threads.some((t) => t.id === thread.id))) return;
  for (const page of draft.pages) {
    const index = page.threads.findIndex((t) => t.updatedAt < thread.updatedAt);
    if (index !== -1) {
      page.threads.splice(index, 0, thread);
      return;
    }
  }
  const last = draft.pages.at(-1);
  if (last && last.nextCursor === null) last.threads.push(thread);
}

/** Star or unstar: the flag changes everywhere, and the starred lists gain or lose the thread. */
function starCachedThread(dispatch: Dispatch, getState: GetState, thread: Thread): PatchCollection[] {
  return updateLists(dispatch, getState, (draft, args) => {
    if (args.toolId && args.toolId !== thread.toolId) return;
    if (args.starred && !args.q) {
      if (thread.starred) insertSorted(draft, thread);
      else for (const page of draft.pages) page.threads = page.threads.filter((t) => t.id !== thread.id);
      return;
    }
    for (const page of draft.pages) {
      for (const t of page.threads) if (t.id === thread.id) t.starred = thread.starred;
      if (args.starred && !thread.starred) page.threads = page.threads.filter((t) => t.id !== thread.id);
    }
  });
}

/** The server's copy of a changed thread replaces the cached one in the lists (the open chat owns its messages). */
function replaceCachedThread(dispatch: Dispatch, getState: GetState, thread: Thread): void {
  updateLists(dispatch, getState, (draft) => {
    for (const page of draft.pages) {
      const index = page.threads.findIndex((t) => t.id === thread.id);
      if (index !== -1) page.threads[index] = thread;
    }
  });
}
