import { PHOTO_TRANSLATE_MAX_BYTES, PHOTO_TRANSLATE_MESSAGES, photoTranslatePhotoSchema } from '@polymath/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import { AppError } from '../../../lib/app-error.ts';
import { createRateLimiter } from '../../../lib/rate-limit.ts';
import { readUploadedFile } from '../../../lib/uploaded-file.ts';
import type { Auth } from '../../auth/auth.ts';
import { requireUser, type UserEnv } from '../../auth/require-user.ts';
import { readPhotoToTranslate, savePhotoToTranslate } from './photo-translate-photos.service.ts';

/** Multipart framing around the photo; anything beyond this is not a 10 MB photo. */
export const PHOTO_TRANSLATE_BODY_LIMIT = PHOTO_TRANSLATE_MAX_BYTES + 64 * 1024;

const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', PHOTO_TRANSLATE_MESSAGES.tooLarge, { reason: 'tooLarge' });

/**
 * /api/photo-translate/photos: upload a photo to translate (POST, multipart field "file") and get it
 * back (GET /:id, only its owner; anyone else gets 404 as for a missing one).
 */
export function photoTranslatePhotoRoutes(auth: Auth) {
  // Per user, in this process.
  const limiter = createRateLimiter({ limit: 60, windowMs: 60 * 60_000 });
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .post(
      '/',
      describeRoute({
        tags: ['photo-translate'],
        summary: 'Upload a photo to translate (multipart field "file": JPEG, JPG or PNG, at most 10 MB)',
        description:
          'Checked by content (type by magic bytes, a whole file, dimensions from the header before decoding: at ' +
          'most 8000 px a side and 40 MP) and stored unchanged under a server-chosen id, which the chat request ' +
          'names in toolInput.photoId.',
        responses: {
          201: {
            description: 'Stored',
            content: { 'application/json': { schema: resolver(photoTranslatePhotoSchema) } },
          },
          ...errorResponses(400, 401, 413, 415, 429),
        },
      }),
      bodyLimit({
        maxSize: PHOTO_TRANSLATE_BODY_LIMIT,
        onError: () => {
          throw tooLarge();
        },
      }),
      async (c) => {
        const { bytes } = await readUploadedFile(c, {
          field: 'file',
          // The check refuses anything over 10 MB with its reason; this only bounds the read.
          maxBytes: PHOTO_TRANSLATE_BODY_LIMIT,
          what: 'photo',
          tooLarge: PHOTO_TRANSLATE_MESSAGES.tooLarge,
          admit: () => {
            if (!limiter.hit(c.var.user.id)) throw new AppError('RATE_LIMITED');
          },
        });
        return c.json(await savePhotoToTranslate(c.var.deps.files, c.var.user.id, bytes), 201);
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['photo-translate'],
        summary: 'A photo the signed-in person uploaded to translate',
        responses: { 200: { description: 'image/jpeg or image/png' }, ...errorResponses(401, 404) },
      }),
      async (c) => {
        const photo = await readPhotoToTranslate(c.var.deps.files, c.var.user.id, c.req.param('id'));
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
