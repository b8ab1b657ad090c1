import type { DocumentItem, DocumentList, DocumentPage } from '@polymath/shared';
import { baseApi } from './base-api.ts';

/**
 * The person's PDFs (ask PDF): chat attaches and cites them, Settings → Account lists them, so
 * they live here rather than in either feature. Uploads go through the chat's upload helper
 * (XMLHttpRequest, for progress).
 */
export const documentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listDocuments: build.query<DocumentList, void>({
      query: () => '/documents',
      providesTags: ['Documents'],
    }),
    /** Polled by an attachment chip while the document is read. */
    getDocument: build.query<DocumentItem, string>({
      query: (id) => `/documents/${encodeURIComponent(id)}`,
    }),
    getDocumentPage: build.query<DocumentPage, { id: string; page: number }>({
      query: ({ id, page }) => `/documents/${encodeURIComponent(id)}/pages/${page}`,
    }),
    deleteDocument: build.mutation<void, string>({
      query: (id) => ({ url: `/documents/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Documents'],
    }),
  }),
});

export const { useListDocumentsQuery, useGetDocumentQuery, useGetDocumentPageQuery, useDeleteDocumentMutation } =
  documentsApi;
