import {
  clientIdSchema,
  threadDetailSchema,
  threadListQuerySchema,
  threadListResponseSchema,
  threadMessagesPageSchema,
  threadMessagesQuerySchema,
  threadSchema,
  updateThreadSchema,
} from '@polymath/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/index.ts';
import { requireUser, type UserEnv } from '../auth/index.ts';
import {
  deleteThread,
  getThreadDetail,
  getThreadMessages,
  listThreads,
  restoreThread,
  updateThread,
} from './threads.service.ts';

const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error (${code}): { error: { code, message } }` }]));

const jsonResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

/** The :id of the URL; an id that cannot be a thread's is as missing as another user's (404). */
function threadIdOf(c: Context<UserEnv>): string {
  const id = c.req.param('id') ?? '';
  if (!clientIdSchema.safeParse(id).success) throw new AppError('NOT_FOUND');
  return id;
}

/**
 * /api/threads: the signed-in user's chat history. Only the session user's threads are ever read or
 * changed; another user's thread id answers 404 exactly like a missing one.
 */
/** `stop` ends an answer still running in a deleted thread (the chat runtime's stop). */
export function threadsRoutes(auth: Auth, stop: (answerId: string) => Promise<void> = async () => {}) {
  return new Hono<UserEnv>()
    .use(requireUser(auth))
    .get(
      '/',
      describeRoute({
        tags: ['threads'],
        summary: "The signed-in user's threads, most recently active first",
        description:
          'Keyset pages: pass `nextCursor` as `cursor` for the next page. `starred=true` lists starred threads; ' +
          '`q` searches titles and message text (every word, as a prefix). Free plans see the last 30 days.',
        responses: { 200: jsonResponse('A page of threads', threadListResponseSchema), ...errorResponses(400, 401) },
      }),
      validate('query', threadListQuerySchema),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await listThreads(c.var.deps.db, c.var.user, c.req.valid('query')));
      },
    )
    .get(
      '/:id',
      describeRoute({
        tags: ['threads'],
        summary: 'A thread with its newest messages and the answer being generated, if any',
        description:
          'At most 100 messages, oldest first; `olderCursor` (null when these are all) is the `cursor` of ' +
          'GET /api/threads/:id/messages for the ones before.',
        responses: { 200: jsonResponse('The thread', threadDetailSchema), ...errorResponses(401, 404) },
      }),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await getThreadDetail(c.var.deps.db, c.var.user, threadIdOf(c)));
      },
    )
    .get(
      '/:id/messages',
      describeRoute({
        tags: ['threads'],
        summary: 'Older messages of a thread: the page before `cursor`',
        description: "Oldest first; pass the answer's `olderCursor` again for the page before, until it is null.",
        responses: {
          200: jsonResponse('A page of messages', threadMessagesPageSchema),
          ...errorResponses(400, 401, 404),
        },
      }),
      validate('query', threadMessagesQuerySchema),
      async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await getThreadMessages(c.var.deps.db, c.var.user, threadIdOf(c), c.req.valid('query')));
      },
    )
    .patch(
      '/:id',
      describeRoute({
        tags: ['threads'],
        summary: 'Rename (at most 50 characters) or star a thread',
        description: 'Neither changes the order of the history (updatedAt is last activity).',
        responses: { 200: jsonResponse('The updated thread', threadSchema), ...errorResponses(400, 401, 404) },
      }),
      validate('json', updateThreadSchema),
      async (c) => c.json(await updateThread(c.var.deps.db, c.var.user, threadIdOf(c), c.req.valid('json'))),
    )
    .delete(
      '/:id',
      describeRoute({
        tags: ['threads'],
        summary: 'Delete a thread (can be undone with POST /api/threads/{id}/restore)',
        responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
      }),
      async (c) => {
        const { activeAnswerId } = await deleteThread(c.var.deps.db, c.var.user, threadIdOf(c));
        if (activeAnswerId) await stop(activeAnswerId);
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/restore',
      describeRoute({
        tags: ['threads'],
        summary: 'Undo the deletion of a thread',
        responses: { 200: jsonResponse('The restored thread', threadSchema), ...errorResponses(401, 404) },
      }),
      async (c) => c.json(await restoreThread(c.var.deps.db, c.var.user.id, threadIdOf(c))),
    );
}
