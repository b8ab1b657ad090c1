import { Readable } from 'node:stream';
import { clientIdSchema, dataExportStateSchema, threadExportQuerySchema } from '@polymath/shared';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { attachmentDisposition } from '../../lib/storage/s3-file-store.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import { getOwnedThread } from '../threads/index.ts';
import { getDataExport, readyExportFile, startDataExport } from './data-export.service.ts';
import { slugOf, threadJson, threadMarkdown } from './thread-document.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** How long the signed storage URL of a download stays valid (it is asked for at the click). */
const SIGNED_URL_SECONDS = 300;

/** Text made as it is read, as a response body. */
function streamed(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  async function* encoded() {
    for await (const chunk of chunks) yield Buffer.from(chunk);
  }
  return Readable.toWeb(Readable.from(encoded())) as ReadableStream<Uint8Array>;
}

/**
 * /api/data-export: the signed-in person's copy of their data (decision 032) and single-thread
 * downloads. Only the session user's export and threads are ever read; another person's thread id
 * answers 404 like a missing one, and there is no export id in any URL.
 */
export function dataExportRoutes(auth: Auth) {
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get(
      '/',
      describeRoute({
        tags: ['data export'],
        summary: "The person's data export and its progress (null when none, or expired)",
        responses: { 200: jsonResponse('The export', dataExportStateSchema), ...errors(401) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json({ export: await getDataExport(c.var.deps.db, c.var.user.id) });
      },
    )
    .post(
      '/',
      describeRoute({
        tags: ['data export'],
        summary: 'Start building a copy of all my data (replaces a finished one)',
        description: 'One at a time: 409 EXPORT_IN_PROGRESS while one is being built. A mail says when it is ready.',
        responses: { 202: jsonResponse('Queued', dataExportStateSchema), ...errors(401, 409, 503) },
      }),
      async (c) => {
        const { db, files, jobs } = c.var.deps;
        if (!jobs) throw new AppError('SERVICE_UNAVAILABLE');
        return c.json({ export: await startDataExport(db, files, jobs, c.var.user.id) }, 202);
      },
    )
    .get(
      '/download',
      describeRoute({
        tags: ['data export'],
        summary: 'The ready zip (for 7 days), as an attachment',
        description: 'Served by the app from disk, or a redirect to a short-lived signed URL when files are in S3.',
        responses: {
          200: { description: 'The zip' },
          302: { description: 'A signed storage URL' },
          ...errors(401, 404),
        },
      }),
      async (c) => {
        const { db, files } = c.var.deps;
        const { key, readyAt } = await readyExportFile(db, c.var.user.id);
        const downloadName = `polymath-data-${readyAt.toISOString().slice(0, 10)}.zip`;
        c.header('cache-control', 'no-store');
        const signed = await files.signedUrl(key, {
          expiresInSeconds: SIGNED_URL_SECONDS,
          contentType: 'application/zip',
          downloadName,
        });
        if (signed) return c.redirect(signed, 302);
        const stored = await files.getStream(key);
        if (!stored) throw new AppError('NOT_FOUND', 'No copy of your data is ready to download.');
        return c.body(stored.body, 200, {
          'content-type': 'application/zip',
          'content-length': String(stored.size),
          'content-disposition': attachmentDisposition(downloadName),
          'x-content-type-options': 'nosniff',
        });
      },
    )
    .get(
      '/threads/:id',
      describeRoute({
        tags: ['data export'],
        summary: 'One thread as Markdown or JSON (format=markdown|json), as an attachment',
        responses: { 200: { description: 'The thread' }, ...errors(400, 401, 404) },
      }),
      validate('query', threadExportQuerySchema),
      async (c) => {
        const id = c.req.param('id');
        if (!clientIdSchema.safeParse(id).success) throw new AppError('NOT_FOUND');
        const { db } = c.var.deps;
        const thread = await getOwnedThread(db, c.var.user.id, id);
        if (!thread) throw new AppError('NOT_FOUND');
        const markdown = c.req.valid('query').format === 'markdown';
        const name = `${slugOf(thread.title)}.${markdown ? 'md' : 'json'}`;
        return c.body(streamed(markdown ? threadMarkdown(db, thread) : threadJson(db, thread)), 200, {
          'content-type': markdown ? 'text/markdown; charset=utf-8' : 'application/json; charset=utf-8',
          'content-disposition': attachmentDisposition(name),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        });
      },
    );
}
