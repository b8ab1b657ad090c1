import {
  clientIdSchema,
  continuedChatSchema,
  SHARE_ID,
  shareListSchema,
  shareSchema,
  shareSettingsSchema,
  threadShareSchema,
} from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import { continueSharedChat, getThreadShare, listShares, revokeShare, shareThread } from './shares.service.ts';

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

/** The :threadId of the URL; one that cannot be a thread's is as missing as another person's (404). */
function threadIdOf(c: Context<UserEnv>): string {
  const id = c.req.param('threadId') ?? '';
  if (!clientIdSchema.safeParse(id).success) throw new AppError('NOT_FOUND');
  return id;
}

function shareIdOf(c: Context<UserEnv>): string {
  const id = c.req.param('shareId') ?? '';
  if (!SHARE_ID.test(id)) throw new AppError('NOT_FOUND');
  return id;
}

/**
 * /api/shares: the signed-in person's shared links (decision 032), and "Continue this chat" for a
 * signed-in visitor of someone's link. Only the session user's threads can be shared and only their
 * links listed or revoked; another person's thread or link answers 404 like a missing one.
 */
export function sharesRoutes(auth: Auth) {
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get(
      '/',
      describeRoute({
        tags: ['shared chats'],
        summary: "The person's live shared links, newest first",
        responses: { 200: jsonResponse('The links', shareListSchema), ...errors(401) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json({ shares: await listShares(c.var.deps.db, c.var.user.id) });
      },
    )
    .get(
      '/threads/:threadId',
      describeRoute({
        tags: ['shared chats'],
        summary: "A thread's live link, if any, with its uploaded photos and the name that would show",
        responses: { 200: jsonResponse('The thread and its link', threadShareSchema), ...errors(401, 404) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await getThreadShare(c.var.deps.db, c.var.user.id, threadIdOf(c)));
      },
    )
    .put(
      '/threads/:threadId',
      describeRoute({
        tags: ['shared chats'],
        summary: 'Share the thread as it is now, or update its link to show it as it is now',
        description:
          'The link is /share/<id>; updating keeps the id. `showName`: the page shows your display name; ' +
          '`includePhotos`: the photos you uploaded to it (and pictures made from them) are shown.',
        responses: { 200: jsonResponse('The link', shareSchema), ...errors(400, 401, 404) },
      }),
      validate('json', shareSettingsSchema),
      async (c) => c.json(await shareThread(c.var.deps.db, c.var.user.id, threadIdOf(c), c.req.valid('json'))),
    )
    .delete(
      '/:shareId',
      describeRoute({
        tags: ['shared chats'],
        summary: 'Turn a link off: it says so from then on, everywhere at once',
        responses: { 204: { description: 'Turned off' }, ...errors(401, 404) },
      }),
      async (c) => {
        await revokeShare(c.var.deps.db, c.var.user.id, shareIdOf(c));
        return c.body(null, 204);
      },
    )
    .post(
      '/:shareId/continue',
      describeRoute({
        tags: ['shared chats'],
        summary: "Copy a shared chat into the signed-in person's own history, to continue it",
        responses: { 201: jsonResponse('The copy', continuedChatSchema), ...errors(401, 404, 410) },
      }),
      async (c) => c.json(await continueSharedChat(c.var.deps.db, c.var.user.id, shareIdOf(c)), 201),
    );
}
