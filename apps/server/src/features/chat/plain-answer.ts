import type { LanguageModelV4 } from '@ai-sdk/provider';
import {
  APICallError,
  type Instructions,
  type LanguageModelUsage,
  type ModelMessage,
  experimental_streamLanguageModelCall as streamLanguageModelCall,
  toUIMessageChunk,
  type UIMessageChunk,
} from 'ai';

/** What a plain answer needs: one model call with the conversation, no functions. */
export type PlainAnswerInput = {
  model: LanguageModelV4;
  system: Instructions;
  messages: ModelMessage[];
  abortSignal: AbortSignal;
  download: NonNullable<Parameters<typeof streamLanguageModelCall>[0]['download']>;
  messageId: string;
  /** The message metadata of the start and finish chunks. */
  metadata(at: 'start' | 'finish'): unknown;
  /** A failure of the call or the stream; returns the error text the browser gets. */
  onError(error: unknown): string;
  /** The call's usage, when it ends. */
  onUsage?: ((usage: LanguageModelUsage) => void) | undefined;
};

/** Tries of a call the provider refused with a retryable status (429, 5xx), as streamText's maxRetries: 1. */
const CALL_ATTEMPTS = 2;
const RETRY_DELAY_MS = 2000;

/**
 * An answer without functions (nearly every chat message) as the UI message chunks streamText's
 * toUIMessageStream would send: start, start-step, the text and reasoning parts, finish-step,
 * finish; an error chunk when the call or the stream fails; an abort chunk when it is stopped.
 *
 * It is one model call, the AI SDK's streamLanguageModelCall (the prompt conversion, the guarded
 * downloads and the provider's own stream parsing stay the SDK's), without streamText's machinery
 * for steps, functions, replay and callbacks: a dozen web streams a chunk goes through, about ten
 * times the work of the rest of an answer's path (bench B3: thousands of answers in one process).
 * Answers that may call functions keep streamText (generation.ts).
 */
export async function* plainAnswerChunks(input: PlainAnswerInput): AsyncGenerator<UIMessageChunk> {
  const { abortSignal } = input;
  // The provider is called before the first chunk is handed out, so whoever reads the chunks may
  // wait before taking the first one (generation.ts holds it until the turn is durable).
  const calling = callWithRetry(input);
  calling.catch(() => {}); // awaited below; never unhandled while the start chunk is read
  yield { type: 'start', messageMetadata: input.metadata('start'), messageId: input.messageId };
  let finishReason: string | undefined;
  try {
    const call = await calling;
    yield { type: 'start-step' };
    for await (const part of call.stream) {
      switch (part.type) {
        case 'model-call-start':
        case 'model-call-response-metadata':
          continue;
        case 'model-call-end':
          finishReason = part.finishReason;
          input.onUsage?.(part.usage);
          continue;
        case 'text-delta':
        case 'reasoning-delta':
          // An empty delta (OpenAI's first chunk carries the role and content "") says nothing;
          // streamText drops it too.
          if (part.text === '' && part.providerMetadata == null) continue;
          break;
      }
      const chunk = toUIMessageChunk(part, { sendReasoning: true, onError: input.onError });
      if (chunk) yield chunk;
    }
  } catch (err) {
    // Stopped (or shutting down): what was said stays, and the stream ends as streamText ends it.
    if (abortSignal.aborted) {
      yield { type: 'abort' };
      return;
    }
    yield { type: 'error', errorText: input.onError(err) };
    return;
  }
  yield { type: 'finish-step' };
  yield {
    type: 'finish',
    ...(finishReason ? { finishReason: finishReason as never } : {}),
    messageMetadata: input.metadata('finish'),
  };
}

async function callWithRetry(input: PlainAnswerInput) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamLanguageModelCall({
        model: input.model,
        system: input.system,
        messages: input.messages,
        abortSignal: input.abortSignal,
        download: input.download,
      });
    } catch (err) {
      if (attempt >= CALL_ATTEMPTS || !APICallError.isInstance(err) || !err.isRetryable || input.abortSignal.aborted) {
        throw err;
      }
      await abortableDelay(retryDelayMs(err), input.abortSignal);
    }
  }
}

/** The provider's retry-after(-ms) when it gives a sensible one, else streamText's first backoff. */
function retryDelayMs(err: APICallError): number {
  const headers = err.responseHeaders ?? {};
  const ms = headers['retry-after-ms']
    ? Number.parseFloat(headers['retry-after-ms'])
    : headers['retry-after']
      ? Number.parseFloat(headers['retry-after']) * 1000
      : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 && ms < 60_000 ? ms : RETRY_DELAY_MS;
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
