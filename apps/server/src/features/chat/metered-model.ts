import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Message } from '@ai-sdk/provider';
import { APICallError, type LanguageModelUsage } from 'ai';
import {
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  measureText,
  REQUEST_OVERHEAD_TOKENS,
  type TokenizerKind,
  tokensFor,
} from './token-count.ts';

/** What an answer's provider calls used, summed over its calls (function steps, a retry). */
export type ModelUsage = {
  inputTokens: number;
  /** Read from the provider's prompt cache (part of inputTokens). */
  cachedInputTokens: number;
  /** Written to the prompt cache (part of inputTokens; Anthropic). */
  cacheWriteTokens: number;
  /** Reasoning included. */
  outputTokens: number;
  reasoningTokens: number;
  calls: number;
  /** Calls whose usage the provider reported (a stopped or broken stream's never arrives). */
  reported: number;
  /** 1 when a call was refused as too long and made again with less. */
  contextRetries: number;
};

/** The request cannot fit the model's window however it is cut: the person is offered a new chat. */
export class ContextTooLongError extends Error {
  override readonly name = 'ContextTooLongError';
}

/** How the providers say a request is longer than the model reads (a 400, or Anthropic's 413). */
const TOO_LONG =
  /context[_ ]length|maximum context|context window|prompt is too long|prompt length|input token count|too many (input )?tokens|exceeds the (model's )?maximum|request_too_large|reduce the length/i;

/** Whether a provider refused the request as too long for the model (decision 027). */
export function isContextRefusal(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  if (error.statusCode !== 400 && error.statusCode !== 413) return false;
  return TOO_LONG.test(`${error.message} ${error.responseBody ?? ''}`);
}

/** The error code an answer that failed with this error carries in its stream. */
export function answerErrorCode(error: unknown): 'CONTEXT_TOO_LONG' | 'MODEL_FAILED' {
  return error instanceof ContextTooLongError || isContextRefusal(error) ? 'CONTEXT_TOO_LONG' : 'MODEL_FAILED';
}

/** What a refusal says: the model's limit, the prompt's tokens and, when counted in, the answer's room. */
export type RefusalNumbers = { limit: number; prompt: number; completion: number };

const num = (s: string | undefined) => Number((s ?? '').replaceAll(',', ''));
const N = '(\\d[\\d,]*)';

/**
 * Each provider's wording of "too long", with which number is which (decision 027):
 * - OpenAI and DeepSeek: "maximum context length is 128000 tokens. However, you requested 130000
 *   tokens (113600 in the messages, 16384 in the completion)", or "… your messages resulted in
 *   10240 tokens";
 * - Anthropic: "prompt is too long: 210000 tokens > 200000 maximum", or "input length and
 *   `max_tokens` exceed context limit: 197626 + 8192 > 200000";
 * - Google: "The input token count (2100000) exceeds the maximum number of tokens allowed (2097152)";
 * - xAI: "maximum prompt length is 32768 but the request contains 40000 tokens".
 */
const WORDINGS: { re: RegExp; read(m: RegExpMatchArray): RefusalNumbers }[] = [
  {
    re: new RegExp(
      `maximum context length is ${N} tokens[^]*?requested ${N} tokens \\(${N} in the messages, ${N} in the completion\\)`,
      'i',
    ),
    read: (m) => ({ limit: num(m[1]), prompt: num(m[3]), completion: num(m[4]) }),
  },
  {
    re: new RegExp(`maximum context length is ${N} tokens[^]*?messages resulted in ${N} tokens`, 'i'),
    read: (m) => ({ limit: num(m[1]), prompt: num(m[2]), completion: 0 }),
  },
  {
    re: new RegExp(`maximum context length is ${N} tokens[^]*?requested ${N} tokens`, 'i'),
    read: (m) => ({ limit: num(m[1]), prompt: num(m[2]), completion: 0 }),
  },
  {
    re: new RegExp(`prompt is too long: ${N} tokens > ${N}`, 'i'),
    read: (m) => ({ limit: num(m[2]), prompt: num(m[1]), completion: 0 }),
  },
  {
    re: new RegExp(`exceed context limit: ${N} \\+ ${N} > ${N}`, 'i'),
    read: (m) => ({ limit: num(m[3]), prompt: num(m[1]), completion: num(m[2]) }),
  },
  {
    re: new RegExp(`input token count \\(?${N}\\)? exceeds the maximum number of tokens allowed \\(?${N}`, 'i'),
    read: (m) => ({ limit: num(m[2]), prompt: num(m[1]), completion: 0 }),
  },
  {
    re: new RegExp(`maximum prompt length is ${N}[^]*?contains ${N} tokens`, 'i'),
    read: (m) => ({ limit: num(m[1]), prompt: num(m[2]), completion: 0 }),
  },
];

/** The limit, the prompt and the answer's room a refusal names, or null when its wording is not known. */
export function refusalNumbers(error: unknown): RefusalNumbers | null {
  if (!APICallError.isInstance(error)) return null;
  for (const text of [error.responseBody ?? '', error.message]) {
    for (const { re, read } of WORDINGS) {
      const m = text.match(re);
      if (m) return read(m);
    }
  }
  return null;
}

/**
 * The share of our count a second try may send: what the provider says fits the prompt (its limit
 * less the answer's room it counted in) over the prompt it counted, with a tenth to spare; 60 % when
 * its words are not known. The answer's room stays the same on the retry, so it is not the prompt's.
 */
export function retryShare(error: unknown): number {
  const n = refusalNumbers(error);
  if (n && n.prompt > 0) {
    const ratio = (n.limit - n.completion) / n.prompt;
    if (ratio > 0 && ratio < 1) return Math.min(0.9, Math.max(0.2, ratio * 0.9));
  }
  return 0.6;
}

/** Our count of a prompt message as it goes to the provider. */
function promptMessageTokens(kind: TokenizerKind, message: LanguageModelV4Message): number {
  if (message.role === 'system') return tokensFor(kind, measureText(message.content)) + MESSAGE_OVERHEAD_TOKENS;
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        tokens += tokensFor(kind, measureText(part.text));
        break;
      case 'file':
        tokens += IMAGE_TOKENS;
        break;
      case 'tool-call':
        tokens += tokensFor(kind, measureText(`${part.toolName} ${JSON.stringify(part.input)}`));
        break;
      case 'tool-result':
        tokens += tokensFor(kind, measureText(JSON.stringify(part.output)));
        break;
      default:
        tokens += tokensFor(kind, measureText(JSON.stringify(part)));
    }
  }
  return tokens;
}

