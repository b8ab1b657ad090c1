import { z } from 'zod';
import { ERROR_CODES } from '../errors/error-codes.ts';

/**
 * Ask PDF (a Pro tool, spec §1 and §6): PDFs a person attaches to AI Chat. Each is checked by
 * content when it is uploaded, read page by page by a job, and answered from with page citations.
 */

/** The largest PDF a person may attach. */
export const PDF_MAX_BYTES = 25 * 1024 * 1024;
/** The longest PDF a person may attach. */
export const PDF_MAX_PAGES = 500;
export const PDF_MEDIA_TYPE = 'application/pdf';
/** Documents one message may carry. */
export const PDFS_PER_MESSAGE = 4;

/** Where a document's file part points: the document itself (its id is the server's). */
export const DOCUMENT_URL_PREFIX = '/api/documents/';
export const DOCUMENT_ID = /^[A-Za-z0-9_-]{16}$/;
export const documentIdSchema = z.string().regex(DOCUMENT_ID);

export function documentUrl(id: string): string {
  return `${DOCUMENT_URL_PREFIX}${id}`;
}

/** The document id in a file part's url, or null when the url is not a document's. */
export function documentIdFromUrl(url: string): string | null {
  if (!url.startsWith(DOCUMENT_URL_PREFIX)) return null;
  const id = url.slice(DOCUMENT_URL_PREFIX.length);
  return DOCUMENT_ID.test(id) ? id : null;
}

/**
 * queued: stored, waiting for the reader; reading: pages are being read (pagesRead of pages);
 * ready: its text can be asked about; failed: it could not be read (error says why, e.g. no text layer).
 */
export const DOCUMENT_STATUSES = ['queued', 'reading', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const documentSchema = z.object({
  id: z.string(),
  /** The file name the browser gave, for display. */
  name: z.string(),
  /** Size of the PDF in bytes. */
  bytes: z.number().int(),
  pages: z.number().int(),
  pagesRead: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }).nullable(),
  createdAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentSchema>;

export const documentListSchema = z.object({
  documents: z.array(documentSchema),
  /** Bytes of every document together. */
  totalBytes: z.number().int(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

/** GET /api/documents/:id/pages/:page: one page's text, for the citation panel. */
export const documentPageSchema = z.object({
  documentId: z.string(),
  name: z.string(),
  page: z.number().int(),
  pages: z.number().int(),
  text: z.string(),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

export const documentPageParamsSchema = z.object({
  id: documentIdSchema,
  page: z.coerce.number().int().min(1).max(PDF_MAX_PAGES),
});
