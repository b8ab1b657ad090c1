import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';

const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** What a tool's photo upload checks, stores and serves back (the tattoo spot, the photo to translate). */
export type PhotoUploadSpec = {
  /** The OpenAPI tag: the tool's id. */
  tag: string;
  summary: string;
  description: string;
  /** The photo's own limit; the body may carry 64 KB of multipart framing beyond it. */
  maxBytes: number;
  /** The 413 for a body over the limit (with `details.reason` for the page). */
  tooLarge: { message: string; details: Record<string, unknown> };
  stored: z.ZodType;
  /** Checks the bytes by content and stores them in the person's folder; throws a 4xx AppError. */
  save(files: FileStore, userId: string, bytes: Uint8Array): Promise<unknown>;
  /** The person's own photo, or null (another person's id looks exactly like a missing one). */
  read(files: FileStore, userId: string, id: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
};

/**
 * A tool's photo upload: POST / (multipart field "file"; signed-in people only, 60 an hour each,
 * counted across instances) and GET /:id, served only to its owner.
 */
export function photoUploadRoutes(auth: Auth, spec: PhotoUploadSpec) {
  const bodyMax = spec.maxBytes + 64 * 1024;
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', spec.tooLarge.message, spec.tooLarge.details);
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .post(
      '/',
      describeRoute({
        tags: [spec.tag],
        summary: spec.summary,
        description: spec.description,
        responses: {
          201: { description: 'Stored', content: { 'application/json': { schema: resolver(spec.stored) } } },
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      }),
      bodyLimit({
        maxSize: bodyMax,
        onError: () => {
          throw tooLarge();
        },
      }),
      async (c) => {
        const { bytes } = await readUploadedFile(c, {
          field: 'file',
          // The check refuses anything over the photo's limit with its reason; this only bounds the read.
          maxBytes: bodyMax,
          what: 'photo',
          tooLarge: spec.tooLarge.message,
          admit: () => enforceLimit(c.var.deps.limits.limit(`${spec.tag}-photos`, 60, 3600), c.var.user.id),
        });
        return c.json(await spec.save(c.var.deps.files, c.var.user.id, bytes), 201);
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: [spec.tag],
        summary: 'A photo the signed-in person uploaded',
        responses: { 200: { description: 'The photo' }, ...errorResponses(401, 404) },
      }),
      async (c) => {
        const photo = await spec.read(c.var.deps.files, c.var.user.id, c.req.param('id'));
        if (!photo) throw new AppError('NOT_FOUND', 'Photo not found.');
        return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
          'content-type': photo.contentType,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, max-age=31536000, immutable',
          'content-disposition': 'inline',
        });
      },
    );
}
