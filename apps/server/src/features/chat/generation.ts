import { APICallError, type LanguageModelV4 } from '@ai-sdk/provider';
import type { ChatMessageMetadata, MessageStatus } from '@polymath/shared';
import { ERROR_MESSAGES } from '@polymath/shared';
import {
  type Instructions,
  type LanguageModelUsage,
  type ModelMessage,
  stepCountIs,
  streamText,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  answersSettled,
  answersStreaming,
  providerErrors,
  providerLabel,
  timeToFirstToken,
  tokensStreamed,
} from '../../lib/metrics.ts';
import { createGuardedDownload } from '../../lib/net/guarded-download.ts';
import { createAnswerParts } from './answer-parts.ts';
import { answerSaverFor } from './answer-saver.ts';
import { messagePartsText } from './chat.service.ts';
import type { AbortReason, ChatRuntime } from './chat-runtime.ts';
import { answerErrorCode } from './metered-model.ts';
import { plainAnswerChunks } from './plain-answer.ts';

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
  /** The tool's prompt and the summary of earlier messages (system messages with cache breakpoints). */
  system: Instructions;
  /** Functions the model may call (the tool's), and how many steps it may take with them. */
  functions?: ToolSet | undefined;
  maxSteps: number;
  modelMessages: ModelMessage[];
  createdAt: Date;
  /** The answer's parts as they are stored once it ends (a tool's own rules, e.g. only cited sources linked). */
  finishParts?: ((parts: UIMessage['parts']) => Promise<UIMessage['parts']>) | undefined;
  /** Each provider call's usage as it ends (the answer's usage row adds them up). */
  onUsage?: ((usage: LanguageModelUsage) => void) | undefined;
  /** Called once the answer is settled in the database (the credit decision is the caller's), with its stored parts. */
  onSettled(outcome: AnswerOutcome, parts: UIMessage['parts']): Promise<void>;
  /**
   * Resolves once the turn is durable (first-turn.ts's confirmFirstTurn, running while the provider
   * is called). Nothing of the answer is relayed before; when it fails the answer fails unsent.
   */
  durable?: Promise<void> | undefined;
};

/** How an answer ended, and whether the person got anything from it (a token or a function call). */
export type AnswerOutcome = {
  status: MessageStatus;
  answered: boolean;
  text: string;
  /** Milliseconds from the start of the generation to its first token; null without one. */
  firstTokenMs?: number | null;
};

/** The JSON every error body has, so the browser reads errors in and out of the stream the same way. */
export function streamErrorText(code: 'MODEL_FAILED' | 'CONTEXT_TOO_LONG'): string {
  return JSON.stringify({ error: { code, message: ERROR_MESSAGES[code] } });
}

/** A provider failure's metric code: its HTTP status, or a closed word for the rest. */
function providerErrorCode(error: unknown): string {
  if (answerErrorCode(error) === 'CONTEXT_TOO_LONG') return 'context_too_long';
  if (APICallError.isInstance(error)) return error.statusCode ? String(error.statusCode) : 'network';
  if (error instanceof TypeError) return 'network';
  return 'other';
}

/** Chunks that mean the person is getting something: text, reasoning, or a function being called. */
const ANSWERED_BY = new Set<UIMessageChunk['type']>(['text-delta', 'reasoning-delta', 'tool-input-start']);

/** Files a message or a model points at by URL are fetched through the outbound guard (decision 010). */
const download = createGuardedDownload();

/**
 * Runs one answer to completion independently of any HTTP request: the browser may reload, lose
 * its connection or close the tab and the answer still finishes and is stored. The answer is
 * written to its row as it streams (with a heartbeat, so a crash is detectable), relayed through
 * the answer relay, and settled once at the end: complete, stopped, interrupted (shutdown) or
 * failed; then onSettled decides about the credit.
 *
 * One reader per answer does it all (bench B3: thousands of answers in one process): each chunk of
 * the AI SDK's UI message stream goes to the relay (every listener's stream and the replay log) and
 * into the answer's parts, which one timer for all answers saves (answer-saver.ts).
 * Returns the SSE stream (UTF-8 bytes) for the caller that started it.
 */
