import type { ChatToolId, ImageItem, ImageListResponse, ImageUsage } from '@polymath/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { InfiniteData } from '@reduxjs/toolkit/query';
import { baseApi } from '../../lib/api/base-api.ts';

/**
 * Every cache entry is keyed by the signed-in person as well (never sent: the session says who
 * asks), so an entry cached for one person can never be shown to the next one on this browser.
 */
type Owned = { userId: string };
/** One cached gallery list: every image, or one tool's. */
export type ImageListArgs = Owned & { toolId: ChatToolId | null };
export type AnswerImagesArgs = Owned & { answerId: string };
export type ImageArgs = Owned & { id: string };
type ImagePages = InfiniteData<ImageListResponse, string | null>;

/** How often an image still being made is asked about again. */
export const IMAGE_POLL_MS = 2000;

/** An answer never holds more images than this (4 asked for, then variations); one page reads them all. */
const ANSWER_IMAGES_LIMIT = 60;

export function isImagePending(image: Pick<ImageItem, 'status'>): boolean {
  return image.status === 'queued' || image.status === 'generating';
}

/**
 * Images deleted here and not restored. A list fetched while a delete was on its way would
 * otherwise bring the image back until the next fetch (which, once everything has settled, may
 * never come).
 */
const deletedIds = new Set<string>();
/** Deleted here and not restored (so not worth asking the server for). */
export const isDeletedImage = (id: string) => deletedIds.has(id);
const withoutDeleted = (images: ImageItem[]) =>
  deletedIds.size === 0 ? images : images.filter((image) => !deletedIds.has(image.id));

const LIST_TAG = { type: 'Images', id: 'LIST' } as const;
const answerTag = (answerId: string) => ({ type: 'Images' as const, id: `ANSWER:${answerId}` });
const USAGE_TAG = 'ImageUsage' as const;

/**
 * The person's images (the gallery, an answer's cards, the lightbox): keyset pages newest first,
 * one answer's images oldest first, one image, Pro's fair-use allowance, and delete / restore /
 * variations. Every cached list is patched in place when an image changes anywhere, so a card, a
 * gallery tile and the lightbox never disagree and nothing refetches whole pages.
 */
