/**
 * What OpenAI does with a chat request's length, as the stand-in does it: the prompt counted with
 * OpenAI's o200k tokenizer in its chat format (3 tokens framing each message, 3 priming the reply),
 * a context window per model that refuses a longer request with OpenAI's real error, and the prompt
 * cache: a request that starts with the same messages as an earlier one (of at least 1,024 tokens)
 * reports that prefix as cached, in steps of 128 tokens. The cache is kept per model and compared
 * message by message (OpenAI compares tokens; a prefix that ends inside a message is not found here).
 */
import { createHash } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** Windows of OpenAI's chat models the stand-in knows; others have none unless a test sets one. */
export const OPENAI_CONTEXT_WINDOWS: Readonly<Record<string, number>> = {
  'gpt-4o-mini': 128_000,
  'gpt-4o': 128_000,
  'gpt-4.1': 1_047_576,
  'o3-mini': 200_000,
  'gpt-4': 8_192,
  'gpt-3.5-turbo': 16_385,
};

const MESSAGE_FRAMING = 3;
const REPLY_PRIMING = 3;
/** What OpenAI bills a high-detail picture of about 1024×1024. */
const IMAGE_TOKENS = 765;
const CACHE_MIN_TOKENS = 1_024;
const CACHE_STEP = 128;
const PROMPTS_KEPT = 64;

const options = { disallowedSpecial: new Set<string>() };
const count = (text: string) => (text === '' ? 0 : countTokens(text, options));

type Segment = { hash: string; tokens: number };

function contentText(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  if (!Array.isArray(content)) return { text: content == null ? '' : JSON.stringify(content), images: 0 };
  let text = '';
  let images = 0;
  for (const part of content as { type?: string; text?: string }[]) {
    if (part?.type === 'text' && typeof part.text === 'string') text += part.text;
    else if (part?.type === 'image_url' || part?.type === 'input_image') images++;
    else text += JSON.stringify(part);
  }
  return { text, images };
}

/** A chat-completions request's prompt, message by message (the tools' definitions first, as OpenAI renders them). */
function segments(request: Record<string, unknown>): Segment[] {
  const out: Segment[] = [];
  const add = (key: string, tokens: number) =>
    out.push({ hash: createHash('sha1').update(key).digest('base64url'), tokens });
  if (Array.isArray(request.tools) && request.tools.length > 0) {
    const tools = JSON.stringify(request.tools);
    add(`tools:${tools}`, count(tools));
  }
  const messages = Array.isArray(request.messages) ? (request.messages as Record<string, unknown>[]) : [];
  for (const message of messages) {
    const { text, images } = contentText(message?.content);
    const calls = message?.tool_calls ? JSON.stringify(message.tool_calls) : '';
    const key = JSON.stringify([message?.role, text, calls, message?.tool_call_id ?? null, images]);
    add(key, MESSAGE_FRAMING + count(String(message?.role ?? '')) + count(text) + count(calls) + images * IMAGE_TOKENS);
  }
  return out;
}

/** A chat-completions request's prompt tokens as the stand-in counts (and reports) them. */
export function openaiPromptTokens(request: Record<string, unknown>): number {
  return segments(request).reduce((sum, s) => sum + s.tokens, REPLY_PRIMING);
}

/** OpenAI's refusal of a request longer than the model reads (HTTP 400). */
export function contextLengthError(window: number, prompt: number, completion: number | undefined) {
  const message =
    completion === undefined
      ? `This model's maximum context length is ${window} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`
      : `This model's maximum context length is ${window} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`;
  return { error: { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } };
}

export type PromptMeasure = { tokens: number; cached: number; remember(): void };

