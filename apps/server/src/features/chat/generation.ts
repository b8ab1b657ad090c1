import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { ChatMessageMetadata, MessageStatus } from '@polymath/shared';
import { ERROR_MESSAGES } from '@polymath/shared';
import {
  JsonToSseTransformStream,
  type ModelMessage,
  readUIMessageStream,
  streamText,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, threads } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { refundCreditFor } from '../credits/credits.service.ts';
import type { AbortReason, ChatRuntime } from './chat-runtime.ts';

/**
 * How often a streaming answer is written to the database (and its heartbeat bumped). Each write
 * replaces the row, so this trades what a crash can lose (at most this long) against database load
 * with many answers streaming at once (bench/ B3).
 */
const PERSIST_EVERY_MS = 1500;

export type GenerationInput = {
  db: Db;
  logger: Logger;
  runtime: ChatRuntime;
  staleSeconds: number;
  threadId: string;
  userId: string;
  /** The answer's message id, which is also its stream id. */
  assistantId: string;
  modelId: string;
  model: LanguageModelV4;
  system: string;
  modelMessages: ModelMessage[];
  createdAt: Date;
};

/** The JSON every error body has, so the browser reads errors in and out of the stream the same way. */
export function streamErrorText(code: 'MODEL_FAILED'): string {
  return JSON.stringify({ error: { code, message: ERROR_MESSAGES[code] } });
}

function plainText(parts: UIMessage['parts']): string {
  return parts
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join('\n')
    .trim();
}

/**
 * Runs one answer to completion independently of any HTTP request: the browser may reload, lose
 * its connection or close the tab and the answer still finishes and is stored. The answer is
 * written to its row as it streams (with a heartbeat, so a crash is detectable), relayed through
 * the resumable stream context, and settled once at the end: complete, stopped, interrupted
 * (shutdown) or failed — a failure before the first token refunds the day's credit.
 * Returns the SSE text stream for the request that started it.
 */
export async function startGeneration(input: GenerationInput): Promise<ReadableStream<string>> {
  const { db, logger, runtime, assistantId, modelId } = input;
  const log = logger.child({ threadId: input.threadId, messageId: assistantId, modelId });
  const controller = new AbortController();
  let abortReason: AbortReason | undefined;
  let failure: unknown;
  let firstTokenAt: number | undefined;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  runtime.running.set(assistantId, {
    abort(reason) {
      if (abortReason) return;
      abortReason = reason;
      controller.abort(reason);
    },
    done,
  });

  const metadata = (status: MessageStatus): ChatMessageMetadata => ({
    modelId,
    status,
    createdAt: input.createdAt.toISOString(),
  });

  const result = streamText({
    model: input.model,
    system: input.system,
    messages: input.modelMessages,
    abortSignal: controller.signal,
    maxRetries: 1,
    onError: ({ error }) => {
      failure = error;
    },
  });
  const uiStream = result.toUIMessageStream({
    generateMessageId: () => assistantId,
    sendReasoning: true,
    messageMetadata: ({ part }) => {
      if (part.type === 'start') return metadata('streaming');
      if (part.type === 'finish') return metadata('complete');
      return undefined;
    },
    onError: (error) => {
      failure = error;
      return streamErrorText('MODEL_FAILED');
    },
  });

  // Watch tokens go by: the first one decides whether a failure refunds the credit.
  const observed = uiStream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, out) {
        if (firstTokenAt === undefined && (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta')) {
          firstTokenAt = Date.now();
        }
        out.enqueue(chunk);
      },
    }),
  );
  const [forStore, forClient] = observed.tee();

  const settled = persist(forStore).finally(() => {
    runtime.running.delete(assistantId);
    resolveDone();
  });

  async function persist(stream: ReadableStream<UIMessageChunk>) {
    let latest: UIMessage | undefined;
    let dirty = false;
    let writing: Promise<unknown> = Promise.resolve();
    const write = () => {
      if (!latest || !dirty) return writing;
      const parts = latest.parts;
      dirty = false;
      writing = writing
        .then(() =>
          db
            .update(messages)
            .set({ parts, text: plainText(parts), heartbeatAt: new Date() })
            .where(and(eq(messages.id, assistantId), eq(messages.status, 'streaming'))),
        )
        .catch((err: unknown) => log.warn({ err }, 'could not save the streaming answer'));
      return writing;
    };
    // The heartbeat runs even while the provider is silent (a hang), so only dead processes go stale.
    const heartbeatMs = Math.max(250, Math.min(PERSIST_EVERY_MS * 5, (input.staleSeconds * 1000) / 3));
    const heartbeat = setInterval(() => {
      if (dirty) void write();
      else
        writing = writing
          .then(() =>
            db
              .update(messages)
              .set({ heartbeatAt: new Date() })
              .where(and(eq(messages.id, assistantId), eq(messages.status, 'streaming'))),
          )
          .catch(() => {});
    }, heartbeatMs);
    const flusher = setInterval(() => void write(), PERSIST_EVERY_MS);
    try {
      for await (const message of readUIMessageStream({ stream, onError: (err) => (failure ??= err) })) {
        latest = message;
        dirty = true;
      }
    } catch (err) {
      failure ??= err;
    } finally {
      clearInterval(heartbeat);
      clearInterval(flusher);
    }
    await writing;

    const parts = latest?.parts ?? [];
    const status: MessageStatus =
      abortReason === 'stopped'
        ? 'stopped'
        : abortReason === 'shutdown'
          ? 'interrupted'
          : failure !== undefined
            ? 'failed'
            : 'complete';
    if (failure !== undefined && abortReason === undefined) log.warn({ err: failure }, 'the model failed');
    try {
      await db
        .update(messages)
        .set({ parts, text: plainText(parts), status, heartbeatAt: null })
        .where(eq(messages.id, assistantId));
      await db
        .update(threads)
        .set({ activeStreamId: null, updatedAt: sql`now()` })
        .where(and(eq(threads.id, input.threadId), eq(threads.activeStreamId, assistantId)));
      // Nothing reached the user: the message does not count against today's allowance.
      if (firstTokenAt === undefined && status !== 'complete') await refundCreditFor(db, assistantId);
    } catch (err) {
      log.error({ err }, 'could not settle the answer');
    }
  }

  const sse = endsCleanly(forClient, settled, (err) => {
    failure ??= err;
  }).pipeThrough(new JsonToSseTransformStream());
  const relayed = await runtime.streams.createNewResumableStream(assistantId, () => sse);
  if (!relayed) throw new Error('the stream id is already finished');
  return relayed;
}

/**
 * The client's copy of the stream never errors: a provider connection that breaks mid-answer
 * becomes an error chunk and a clean end, so every listener (and the relay) finishes. It ends only
 * once the answer is settled in the database, so the next message never finds the thread busy.
 */
function endsCleanly(
  source: ReadableStream<UIMessageChunk>,
  settled: Promise<void>,
  onError: (err: unknown) => void,
): ReadableStream<UIMessageChunk> {
  const reader = source.getReader();
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) {
          controller.enqueue(value);
          return;
        }
      } catch (err) {
        onError(err);
        controller.enqueue({ type: 'error', errorText: streamErrorText('MODEL_FAILED') });
      }
      await settled;
      controller.close();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
