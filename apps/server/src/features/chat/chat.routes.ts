import { type ChatRequest, chatRequestSchema, clientIdSchema } from '@polymath/shared';
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import { threads } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';
import type { ChatRuntime } from './chat-runtime.ts';
import { type ChatTurnDeps, startChatTurn } from './chat-turn.ts';
import { continueInNewChat } from './summaries/continue-chat.ts';

/** A message of 20,000 characters in any script fits; anything bigger is not a chat message. */
export const CHAT_BODY_LIMIT = 128 * 1024;

function streamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, { headers: UI_MESSAGE_STREAM_HEADERS });
}

/**
 * /api/chat: send (or edit, or regenerate) and stream the answer; resume a running answer; stop it.
 * The answer is generated independently of the request (see generation.ts).
 */
export function chatRoutes(auth: Auth, turns: ChatTurnDeps, now: () => Date = () => new Date()) {
  const runtime: ChatRuntime = turns.runtime;
  const limit = bodyLimit({
    maxSize: CHAT_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The message is too long.');
    },
  });
  // Per route, not `.use`: /api/chat/attachments is mounted beside these routes and checks the
  // session itself; a wildcard here would look the session up twice for every upload.
  const signedIn = requireUser(auth);
  return new Hono<UserEnv>()
    .post(
      '/',
      signedIn,
      limit,
      describeRoute({
        tags: ['chat'],
        summary: 'Send a message (or edit one, or regenerate the last answer) and stream the answer',
        description:
          'Answers with an AI SDK UI message stream (SSE). Errors before the stream starts are JSON: 402 OUT_OF_CREDITS, 403 MODEL_REQUIRES_PRO or TOOL_REQUIRES_PRO, 409 GENERATION_IN_PROGRESS, 429 RATE_LIMITED, 400 MODEL_UNAVAILABLE.',
        responses: {
          200: { description: 'text/event-stream' },
          400: { description: 'VALIDATION_FAILED, MODEL_UNAVAILABLE, MODEL_NO_VISION, INVALID_FILE' },
          401: { description: 'Not signed in' },
          402: { description: 'OUT_OF_CREDITS' },
          403: { description: 'MODEL_REQUIRES_PRO, TOOL_REQUIRES_PRO' },
          404: { description: 'Chat or message not found' },
          409: { description: 'GENERATION_IN_PROGRESS' },
          429: { description: 'RATE_LIMITED' },
        },
      }),
      validate('json', chatRequestSchema),
      async (c) => {
        const request = c.req.valid('json') as ChatRequest;
        // WhatsApp chats are written from WhatsApp (features/whatsapp); the web shows them.
        if (request.toolId === 'whatsapp') throw new AppError('BAD_REQUEST', 'WhatsApp chats continue in WhatsApp.');
        const turn = await startChatTurn(turns, {
          user: c.var.user,
          request,
          now: now(),
          logger: c.var.log,
        });
        return streamResponse(turn.stream);
      },
    )
    .get(
      '/:threadId/stream',
      signedIn,
      describeRoute({
        tags: ['chat'],
        summary: "Resume the thread's running answer from its start (204 when none is running)",
        responses: { 200: { description: 'text/event-stream' }, 204: { description: 'Nothing running' } },
      }),
      async (c) => {
        const thread = await ownedThread(c.var.deps.db, c.var.user.id, c.req.param('threadId'));
        if (!thread.activeAnswerId) return c.body(null, 204);
        const stream = await runtime.streams.resume(thread.activeAnswerId).catch(() => null);
        if (!stream) return c.body(null, 204);
        return streamResponse(stream);
      },
    )
    .post(
      '/:threadId/stop',
      signedIn,
      describeRoute({
        tags: ['chat'],
        summary: "Stop the thread's running answer; what was written so far is kept",
        responses: { 204: { description: 'Stopped (or nothing was running)' } },
      }),
      async (c) => {
        const thread = await ownedThread(c.var.deps.db, c.var.user.id, c.req.param('threadId'));
        if (thread.activeAnswerId) await runtime.stop(thread.activeAnswerId);
        return c.body(null, 204);
      },
    )
    .post(
      '/:threadId/continue',
      signedIn,
      describeRoute({
        tags: ['chat'],
        summary: 'Start a new chat that continues this one from a summary of it (offered on CONTEXT_TOO_LONG)',
        responses: {
          201: { description: '{ threadId }: the new chat, of the same tool and model' },
          404: { description: 'Chat not found' },
          409: { description: 'GENERATION_IN_PROGRESS' },
        },
      }),
      async (c) => {
        const thread = await ownedThread(c.var.deps.db, c.var.user.id, c.req.param('threadId'));
        // It may ask a model for the summary: fair use counts it as a message.
        await enforceLimit(runtime.fairUse, c.var.user.id);
        const made = await continueInNewChat(
          { db: turns.db, models: runtime.models, historyTokens: turns.env.CHAT_HISTORY_TOKENS, logger: c.var.log },
          { userId: c.var.user.id, threadId: thread.id, now: now() },
        );
        return c.json(made, 201);
      },
    );
}

async function ownedThread(db: UserEnv['Variables']['deps']['db'], userId: string, threadId: string) {
  if (!clientIdSchema.safeParse(threadId).success) throw new AppError('NOT_FOUND', 'Chat not found.');
  const [row] = await db
    .select({ id: threads.id, activeAnswerId: threads.activeAnswerId })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId), isNull(threads.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'Chat not found.');
  return row;
}
