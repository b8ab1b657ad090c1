import { sharedChatSchema } from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { enforceLimit } from '../../lib/limits.ts';
import { readSharedChat, sharedImageFile, sharedPhotoFile } from './shares.service.ts';

const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** How long a signed storage URL for a shared picture stays valid. */
const SIGNED_URL_SECONDS = 300;

/**
 * Nothing of a shared chat is kept by a browser or a cache in between: a link that is turned off
 * must stop at once, and the answers must not be indexed.
 */
function privateAnswer(c: Context<AppEnv>) {
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  c.header('referrer-policy', 'no-referrer');
}

/** Serves a stored file of a share: a redirect to a signed URL (S3) or the bytes (disk). */
async function sendFile(c: Context<AppEnv>, key: string, contentType: string) {
  const { files } = c.var.deps;
  privateAnswer(c);
  const signed = await files.signedUrl(key, { expiresInSeconds: SIGNED_URL_SECONDS, contentType });
  if (signed) return c.redirect(signed, 302);
  const bytes = await files.get(key);
  if (!bytes) throw new AppError('NOT_FOUND');
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': contentType,
    'content-disposition': 'inline',
    'x-content-type-options': 'nosniff',
  });
}

/**
 * /api/shared/:shareId: a shared chat and its pictures for whoever holds the link, signed in or not
 * (decision 032). Read from the database every time; a link that was turned off (or whose chat was
 * deleted) answers 410 SHARE_REVOKED, an unknown one 404. Nothing in an answer names the owner beyond
 * the name they chose to show. Limited per address, like the other public routes.
 */
export function sharedRoutes() {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await enforceLimit(c.var.deps.limits.limit('shared-chats', 600, 60), clientIp(c, c.var.deps.env.TRUST_PROXY));
      await next();
    })
    .get(
      '/:shareId',
      describeRoute({
        tags: ['shared chats'],
        summary: 'A shared chat as its owner shared it (public)',
        responses: {
          200: { description: 'The chat', content: { 'application/json': { schema: resolver(sharedChatSchema) } } },
          ...errors(404, 410, 429),
        },
      }),
      async (c) => {
        privateAnswer(c);
        return c.json(await readSharedChat(c.var.deps.db, c.req.param('shareId')));
      },
    )
    .get(
      '/:shareId/images/:imageId',
      describeRoute({
        tags: ['shared chats'],
        summary: 'A picture of a shared chat (variant=thumb for its thumbnail); only those the chat shows',
        responses: { 200: { description: 'The picture' }, 302: { description: 'A signed URL' }, ...errors(404, 429) },
      }),
      async (c) => {
        const thumb = c.req.query('variant') === 'thumb';
        const file = await sharedImageFile(c.var.deps.db, c.req.param('shareId'), c.req.param('imageId'), thumb);
        return sendFile(c, file.key, file.contentType);
      },
    )
    .get(
      '/:shareId/photos/:name',
      describeRoute({
        tags: ['shared chats'],
        summary: "A photo attached to a shared chat's message, when its owner chose to share their photos",
        responses: { 200: { description: 'The photo' }, 302: { description: 'A signed URL' }, ...errors(404, 429) },
      }),
      async (c) => {
        const file = await sharedPhotoFile(c.var.deps.db, c.req.param('shareId'), c.req.param('name'));
        return sendFile(c, file.key, 'image/webp');
      },
    );
}
