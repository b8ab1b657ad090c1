/**
 * What a stand-in answers: the script (queued, or a `[[fake …]]` directive in the last user message)
 * turned into the tokens it streams. Pure functions; the server and the tests share them.
 */

export const PROVIDERS = ['openai', 'anthropic', 'google', 'deepseek', 'xai'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** How the next answer goes. Every field is optional; `{}` is the default answer. */
export type FakeScript = {
  /** How many answer tokens the default answer has (default 12). Ignored when `text` is given. */
  tokens?: number;
  /** Milliseconds between streamed tokens (default 5). Non-streaming answers wait tokens × pace. */
  paceMs?: number;
  /** The exact answer, streamed word by word (each token is a word with the whitespace before it). */
  text?: string;
  /** Reasoning tokens streamed before the answer (default 6 for models whose name has "reasoner", else 0). */
  reasoningTokens?: number;
  /** Answer HTTP 500 with the provider's error JSON; nothing is streamed. */
  failBeforeFirstToken?: boolean;
  /** Send this many answer tokens, then destroy the socket (no final chunk). */
  dropAfter?: number;
  /** Send the response headers and nothing more until the client goes away. */
  hang?: boolean;
  /** After this many answer tokens send a chunk that is not valid JSON, then end the response. */
  malformedAfter?: number;
  /** Answer with this HTTP status (400–599) and the provider's error JSON. */
  status?: number;
};

export const DEFAULT_TOKENS = 12;
export const DEFAULT_PACE_MS = 5;
export const DEFAULT_REASONING_TOKENS = 6;

/** A directive that cannot be read: the stand-in answers 400 with the message, so typos show. */
export class DirectiveError extends Error {
  override name = 'DirectiveError';
}

const DIRECTIVE_START = '[[fake';

function integer(key: string, value: string | undefined, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw new DirectiveError(`[[fake]] ${key} needs a whole number, as in ${key}=3`);
  }
  const n = Number(value);
  if (n < min || n > max) throw new DirectiveError(`[[fake]] ${key}=${value} is out of range (${min}–${max})`);
  return n;
}

function apply(script: FakeScript, key: string, value: string | undefined): void {
  switch (key) {
    case 'tokens':
      script.tokens = integer(key, value);
      return;
    case 'pace':
      script.paceMs = integer(key, value);
      return;
    case 'text':
      if (value === undefined) throw new DirectiveError('[[fake]] text needs a value, as in text="Hi there"');
      script.text = value;
      return;
    case 'reasoning':
      script.reasoningTokens = value === undefined ? DEFAULT_REASONING_TOKENS : integer(key, value);
      return;
    case 'fail':
      if (value !== undefined && value !== 'before')
        throw new DirectiveError('[[fake]] fail takes no value or fail=before');
      script.failBeforeFirstToken = true;
      return;
    case 'drop':
      script.dropAfter = integer(key, value);
      return;
    case 'hang':
      if (value !== undefined) throw new DirectiveError('[[fake]] hang takes no value');
      script.hang = true;
      return;
    case 'malformed':
      script.malformedAfter = integer(key, value);
      return;
    case 'status':
      script.status = integer(key, value, { min: 400, max: 599 });
      return;
    default:
      throw new DirectiveError(
        `[[fake]] unknown key "${key}" (known: tokens, pace, text, reasoning, fail, drop, hang, malformed, status)`,
      );
  }
}

/**
 * Reads the last `[[fake key=value key …]]` directive in a text, or undefined when there is none.
 * Values are whole numbers, bare words, or double-quoted strings (`\"`, `\\` and `\n` escapes), e.g.
 * `[[fake tokens=5 pace=2 reasoning=3]]`, `[[fake text="Hello, world"]]`, `[[fake drop=4]]`.
 * Throws DirectiveError for an unknown key, a bad value or a missing `]]`.
 */
export function parseDirective(text: string): FakeScript | undefined {
  let start = text.lastIndexOf(DIRECTIVE_START);
  // "[[faker" is not a directive; look further back for one.
  while (start >= 0 && !/[\s\]]/.test(text[start + DIRECTIVE_START.length] ?? '')) {
    start = start === 0 ? -1 : text.lastIndexOf(DIRECTIVE_START, start - 1);
  }
  if (start < 0) return undefined;
  const script: FakeScript = {};
  let i = start + DIRECTIVE_START.length;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    if (text.startsWith(']]', i)) return script;
    if (i >= text.length) throw new DirectiveError('[[fake …]] directive without its closing ]]');
    const key = /^[A-Za-z]+/.exec(text.slice(i))?.[0];
    if (!key) throw new DirectiveError(`[[fake]] unexpected "${text[i]}" where a key should be`);
    i += key.length;
    let value: string | undefined;
    if (text[i] === '=') {
      i++;
      if (text[i] === '"') {
        i++;
        value = '';
        for (;;) {
          const c = text[i];
          if (c === undefined) throw new DirectiveError('[[fake]] unterminated quoted value');
          i++;
          if (c === '"') break;
          if (c === '\\') {
            const next = text[i];
            if (next === undefined) throw new DirectiveError('[[fake]] unterminated quoted value');
            i++;
            value += next === 'n' ? '\n' : next;
          } else {
            value += c;
          }
        }
      } else {
        const bare = /^[^\s\]]*/.exec(text.slice(i))?.[0] ?? '';
        i += bare.length;
        value = bare;
      }
    }
    apply(script, key.toLowerCase(), value);
  }
}

