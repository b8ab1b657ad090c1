import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { ChatMessageMetadata, MessageStatus } from '@polymath/shared';
import { ERROR_MESSAGES } from '@polymath/shared';
import {
  JsonToSseTransformStream,
  type ModelMessage,
  readUIMessageStream,
  stepCountIs,
  streamText,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, threads } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { createGuardedDownload } from '../../lib/net/guarded-download.ts';
import { messagePartsText } from './chat.service.ts';
import type { AbortReason, ChatRuntime } from './chat-runtime.ts';

/**
 * How often a streaming answer is written to the database (and its heartbeat bumped). Each write
 * replaces the row, so this trades what a crash can lose (at most this long) against database load
 * with many answers streaming at once (bench/ B3).
 */
const PERSIST_EVERY_MS = 1500;

/** Tries of the final write (200 ms, then 800 ms apart). */
const SETTLE_ATTEMPTS = 3;

export type GenerationInput = {
  db: Db;
  logger: Logger;
  runtime: ChatRuntime;
  staleSeconds: number;
  threadId: string;
  /** The answer's message id, which is also its stream id. */
  answerId: string;
  modelId: string;
  model: LanguageModelV4;
  system: string;
  /** Functions the model may call (the tool's), and how many steps it may take with them. */
  functions?: ToolSet | undefined;
  maxSteps: number;
  modelMessages: ModelMessage[];
  createdAt: Date;
  /** The answer's parts as they are stored once it ends (a tool's own rules, e.g. only cited sources linked). */
  finishParts?: ((parts: UIMessage['parts']) => Promise<UIMessage['parts']>) | undefined;
  /** Called once the answer is settled in the database (the credit decision is the caller's). */
  onSettled(outcome: AnswerOutcome): Promise<void>;
};

/** How an answer ended, and whether the person got anything from it (a token or a function call). */
export type AnswerOutcome = { status: MessageStatus; answered: boolean; text: string };

/** The JSON every error body has, so the browser reads errors in and out of the stream the same way. */
export function streamErrorText(code: 'MODEL_FAILED'): string {
  return JSON.stringify({ error: { code, message: ERROR_MESSAGES[code] } });
}

/** Chunks that mean the person is getting something: text, reasoning, or a function being called. */
const ANSWERED_BY = new Set<UIMessageChunk['type']>(['text-delta', 'reasoning-delta', 'tool-input-start']);

/** Files a message or a model points at by URL are fetched through the outbound guard (decision 010). */
const download = createGuardedDownload();

/**
 * Runs one answer to completion independently of any HTTP request: the browser may reload, lose
 * its connection or close the tab and the answer still finishes and is stored. The answer is
 * written to its row as it streams (with a heartbeat, so a crash is detectable), relayed through
 * the resumable stream context, and settled once at the end: complete, stopped, interrupted
 * (shutdown) or failed; then onSettled decides about the credit.
 * Returns the SSE text stream for the caller that started it.
 */
export async function startGeneration(
  input: GenerationInput,
): Promise<{ stream: ReadableStream<string>; settled: Promise<AnswerOutcome> }> {
  const { db, logger, runtime, answerId, modelId } = input;
  const log = logger.child({ threadId: input.threadId, answerId, modelId });
  const controller = new AbortController();
  let abortReason: AbortReason | undefined;
  let failure: unknown;
  let firstTokenAt: number | undefined;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  runtime.running.set(answerId, {
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
    ...(input.functions ? { tools: input.functions } : {}),
    stopWhen: stepCountIs(input.maxSteps),
    abortSignal: controller.signal,
    maxRetries: 1,
    experimental_download: download,
    onError: ({ error }) => {
      failure = error;
    },
  });
  const uiStream = result.toUIMessageStream({
    generateMessageId: () => answerId,
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
        if (firstTokenAt === undefined && ANSWERED_BY.has(chunk.type)) firstTokenAt = Date.now();
        out.enqueue(chunk);
      },
    }),
  );
  const [forStore, forClient] = observed.tee();

  const settled = persist(forStore).finally(() => {
    runtime.running.delete(answerId);
    resolveDone();
  });
  // Whoever started the turn may not wait for it (the web's request is long gone): never unhandled.
  settled.catch(() => {});

  async function persist(stream: ReadableStream<UIMessageChunk>): Promise<AnswerOutcome> {
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
            .set({ parts, text: messagePartsText(parts), heartbeatAt: new Date() })
            .where(and(eq(messages.id, answerId), eq(messages.status, 'streaming'))),
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
              .where(and(eq(messages.id, answerId), eq(messages.status, 'streaming'))),
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

    let parts = latest?.parts ?? [];
    if (input.finishParts) {
      try {
        parts = await input.finishParts(parts);
      } catch (err) {
        log.error({ err }, 'could not finish the answer; it is stored as it streamed');
      }
    }
    const status: MessageStatus =
      abortReason === 'stopped'
        ? 'stopped'
        : abortReason === 'shutdown'
          ? 'interrupted'
          : failure !== undefined
            ? 'failed'
            : 'complete';
    if (failure !== undefined && abortReason === undefined) log.warn({ err: failure }, 'the model failed');
    const outcome: AnswerOutcome = {
      status,
      // A complete answer counts even when it is empty (the model chose to say nothing).
      answered: firstTokenAt !== undefined || status === 'complete',
      text: messagePartsText(parts),
    };
    // The person may already have the whole answer: a failed write (a database connection lost at
    // that moment) is tried again, or the answer would stay 'streaming' and its chat busy until
    // the sweep. Each step is idempotent, so repeating one is safe.
    for (let attempt = 1; ; attempt++) {
      try {
        await db
          .update(messages)
          .set({ parts, text: outcome.text, status, heartbeatAt: null })
          .where(eq(messages.id, answerId));
        await db
          .update(threads)
          .set({ activeAnswerId: null, updatedAt: sql`now()` })
          .where(and(eq(threads.id, input.threadId), eq(threads.activeAnswerId, answerId)));
        await input.onSettled(outcome);
        break;
      } catch (err) {
        if (attempt >= SETTLE_ATTEMPTS) {
          log.error({ err }, 'could not settle the answer; the stale-answer sweep will');
          break;
        }
        log.warn({ err, attempt }, 'settling the answer failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, 200 * 4 ** (attempt - 1)));
      }
    }
    return outcome;
  }

  const sse = endsCleanly(
    forClient,
    settled.then(() => undefined),
    (err) => {
      failure ??= err;
    },
  ).pipeThrough(new JsonToSseTransformStream());
  const relayed = await runtime.streams.createNewResumableStream(answerId, () => sse);
  if (!relayed) throw new Error('the stream id is already finished');
  return { stream: relayed, settled };
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