/** The prompt cache and the windows of one stand-in server. */
export function createPromptCache() {
  const seen = new Map<string, Segment[][]>();
  const windows = new Map<string, number | null>();
  return {
    /** The model's window: a test's, else the known one; null: no limit. */
    windowOf(model: string): number | null {
      const set = windows.get(model);
      return set !== undefined ? set : (OPENAI_CONTEXT_WINDOWS[model] ?? null);
    },
    setWindow(model: string, tokens: number | null) {
      windows.set(model, tokens);
    },
    /** The request's prompt tokens and how many of them a cached prefix covers; `remember` keeps it for the next ones. */
    measure(model: string, request: Record<string, unknown>): PromptMeasure {
      const mine = segments(request);
      const tokens = mine.reduce((sum, s) => sum + s.tokens, REPLY_PRIMING); // as openaiPromptTokens
      let best = 0;
      for (const earlier of seen.get(model) ?? []) {
        let prefix = 0;
        for (let i = 0; i < Math.min(earlier.length, mine.length); i++) {
          if (earlier[i]?.hash !== mine[i]?.hash) break;
          prefix += mine[i]?.tokens ?? 0;
        }
        best = Math.max(best, prefix);
      }
      const cached = best >= CACHE_MIN_TOKENS ? Math.floor(best / CACHE_STEP) * CACHE_STEP : 0;
      return {
        tokens,
        cached,
        remember() {
          const list = seen.get(model) ?? [];
          list.push(mine);
          if (list.length > PROMPTS_KEPT) list.shift();
          seen.set(model, list);
        },
      };
    },
    reset() {
      seen.clear();
      windows.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Anthropic's prompt cache

/** What Anthropic caches at the least (Claude Sonnet and Opus; Haiku asks 2,048): a shorter prefix is not cached. */
const ANTHROPIC_CACHE_MIN_TOKENS = 1_024;
/** How far back from a breakpoint Anthropic looks for an earlier request's cached prefix, in blocks. */
const ANTHROPIC_LOOKBACK_BLOCKS = 20;

export type AnthropicPromptMeasure = {
  /** Every input token of the request (tools, system, messages). */
  tokens: number;
  /** Read from the cache: the longest prefix an earlier request wrote. */
  cacheRead: number;
  /** Written to the cache: from the end of what was read to the last breakpoint. */
  cacheWrite: number;
  remember(): void;
};

type Block = { chain: string; end: number; breakpoint: boolean };

/**
 * A messages request's prompt as blocks in Anthropic's order (tools, system, then each message's
 * content blocks), each with the hash of everything up to it, the tokens up to its end (o200k, the
 * stand-in's stand-in for Anthropic's tokenizer) and whether it carries `cache_control`.
 */
function anthropicBlocks(request: Record<string, unknown>): Block[] {
  const out: Block[] = [];
  const hash = createHash('sha1');
  let end = 0;
  const add = (block: unknown, role: string) => {
    const { cache_control, ...rest } = (typeof block === 'object' && block !== null ? block : { text: block }) as {
      cache_control?: unknown;
    } & Record<string, unknown>;
    const key = JSON.stringify([role, rest]);
    hash.update(key);
    const text = typeof rest.text === 'string' ? rest.text : JSON.stringify(rest);
    end += count(text) + (rest.type === 'image' ? IMAGE_TOKENS : 0);
    out.push({ chain: hash.copy().digest('base64url'), end, breakpoint: cache_control !== undefined });
  };
  for (const tool of Array.isArray(request.tools) ? request.tools : []) add(tool, 'tool');
  const system = request.system;
  if (typeof system === 'string') add({ type: 'text', text: system }, 'system');
  else if (Array.isArray(system)) for (const block of system) add(block, 'system');
  for (const message of Array.isArray(request.messages) ? (request.messages as Record<string, unknown>[]) : []) {
    end += MESSAGE_FRAMING;
    const role = String(message?.role ?? '');
    const content = message?.content;
    if (typeof content === 'string') add({ type: 'text', text: content }, role);
    else if (Array.isArray(content)) for (const block of content) add(block, role);
  }
  return out;
}

/**
 * Anthropic's prompt cache, as the stand-in keeps it per model: each `cache_control` breakpoint
 * writes the prompt up to it (when at least 1,024 tokens); a later request that starts with a
 * written prefix, found at one of its breakpoints or up to 20 blocks before one, reads it. The usage
 * then says, as Anthropic does, input_tokens (after the last breakpoint), cache_creation_input_tokens
 * and cache_read_input_tokens, the three adding up to the prompt.
 */
export function createAnthropicPromptCache() {
  const written = new Map<string, Map<string, number>>();
  return {
    measure(model: string, request: Record<string, unknown>): AnthropicPromptMeasure {
      const blocks = anthropicBlocks(request);
      const tokens = (blocks.at(-1)?.end ?? 0) + REPLY_PRIMING;
      const cache = written.get(model) ?? new Map<string, number>();
      let read = 0;
      let lastBreakpoint = -1;
      blocks.forEach((block, i) => {
        if (!block.breakpoint) return;
        lastBreakpoint = i;
        for (let j = i; j >= Math.max(0, i - ANTHROPIC_LOOKBACK_BLOCKS); j--) {
          const hit = cache.get(blocks[j]?.chain ?? '');
          if (hit !== undefined) {
            read = Math.max(read, hit);
            break;
          }
        }
      });
      const cachedEnd = lastBreakpoint >= 0 ? (blocks[lastBreakpoint]?.end ?? 0) : 0;
      const cacheWrite = cachedEnd >= ANTHROPIC_CACHE_MIN_TOKENS && cachedEnd > read ? cachedEnd - read : 0;
      return {
        tokens,
        cacheRead: read,
        cacheWrite,
        remember() {
          for (const block of blocks) {
            if (block.breakpoint && block.end >= ANTHROPIC_CACHE_MIN_TOKENS) cache.set(block.chain, block.end);
          }
          written.set(model, cache);
        },
      };
    },
    reset() {
      written.clear();
    },
  };
}