/** The words of a text as tokens: each word with the whitespace before it; joined they are the text again. */
export function splitIntoTokens(text: string): string[] {
  const tokens = text.match(/\s*\S+/g) ?? [];
  const trailing = /\s*$/.exec(text)?.[0] ?? '';
  if (tokens.length === 0) return text ? [text] : [];
  if (trailing) tokens[tokens.length - 1] += trailing;
  return tokens;
}

/** The lead of the default answer: `Hello from gpt-4o-mini (openai stand-in).` */
export function leadSentence(provider: Provider, model: string): string {
  return `Hello from ${model} (${provider} stand-in).`;
}

/**
 * The default answer's tokens: the lead sentence with " w1", then " w2" … " wN". Token k carries the
 * word wk, so lost or reordered tokens show: tokens=3 reads "Hello from m (openai stand-in). w1 w2 w3".
 */
export function defaultAnswerTokens(provider: Provider, model: string, tokens: number = DEFAULT_TOKENS): string[] {
  const out: string[] = [];
  for (let k = 1; k <= tokens; k++) out.push(k === 1 ? `${leadSentence(provider, model)} w1` : ` w${k}`);
  return out;
}

/** The default answer as one string (what a user sees), optionally only its first `count` tokens. */
export function defaultAnswer(provider: Provider, model: string, tokens: number = DEFAULT_TOKENS, count = tokens) {
  return defaultAnswerTokens(provider, model, tokens).slice(0, count).join('');
}

/** Reasoning tokens: "Thinking r1", " r2" … " rN". */
export function reasoningTokens(count: number): string[] {
  const out: string[] = [];
  for (let k = 1; k <= count; k++) out.push(k === 1 ? 'Thinking r1' : ` r${k}`);
  return out;
}

/** One answer, ready to stream. */
export type AnswerPlan = {
  provider: Provider;
  model: string;
  reasoning: string[];
  text: string[];
  paceMs: number;
  failBeforeFirstToken: boolean;
  /** Answer tokens to send before destroying the socket; undefined: no drop. */
  dropAfter: number | undefined;
  hang: boolean;
  malformedAfter: number | undefined;
  /** An error status to answer with; undefined: 200. */
  status: number | undefined;
};

export function planAnswer(script: FakeScript, provider: Provider, model: string): AnswerPlan {
  const reasoningCount = script.reasoningTokens ?? (model.includes('reasoner') ? DEFAULT_REASONING_TOKENS : 0);
  const status = script.status !== undefined && script.status >= 400 ? script.status : undefined;
  return {
    provider,
    model,
    reasoning: reasoningTokens(reasoningCount),
    text:
      script.text !== undefined
        ? splitIntoTokens(script.text)
        : defaultAnswerTokens(provider, model, script.tokens ?? DEFAULT_TOKENS),
    paceMs: Math.max(0, script.paceMs ?? DEFAULT_PACE_MS),
    failBeforeFirstToken: script.failBeforeFirstToken === true,
    dropAfter: script.dropAfter,
    hang: script.hang === true,
    malformedAfter: script.malformedAfter,
    status,
  };
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a message's content in any provider's shape: a string, or parts/blocks with `text`. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * The text of the last user message of a request body: OpenAI/DeepSeek/xAI chat (`messages`, content a
 * string or parts), Anthropic (`messages`, content a string or blocks), the Responses API (`input`, a
 * string or items) and Gemini (`contents[].parts[].text`, role "user" or none).
 */
export function lastUserText(body: unknown): string {
  if (!isRecord(body)) return '';
  const pickLast = (items: unknown[], isUser: (item: Json) => boolean): Json | undefined => {
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (isRecord(item) && isUser(item)) return item;
    }
    return undefined;
  };
  if (Array.isArray(body.messages)) {
    return textOf(pickLast(body.messages, (m) => m.role === 'user')?.content);
  }
  if (Array.isArray(body.contents)) {
    const content = pickLast(body.contents, (c) => c.role === undefined || c.role === 'user');
    return textOf(content?.parts);
  }
  if (typeof body.input === 'string') return body.input;
  if (Array.isArray(body.input)) {
    return textOf(pickLast(body.input, (m) => m.role === 'user')?.content);
  }
  return '';
}