export const imagesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Images', 'ImageUsage'] }).injectEndpoints({
  endpoints: (build) => ({
    listImages: build.infiniteQuery<ImageListResponse, ImageListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => {
        const params: Record<string, string> = {};
        if (pageParam) params.cursor = pageParam;
        if (queryArg.toolId) params.toolId = queryArg.toolId;
        return { url: '/images', params };
      },
      transformResponse: (response: ImageListResponse) => ({ ...response, images: withoutDeleted(response.images) }),
      providesTags: [LIST_TAG],
    }),
    /** One answer's images in the order they were asked for (variations come last). */
    listAnswerImages: build.query<ImageItem[], AnswerImagesArgs>({
      query: ({ answerId }) => ({ url: '/images', params: { answerId, limit: String(ANSWER_IMAGES_LIMIT) } }),
      transformResponse: (response: ImageListResponse) => withoutDeleted([...response.images].reverse()),
      providesTags: (_result, _error, { answerId }) => [answerTag(answerId)],
      async onQueryStarted(_answerId, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The gallery may be cached from before these images existed or settled.
          for (const image of data) putInGalleryLists(dispatch, getState, image);
        } catch {
          // The cards show the error.
        }
      },
    }),
    getImage: build.query<ImageItem, ImageArgs>({
      query: ({ id }) => `/images/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, { id }) => [{ type: 'Images', id }],
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          replaceCachedImage(dispatch, getState, data);
        } catch (error) {
          // Deleted elsewhere (another tab): it leaves the lists too.
          if ((error as { error?: { status?: unknown } }).error?.status === 404) {
            removeCachedImage(dispatch, getState, id);
          }
        }
      },
    }),
    /** The argument is the person's id (the cache key). */
    getImageUsage: build.query<ImageUsage, string>({
      query: () => '/images/usage',
      providesTags: [USAGE_TAG],
    }),
    /** Hides the image at once everywhere; it comes back if the server refuses. */
    deleteImage: build.mutation<void, string>({
      query: (id) => ({ url: `/images/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        deletedIds.add(id);
        const patches = removeCachedImage(dispatch, getState, id);
        try {
          await queryFulfilled;
        } catch {
          deletedIds.delete(id);
          for (const patch of patches) patch.undo();
        }
      },
    }),
    restoreImage: build.mutation<ImageItem, string>({
      query: (id) => ({ url: `/images/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          deletedIds.delete(id);
          putInGalleryLists(dispatch, getState, data);
          putInAnswerList(dispatch, getState, data);
        } catch {
          // The caller shows the error.
        }
      },
    }),
    /** More images from the same prompt (Pro): new queued images beside the old one, never over it. */
    createImageVariations: build.mutation<ImageItem[], { id: string; count: number }>({
      query: ({ id, count }) => ({
        url: `/images/${encodeURIComponent(id)}/variations`,
        method: 'POST',
        body: { count },
      }),
      transformResponse: (response: ImageListResponse) => response.images,
      invalidatesTags: [USAGE_TAG],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          for (const image of data) {
            putInGalleryLists(dispatch, getState, image);
            putInAnswerList(dispatch, getState, image);
          }
        } catch {
          // The caller shows the error.
        }
      },
    }),
  }),
});

export const {
  useListImagesInfiniteQuery,
  useListAnswerImagesQuery,
  useGetImageQuery,
  useGetImageUsageQuery,
  useCreateImageVariationsMutation,
} = imagesApi;

// --- Cache updates shared by the endpoints -------------------------------------------------------

type Dispatch = (action: UnknownAction | ((...args: never[]) => unknown)) => unknown;
type GetState = () => unknown;
/** What `updateQueryData` hands back; `undo` reverts the change. */
type PatchCollection = { undo: () => void };

function apiState(getState: GetState) {
  return getState() as Parameters<typeof imagesApi.util.selectCachedArgsForQuery>[0] & {
    user: { currentUser: { id: string } | null };
  };
}

/** The cached arguments of a query that belong to the person signed in now. */
function ownedArgs<Name extends 'listImages' | 'listAnswerImages'>(getState: GetState, name: Name) {
  const state = apiState(getState);
  const userId = state.user.currentUser?.id;
  return imagesApi.util.selectCachedArgsForQuery(state, name).filter((args) => args.userId === userId);
}

/** Newest first, as the server pages them (created at, then id). */
function newerThan(a: ImageItem, b: ImageItem): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

function updateGalleryLists(
  dispatch: Dispatch,
  getState: GetState,
  recipe: (draft: ImagePages, args: ImageListArgs) => void,
): PatchCollection[] {
  return ownedArgs(getState, 'listImages').map(
    (args) =>
      dispatch(
        imagesApi.util.updateQueryData('listImages', args, (draft) => {
          recipe(draft, args);
        }),
      ) as PatchCollection,
  );
}

function updateAnswerLists(
  dispatch: Dispatch,
  getState: GetState,
  recipe: (draft: ImageItem[], answerId: string) => void,
): PatchCollection[] {
  return ownedArgs(getState, 'listAnswerImages').map(
    (args) =>
      dispatch(
        imagesApi.util.updateQueryData('listAnswerImages', args, (draft) => {
          recipe(draft, args.answerId);
        }),
      ) as PatchCollection,
  );
}

/**
 * Puts an image in every gallery list it belongs to: replaced where it is, else inserted where it
 * sorts, unless that is past the pages loaded so far (it arrives with its page).
 */
function putInGalleryLists(dispatch: Dispatch, getState: GetState, image: ImageItem): void {
  updateGalleryLists(dispatch, getState, (draft, args) => {
    if (args.toolId && args.toolId !== image.toolId) return;
    for (const page of draft.pages) {
      const index = page.images.findIndex((i) => i.id === image.id);
      if (index !== -1) {
        page.images[index] = image;
        return;
      }
    }
    for (const page of draft.pages) {
      const index = page.images.findIndex((i) => newerThan(image, i));
      if (index !== -1) {
        page.images.splice(index, 0, image);
        return;
      }
    }
    const last = draft.pages.at(-1);
    if (last && last.nextCursor === null) last.images.push(image);
  });
}

/** Puts an image in its answer's cached cards, in the order they were asked for. */
function putInAnswerList(dispatch: Dispatch, getState: GetState, image: ImageItem): void {
  if (!image.answerId) return;
  const answerId = image.answerId;
  updateAnswerLists(dispatch, getState, (draft, id) => {
    if (id !== answerId) return;
    const index = draft.findIndex((i) => i.id === image.id);
    if (index !== -1) {
      draft[index] = image;
      return;
    }
    const after = draft.findIndex((i) => newerThan(i, image));
    if (after === -1) draft.push(image);
    else draft.splice(after, 0, image);
  });
}

/** The server's latest copy of an image replaces the cached one wherever it is shown. */
function replaceCachedImage(dispatch: Dispatch, getState: GetState, image: ImageItem): void {
  updateGalleryLists(dispatch, getState, (draft) => {
    for (const page of draft.pages) {
      const index = page.images.findIndex((i) => i.id === image.id);
      if (index !== -1) page.images[index] = image;
    }
  });
  updateAnswerLists(dispatch, getState, (draft) => {
    const index = draft.findIndex((i) => i.id === image.id);
    if (index !== -1) draft[index] = image;
  });
}

function removeCachedImage(dispatch: Dispatch, getState: GetState, id: string): PatchCollection[] {
  return [
    ...updateGalleryLists(dispatch, getState, (draft) => {
      for (const page of draft.pages) page.images = page.images.filter((i) => i.id !== id);
    }),
    ...updateAnswerLists(dispatch, getState, (draft) => {
      const index = draft.findIndex((i) => i.id === id);
      if (index !== -1) draft.splice(index, 1);
    }),
  ];
}
