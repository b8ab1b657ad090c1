import { randomBytes } from 'node:crypto';
import { type ChatRequest, chatRequestSchema, clientIdSchema } from '@polymath/shared';
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import { threads } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser, type UserEnv } from '../auth/require-user.ts';
import { refundCreditFor, releaseCredit, reserveCredit } from '../credits/credits.service.ts';
import {
  checkAttachments,
  checkModel,
  claimThread,
  modelMessagesFor,
  releaseThread,
  writeTurn,
} from './chat.service.ts';
import type { ChatRuntime } from './chat-runtime.ts';
import { startGeneration } from './generation.ts';

/** A message of 20,000 characters in any script fits; anything bigger is not a chat message. */
export const CHAT_BODY_LIMIT = 128 * 1024;

const SYSTEM_PROMPT = [
  'You are Polymath, a helpful assistant in a consumer chat app.',
  "Answer in the language of the user's message. Use Markdown where it helps: lists, tables, code blocks, and LaTeX between $…$ or $$…$$ for maths.",
].join(' ');

function streamResponse(stream: ReadableStream<string>): Response {
  return new Response(stream.pipeThrough(new TextEncoderStream()), { headers: UI_MESSAGE_STREAM_HEADERS });
}

/**
 * /api/chat: send (or edit, or regenerate) and stream the answer; resume a running answer; stop it.
 * The answer is generated independently of the request (see generation.ts).
 */
export function chatRoutes(auth: Auth, runtime: ChatRuntime, now: () => Date = () => new Date()) {
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
          'Answers with an AI SDK UI message stream (SSE). Errors before the stream starts are JSON: 402 OUT_OF_CREDITS, 403 MODEL_REQUIRES_PRO, 409 GENERATION_IN_PROGRESS, 429 RATE_LIMITED, 400 MODEL_UNAVAILABLE.',
        responses: {
          200: { description: 'text/event-stream' },
          400: { description: 'VALIDATION_FAILED, MODEL_UNAVAILABLE, MODEL_NO_VISION, INVALID_FILE' },
          401: { description: 'Not signed in' },
          402: { description: 'OUT_OF_CREDITS' },
          403: { description: 'MODEL_REQUIRES_PRO' },
          404: { description: 'Chat or message not found' },
          409: { description: 'GENERATION_IN_PROGRESS' },
          429: { description: 'RATE_LIMITED' },
        },
      }),
      validate('json', chatRequestSchema),
      async (c) => {
        const { db, env, files, logger } = c.var.deps;
        const userId = c.var.user.id;
        const request = c.req.valid('json') as ChatRequest;
        const at = now();

        const plan = c.var.user.plan;
        const model = checkModel(runtime.models.get(request.modelId), plan, request);
        if (!runtime.fairUse.hit(userId)) throw new AppError('RATE_LIMITED');
        await checkAttachments(files, userId, request);

        const assistantId = randomBytes(12).toString('base64url');
        const { created } = await claimThread(db, { userId, plan, request, streamId: assistantId, now: at });
        let creditDay: string | null = null;
        let written = false;
        try {
          if (plan === 'free') {
            creditDay = await reserveCredit(db, userId, env.FREE_DAILY_MESSAGES, at);
            if (!creditDay) throw new AppError('OUT_OF_CREDITS');
          }
          await writeTurn(db, { userId, request, assistantId, creditDay, now: at });
          written = true;
          const modelMessages = await modelMessagesFor(db, files, {
            userId,
            threadId: request.threadId,
            assistantId,
            firstMessage: created && request.trigger === 'submit-message' ? request.message : undefined,
          });
          const stream = await startGeneration({
            db,
            logger: c.var.log,
            runtime,
            staleSeconds: env.STREAM_STALE_SECONDS,
            threadId: request.threadId,
            userId,
            assistantId,
            modelId: model.id,
            model: model.languageModel(),
            system: SYSTEM_PROMPT,
            modelMessages,
            createdAt: at,
          });
          return streamResponse(stream);
        } catch (err) {
          // Nothing was generated: give back the thread and the credit.
          if (written) {
            await refundCreditFor(db, assistantId).catch((e: unknown) => logger.error({ err: e }, 'refund failed'));
          } else if (creditDay) {
            await releaseCredit(db, userId, creditDay).catch((e: unknown) => logger.error({ err: e }, 'refund failed'));
          }
          // A thread this request created for a turn that never happened does not stay behind.
          await releaseThread(db, {
            threadId: request.threadId,
            userId,
            streamId: assistantId,
            discard: created && !written,
          }).catch((e: unknown) => logger.error({ err: e }, 'could not release the thread'));
          throw err;
        }
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
        if (!thread.activeStreamId) return c.body(null, 204);
        const stream = await runtime.streams.resumeExistingStream(thread.activeStreamId).catch(() => null);
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
        if (thread.activeStreamId) await runtime.stop(thread.activeStreamId);
        return c.body(null, 204);
      },
    );
}

async function ownedThread(db: UserEnv['Variables']['deps']['db'], userId: string, threadId: string) {
  if (!clientIdSchema.safeParse(threadId).success) throw new AppError('NOT_FOUND', 'Chat not found.');
  const [row] = await db
    .select({ id: threads.id, activeStreamId: threads.activeStreamId })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId), isNull(threads.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'Chat not found.');
  return row;
}