export async function startGeneration(
  input: GenerationInput,
): Promise<{ stream: ReadableStream<Uint8Array>; settled: Promise<AnswerOutcome> }> {
  const { db, logger, runtime, answerId, modelId } = input;
  const log = logger.child({ threadId: input.threadId, answerId, modelId });
  const opened = await runtime.streams.open(answerId);
  if (!opened) throw new Error('the stream id is already live');
  const live = opened;
  const forCaller = live.listen();

  const controller = new AbortController();
  const startedAt = Date.now();
  answersStreaming.inc();
  const onUsage = (usage: LanguageModelUsage) => {
    tokensStreamed.inc({ model: modelId }, usage.outputTokens ?? 0);
    input.onUsage?.(usage);
  };
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

  const onError = (error: unknown) => {
    failure = error;
    // A chat too long for the model says so (and offers a new chat with a summary), not "try again".
    return streamErrorText(answerErrorCode(error));
  };
  const chunks: AsyncIterable<UIMessageChunk> = input.functions
    ? viaStreamText(onError)
    : plainAnswerChunks({
        model: input.model,
        system: input.system,
        messages: input.modelMessages,
        abortSignal: controller.signal,
        download,
        messageId: answerId,
        metadata: (at) => metadata(at === 'start' ? 'streaming' : 'complete'),
        onError,
        onUsage,
      });

  /** An answer that may call functions: streamText runs the steps and the functions. */
  function viaStreamText(onError: (error: unknown) => string): ReadableStream<UIMessageChunk> {
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
      onLanguageModelCallEnd: ({ usage }) => onUsage(usage),
    });
    return result.toUIMessageStream({
      generateMessageId: () => answerId,
      sendReasoning: true,
      messageMetadata: ({ part }) => {
        if (part.type === 'start') return metadata('streaming');
        if (part.type === 'finish') return metadata('complete');
        return undefined;
      },
      onError,
    });
  }

  const settled = run(chunks).finally(() => {
    answersStreaming.dec();
    runtime.running.delete(answerId);
    resolveDone();
  });
  // Whoever started the turn may not wait for it (the web's request is long gone): never unhandled.
  settled.catch(() => {});

  async function run(chunks: AsyncIterable<UIMessageChunk>): Promise<AnswerOutcome> {
    const answer = createAnswerParts(answerId, (err) => {
      failure ??= err;
    });
    const saver = answerSaverFor(db, log, input.staleSeconds);
    saver.track(answerId, answer);
    let durable = input.durable;
    try {
      for await (const chunk of chunks) {
        if (durable) {
          await durable.catch((err: unknown) => {
            controller.abort();
            throw err;
          });
          durable = undefined;
        }
        if (firstTokenAt === undefined && ANSWERED_BY.has(chunk.type)) {
          firstTokenAt = Date.now();
          timeToFirstToken.observe({ model: modelId }, (firstTokenAt - startedAt) / 1000);
        }
        if (chunk.type === 'error') failure ??= new Error(chunk.errorText);
        live.push(chunk);
        const applying = answer.apply(chunk);
        if (applying) await applying;
      }
    } catch (err) {
      // A provider connection that breaks mid-answer: the listeners get an error chunk and a clean end.
      failure ??= err;
      live.push({ type: 'error', errorText: streamErrorText('MODEL_FAILED') });
    } finally {
      await saver.untrack(answerId);
    }
    try {
      return await settle(answer.parts);
    } finally {
      // The stream ends only once the answer is settled, so the next message never finds the thread busy.
      await live.end();
    }
  }

  async function settle(streamed: UIMessage['parts']): Promise<AnswerOutcome> {
    let parts = streamed;
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
    if (failure !== undefined && abortReason === undefined) {
      log.warn({ err: failure }, 'the model failed');
      providerErrors.inc({ provider: providerLabel(input.model.provider), code: providerErrorCode(failure) });
    }
    answersSettled.inc({ model: modelId, status });
    const outcome: AnswerOutcome = {
      status,
      // A complete answer counts even when it is empty (the model chose to say nothing).
      answered: firstTokenAt !== undefined || status === 'complete',
      text: messagePartsText(parts),
      firstTokenMs: firstTokenAt === undefined ? null : firstTokenAt - startedAt,
    };
    // The person may already have the whole answer: a failed write (a database connection lost at
    // that moment) is tried again, or the answer would stay 'streaming' and its chat busy until
    // the sweep. Each step is idempotent, so repeating one is safe.
    for (let attempt = 1; ; attempt++) {
      try {
        // The answer's final row and its thread freed, in one statement. Only while it is still
        // streaming: an answer another instance took over (this one's lease had run out, decision
        // 034) stays as it was stored then.
        await db.execute(sql`
          with settled as (
            update messages set parts = ${JSON.stringify(parts)}::jsonb, text = ${outcome.text},
              status = ${status}, heartbeat_at = null
            where id = ${answerId} and status = 'streaming'
            returning id
          )
          update threads set active_answer_id = null, updated_at = now()
          where id = ${input.threadId} and active_answer_id = ${answerId}`);
        await input.onSettled(outcome, parts);
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

  return { stream: forCaller, settled };
}
