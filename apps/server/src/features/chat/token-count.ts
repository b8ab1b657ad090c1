/**
 * Counting tokens (decision 027). OpenAI-family models are counted exactly with OpenAI's o200k
 * tokenizer (gpt-tokenizer, pure JS); every other model (Claude, Gemini, DeepSeek, Grok, local
 * servers) with a stated estimate from the text's UTF-8 bytes, tested against o200k on English,
 * Turkish, code and CJK text to never count less than it (token-count.test.ts).
 */

/** How a model's tokens are counted (the catalogue's `tokenizer`). */
export type TokenizerKind = 'o200k' | 'estimate';

/**
 * The estimate: one token per 3 bytes of UTF-8, rounded up. English prose runs ~4.3 bytes per o200k
 * token and Claude's and Gemini's tokenizers are within ~20 % of that; Turkish ~3.5; code ~3.2;
 * CJK ~3 bytes per character and about a token each. So the estimate is over for most text and at
 * worst about right for CJK: a turn built on it stays inside the window, at the price of sending
 * a little less history than would fit.
 */
export const ESTIMATE_BYTES_PER_TOKEN = 3;

/** What each message adds beyond its content (role markers, separators); OpenAI's is 3–4. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** What a request adds beyond its messages (the reply's priming, the system message's markers). */
export const REQUEST_OVERHEAD_TOKENS = 16;
/**
 * An attached image, whatever its size: an upper bound over the providers' rules (OpenAI ≤ ~1,100
 * for a high-detail picture, Anthropic ~1,600 for the largest it takes, Gemini 258).
 */
export const IMAGE_TOKENS = 1_600;
/** A function the model may call: its name, description and JSON schema (ours are a few hundred). */
export const FUNCTION_TOKENS = 500;

type Count = (text: string) => number;

/**
 * OpenAI's o200k tokenizer, loaded once in the background when this module is first imported (its
 * tables take ~0.3–2 s to load): a turn never waits for it. Until it is ready, counts fall back to
 * the text's bytes, an upper bound (every o200k token is at least one byte).
 */
let o200k: Count | undefined;
export const tokenizerReady: Promise<void> = import('gpt-tokenizer/encoding/o200k_base').then(
  (encoding) => {
    // Text that looks like a special token ("<|endoftext|>") is counted as the text it is.
    const options = { disallowedSpecial: new Set<string>() };
    o200k = (text) => encoding.countTokens(text, options);
  },
  () => {
    // Without it every count is the bytes: safe, only pessimistic.
  },
);

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The estimate for `bytes` bytes of UTF-8 text. */
export function estimateFromBytes(bytes: number): number {
  return Math.ceil(bytes / ESTIMATE_BYTES_PER_TOKEN);
}

/** Exact o200k tokens of a text (its bytes until the tokenizer has loaded). */
export function countO200k(text: string): number {
  if (text === '') return 0;
  return o200k ? o200k(text) : utf8Bytes(text);
}

/** A text's size as stored with a message: o200k tokens and UTF-8 bytes (the estimate's input). */
export type TextSize = { tokens: number; bytes: number };

export function measureText(text: string): TextSize {
  return { tokens: countO200k(text), bytes: utf8Bytes(text) };
}

/** Tokens of a measured text for a model counted with `kind`. */
export function tokensFor(kind: TokenizerKind, size: TextSize): number {
  return kind === 'o200k' ? size.tokens : estimateFromBytes(size.bytes);
}

/** Large texts that come back turn after turn (system prompts, a chat's documents), counted once. */
const remembered = new Map<string, TextSize>();
const REMEMBERED_MAX = 200;
const REMEMBER_FROM_CHARS = 512;

/** A text's size, remembered for long texts that repeat (a tool's prompt, a document's pages). */
export function measureRepeated(text: string): TextSize {
  if (text.length < REMEMBER_FROM_CHARS) return measureText(text);
  const known = remembered.get(text);
  if (known) return known;
  const size = measureText(text);
  // Only exact counts are kept (not the bytes stand-in used while the tokenizer loads).
  if (o200k) {
    if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value as string);
    remembered.set(text, size);
  }
  return size;
}