/**
 * The prompt cut to `target` tokens: the system messages (the tool's prompt, the summary) and the
 * newest messages from a person's message on, the oldest left out first. Null when even the newest
 * exchange does not fit.
 */
export function shrinkPrompt(
  prompt: LanguageModelV4Message[],
  target: number,
  kind: TokenizerKind,
): LanguageModelV4Message[] | null {
  const system = prompt.filter((m) => m.role === 'system');
  const rest = prompt.filter((m) => m.role !== 'system');
  let total = REQUEST_OVERHEAD_TOKENS + system.reduce((sum, m) => sum + promptMessageTokens(kind, m), 0);
  let start: number | null = null;
  for (let i = rest.length - 1; i >= 0; i--) {
    const message = rest[i];
    if (!message) continue;
    total += promptMessageTokens(kind, message);
    if (total > target) break;
    if (message.role === 'user') start = i;
  }
  // Nothing left out (the whole prompt fits the target) is no smaller: the retry would fail alike.
  if (start === null || start === 0) return null;
  return [...system, ...rest.slice(start)];
}

const none = (): ModelUsage => ({
  inputTokens: 0,
  cachedInputTokens: 0,
  cacheWriteTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  calls: 0,
  reported: 0,
  contextRetries: 0,
});

/**
 * The turn's model with what the budget needs around each call (decision 027):
 * - the answer's room is asked for (maxOutputTokens), so the provider keeps within the window too;
 * - a request the turn knows cannot fit is refused here, before any call;
 * - a call the provider refuses as too long is made once more with the oldest messages left out
 *   (cut to the share the provider's numbers allow); a second refusal ends the answer with
 *   CONTEXT_TOO_LONG, which offers a new chat that starts with a summary;
 * - every call's usage, as the AI SDK reports it when the call ends (generation.ts's onUsage), is
 *   added up for the answer's usage row (features/usage).
 * Plain answers and answers with functions both go through it. It does not touch the stream: a
 * token costs what it did (bench B3).
 */
export function meterModel(
  inner: LanguageModelV4,
  options: { maxOutputTokens: number; inputTokens: number; tokenizer: TokenizerKind; overflow: boolean },
): { model: LanguageModelV4; record(usage: LanguageModelUsage): void; usage(): ModelUsage } {
  const total = none();
  let retried = false;
  const record = (usage: LanguageModelUsage) => {
    total.reported += 1;
    total.inputTokens += usage.inputTokens ?? 0;
    total.cachedInputTokens += usage.inputTokenDetails?.cacheReadTokens ?? 0;
    total.cacheWriteTokens += usage.inputTokenDetails?.cacheWriteTokens ?? 0;
    total.outputTokens += usage.outputTokens ?? 0;
    total.reasoningTokens += usage.outputTokenDetails?.reasoningTokens ?? 0;
  };

  async function call<R>(
    callOptions: LanguageModelV4CallOptions,
    run: (o: LanguageModelV4CallOptions) => PromiseLike<R>,
  ) {
    if (options.overflow) throw new ContextTooLongError('the newest message alone does not fit the model');
    const withRoom = { ...callOptions, maxOutputTokens: callOptions.maxOutputTokens ?? options.maxOutputTokens };
    try {
      total.calls += 1;
      return await run(withRoom);
    } catch (error) {
      if (!isContextRefusal(error)) throw error;
      if (retried) throw new ContextTooLongError('refused as too long twice', { cause: error });
      retried = true;
      const smaller = shrinkPrompt(
        withRoom.prompt,
        Math.floor(options.inputTokens * retryShare(error)),
        options.tokenizer,
      );
      if (!smaller) throw new ContextTooLongError('nothing left to leave out', { cause: error });
      total.contextRetries = 1;
      total.calls += 1;
      try {
        return await run({ ...withRoom, prompt: smaller });
      } catch (again) {
        if (isContextRefusal(again)) throw new ContextTooLongError('refused as too long twice', { cause: again });
        throw again;
      }
    }
  }

  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: inner.provider,
    modelId: inner.modelId,
    get supportedUrls() {
      return inner.supportedUrls;
    },
    doGenerate: (callOptions) => call(callOptions, (o) => inner.doGenerate(o)),
    doStream: (callOptions) => call(callOptions, (o) => inner.doStream(o)),
  };
  return { model, record, usage: () => ({ ...total }) };
}
