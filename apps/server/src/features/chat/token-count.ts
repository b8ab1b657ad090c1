/**
 * Counting tokens (decision 027). OpenAI-family models are counted exactly with OpenAI's o200k
 * tokenizer (gpt-tokenizer, pure JS); every other model (Claude, Gemini, DeepSeek, Grok, local
 * servers) with a stated estimate from the text's UTF-8 bytes, tested against o200k on English,
 * Turkish, code and CJK text to never count less than it (token-count.test.ts).
 */

/** How a model's tokens are counted (the catalogue's `tokenizer`). */
export type TokenizerKind = 'o200k' | 'estimate';

/**
 * The estimate, for every model not counted with o200k: the larger of one token per 3 bytes of
 * UTF-8 and a quarter more than the text's pieces (each run of letters, each group of up to 3
 * digits, each other symbol, each space before a digit or symbol: the splits BPE tokenizers make
 * before merging), rounded up. English
 * prose runs ~4.3 bytes per o200k token, Turkish ~3.5, CJK ~3 bytes a character and about a token
 * each; code, tables and numbers split into many small tokens, which the pieces catch; Claude's and
 * Gemini's tokenizers need up to ~20 % more tokens than o200k for the same text, which the quarter
 * covers. So the estimate is over for most text and about right for the densest: a turn built on it
 * stays inside the window, for the price of a little history (token-count.test.ts checks it against
 * o200k on prose in both languages, code, markdown, CJK, emoji and numbers).
 */
export const ESTIMATE_BYTES_PER_TOKEN = 3;
export const ESTIMATE_TOKENS_PER_PIECE = 1.25;
const PIECES = /\p{L}+|\p{N}{1,3}|[^\s\p{L}\p{N}]|\s+(?=[^\s\p{L}])/gu;

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

/** The estimate for a text (see ESTIMATE_BYTES_PER_TOKEN). */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  let pieces = 0;
  for (const _ of text.matchAll(PIECES)) pieces++;
  return Math.ceil(Math.max(utf8Bytes(text) / ESTIMATE_BYTES_PER_TOKEN, pieces * ESTIMATE_TOKENS_PER_PIECE));
}

/** Exact o200k tokens of a text (its bytes until the tokenizer has loaded). */
export function countO200k(text: string): number {
  if (text === '') return 0;
  return o200k ? o200k(text) : utf8Bytes(text);
}

/** A text's size as stored with a message: o200k tokens and the estimate, one for each kind of model. */
export type TextSize = { tokens: number; estimate: number };

export function measureText(text: string): TextSize {
  return { tokens: countO200k(text), estimate: estimateTokens(text) };
}

/** Tokens of a measured text for a model counted with `kind`. */
export function tokensFor(kind: TokenizerKind, size: TextSize): number {
  return kind === 'o200k' ? size.tokens : size.estimate;
}

/** Large texts that come back turn after turn (system prompts, a chat's documents), counted once. */
const remembered = new Map<string, TextSize>();
const REMEMBERED_MAX = 200;
const REMEMBER_FROM_CHARS = 64;

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
