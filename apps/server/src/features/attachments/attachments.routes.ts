import { attachmentResponseSchema, CHAT_ATTACHMENT_MAX_BYTES } from '@polymath/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';
import { readAttachment, saveAttachment } from './attachments.service.ts';

/** Multipart framing around the image; anything beyond this is not a 5 MB image. */
const ATTACHMENT_BODY_LIMIT = CHAT_ATTACHMENT_MAX_BYTES + 64 * 1024;
const TOO_LARGE = 'The image is larger than 5 MB.';

const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** POST /api/chat/attachments: upload an image to attach to a chat message. */
export function attachmentUploadRoutes(auth: Auth) {
  // Per user, in this process (a shared store comes with Redis).

  return new Hono<UserEnv>().use(requireUser(auth)).post(
    '/',
    describeRoute({
      tags: ['chat'],
      summary: 'Upload an image for a chat message (multipart field "file": JPEG, PNG, WebP or GIF, at most 5 MB)',
      description:
        'Checked by content, re-encoded to a WebP of at most 2048 px on the long side without metadata (first ' +
        'frame of a GIF) and stored under a server-chosen name. The answer is the file part the message carries.',
      responses: {
        201: {
          description: 'Stored',
          content: { 'application/json': { schema: resolver(attachmentResponseSchema) } },
        },
        ...errorResponses(400, 401, 403, 413, 415, 429),
      },
    }),
    bodyLimit({
      maxSize: ATTACHMENT_BODY_LIMIT,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      },
    }),
    async (c) => {
      const { bytes, name } = await readUploadedFile(c, {
        field: 'file',
        maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
        what: 'image',
        tooLarge: TOO_LARGE,
        admit: async () => {
          await enforceLimit(c.var.deps.limits.limit('chat-attachments', 60, 3600), c.var.user.id);
        },
      });
      return c.json(await saveAttachment(c.var.deps.files, c.var.user.id, bytes, name), 201);
    },
  );
}

/**
 * GET /api/files/attachments/:name: an attachment, only to its owner (404 for any other name, so one
 * user cannot read another's image even knowing its name), as image/webp that is never sniffed.
 */
export function attachmentFileRoutes(auth: Auth) {
  return new Hono<UserEnv>().use(requireUser(auth)).get(
    '/:name',
    describeRoute({
      tags: ['chat'],
      summary: 'An image the signed-in user attached to a chat message',
      responses: { 200: { description: 'image/webp' }, ...errorResponses(401, 404) },
    }),
    async (c) => {
      const bytes = await readAttachment(c.var.deps.files, c.var.user.id, c.req.param('name'));
      if (!bytes) throw new AppError('NOT_FOUND');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        // Names are random and never reused: the bytes behind one never change.
        'cache-control': 'private, max-age=31536000, immutable',
        'content-disposition': 'inline',
      });
    },
  );
}
