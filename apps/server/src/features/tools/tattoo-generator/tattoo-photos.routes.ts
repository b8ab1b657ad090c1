import { TATTOO_PHOTO_MAX_BYTES, TATTOO_PHOTO_MESSAGES, tattooPhotoSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import { AppError } from '../../../lib/app-error.ts';
import { createRateLimiter } from '../../../lib/rate-limit.ts';
import { readUploadedFile } from '../../../lib/uploaded-file.ts';
import type { Auth } from '../../auth/auth.ts';
import { requireUser, type UserEnv } from '../../auth/require-user.ts';
import { readTattooPhoto, saveTattooPhoto } from './tattoo-photos.service.ts';

/** Multipart framing around the photo; anything beyond this is not a 10 MB photo. */
export const TATTOO_PHOTO_BODY_LIMIT = TATTOO_PHOTO_MAX_BYTES + 64 * 1024;

const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', TATTOO_PHOTO_MESSAGES.tooLarge, { reason: 'tooLarge' });

/**
 * /api/tattoo/photos: upload a photo of the body part (POST, multipart field "file") and get it back
 * (GET /:id, only its owner; anyone else gets 404 as for a missing one).
 */
export function tattooPhotoRoutes(auth: Auth) {
  // Per user, in this process.
  const limiter = createRateLimiter({ limit: 60, windowMs: 60 * 60_000 });
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .post(
      '/',
      describeRoute({
        tags: ['tattoo-generator'],
        summary: 'Upload a photo of where the tattoo goes (multipart field "file": JPEG, PNG or WebP, at most 10 MB)',
        description:
          'Checked by content (type by magic bytes, dimensions from the header before decoding: at most 8000 px a side ' +
          'and 40 MP), turned by its EXIF orientation, re-encoded as a JPEG of at most 2048 px without metadata and ' +
          'stored under a server-chosen id, which the chat request names in toolInput.photoId.',
        responses: {
          201: { description: 'Stored', content: { 'application/json': { schema: resolver(tattooPhotoSchema) } } },
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      }),
      bodyLimit({
        maxSize: TATTOO_PHOTO_BODY_LIMIT,
        onError: () => {
          throw tooLarge();
        },
      }),
      async (c) => {
        const { bytes } = await readUploadedFile(c, {
          field: 'file',
          // The service refuses anything over 10 MB with its reason; this only bounds the read.
          maxBytes: TATTOO_PHOTO_BODY_LIMIT,
          what: 'photo',
          tooLarge: TATTOO_PHOTO_MESSAGES.tooLarge,
          admit: () => {
            if (!limiter.hit(c.var.user.id)) throw new AppError('RATE_LIMITED');
          },
        });
        return c.json(await saveTattooPhoto(c.var.deps.files, c.var.user.id, bytes), 201);
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['tattoo-generator'],
        summary: 'A photo the signed-in person uploaded',
        responses: { 200: { description: 'image/jpeg' }, ...errorResponses(401, 404) },
      }),
      async (c) => {
        const bytes = await readTattooPhoto(c.var.deps.files, c.var.user.id, c.req.param('id'));
        if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found.');
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'content-type': 'image/jpeg',
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, max-age=31536000, immutable',
          'content-disposition': 'inline',
        });
      },
    );
}
