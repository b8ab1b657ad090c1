import {
  DOCUMENT_ID,
  documentListSchema,
  documentPageParamsSchema,
  documentPageSchema,
  documentSchema,
  PDF_MAX_BYTES,
} from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import { NO_JOB_QUEUE } from '../../lib/queue/job-queue.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';
import {
  checkDocumentPlan,
  deleteDocument,
  getOwnedDocument,
  listDocuments,
  readDocumentPage,
  saveDocument,
  toDocumentItem,
} from './documents.service.ts';
import { type PdfReader, pdfReader } from './pdf-reader.ts';

/** Multipart framing around the PDF; anything beyond this is not a 25 MB PDF. */
export const DOCUMENT_BODY_LIMIT = PDF_MAX_BYTES + 64 * 1024;
const TOO_LARGE = 'The PDF is larger than 25 MB.';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** The :id of the URL; an id that cannot be a document's is as missing as another person's (404). */
function documentIdOf(c: Context<UserEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!DOCUMENT_ID.test(id)) throw new AppError('NOT_FOUND', 'Document not found.');
  return id;
}

/**
 * /api/documents: the signed-in person's PDFs (ask PDF). Uploading is Pro's; listing, reading a
 * page and deleting are the owner's whatever their plan (their own data). Another person's id
 * answers 404 exactly like a missing one.
 */
export function documentsRoutes(auth: Auth, reader: PdfReader = pdfReader, now: () => Date = () => new Date()) {
  // Per user, in this process (a shared store comes with Redis).
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .post(
      '/',
      describeRoute({
        tags: ['documents'],
        summary: 'Upload a PDF to ask about (Pro; multipart field "file", at most 25 MB and 500 pages)',
        description:
          'Checked by content (%PDF- as its first bytes and a document that opens without a password), stored under a ' +
          'server-chosen name, then read page by page by a job: poll GET /api/documents/:id for its progress. ' +
          'The answer is the document; a chat message carries it as a file part with url /api/documents/:id.',
        responses: {
          201: jsonResponse('Stored and queued for reading', documentSchema),
          ...errors(400, 401, 403, 413, 415, 429),
        },
      }),
      bodyLimit({
        maxSize: DOCUMENT_BODY_LIMIT,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
        },
      }),
      async (c) => {
        const { db, files, jobs } = c.var.deps;
        const { bytes, name } = await readUploadedFile(c, {
          field: 'file',
          maxBytes: PDF_MAX_BYTES,
          what: 'PDF',
          tooLarge: TOO_LARGE,
          admit: async () => {
            // Free users are refused before the body is read: nothing of theirs is parsed or kept.
            checkDocumentPlan(c.var.user.plan);
            await enforceLimit(c.var.deps.limits.limit('document-uploads', 30, 3600), c.var.user.id);
          },
        });
        const document = await saveDocument(
          { db, files, jobs: jobs ?? NO_JOB_QUEUE, reader },
          { userId: c.var.user.id, plan: c.var.user.plan, bytes, filename: name, now: now() },
        );
        return c.json(document, 201);
      },
    )
    .get(
      '/',
      describeRoute({
        tags: ['documents'],
        summary: "The person's documents, newest first, with their total size",
        responses: { 200: jsonResponse('Documents', documentListSchema), ...errors(401) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await listDocuments(c.var.deps.db, c.var.user.id));
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['documents'],
        summary: 'One document: its status and reading progress (pagesRead of pages)',
        responses: { 200: jsonResponse('The document', documentSchema), ...errors(401, 404) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(toDocumentItem(await getOwnedDocument(c.var.deps.db, c.var.user.id, documentIdOf(c))));
      },
    )
    .get(
      '/:id/pages/:page',
      describeRoute({
        tags: ['documents'],
        summary: "One page's text (what a citation opens)",
        responses: {
          200: jsonResponse('The page', documentPageSchema),
          ...errors(400, 401, 404, 409),
        },
      }),
      async (c) => {
        const id = documentIdOf(c);
        const parsed = documentPageParamsSchema.safeParse({ id, page: c.req.param('page') });
        if (!parsed.success) throw new AppError('NOT_FOUND', 'The document has no such page.');
        c.header('cache-control', 'private, no-cache');
        return c.json(await readDocumentPage(c.var.deps.db, c.var.user.id, id, parsed.data.page));
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['documents'],
        summary: 'Delete a document, its text and its file',
        responses: { 204: { description: 'Deleted' }, ...errors(401, 404) },
      }),
      async (c) => {
        const { db, files } = c.var.deps;
        await deleteDocument(db, files, c.var.user.id, documentIdOf(c));
        return c.body(null, 204);
      },
    );
}
