/**
 * What a stand-in answers: the script (queued, or a `[[fake …]]` directive in the last user message)
 * turned into the tokens it streams. Pure functions; the server and the tests share them.
 */

import { markdownAnswer } from './markdown-answer.ts';

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
  /**
   * A markdown answer of about this many bytes (headings, lists, tables, code blocks: see
   * markdown-answer.ts), streamed word by word like `text`. Ignored when `text` is given.
   */
  markdownBytes?: number;
  /** Reasoning tokens streamed before the answer (default 6 for models whose name has "reasoner", else 0). */
  reasoningTokens?: number;
  /** Answer HTTP 500 with the provider's error JSON; nothing is streamed. */
  failBeforeFirstToken?: boolean;
  /**
   * Send this many answer tokens, then destroy the socket (no final chunk). A tool call's argument
   * pieces count as its tokens (Gemini sends a call whole: one token).
   */
  dropAfter?: number;
  /** Send the response headers and nothing more until the client goes away. */
  hang?: boolean;
  /** After this many answer tokens send a chunk that is not valid JSON, then end the response. */
  malformedAfter?: number;
  /** Answer with this HTTP status (400–599) and the provider's error JSON. */
  status?: number;
  /**
   * When the request offers tools: call this one (`none`: answer text instead). With no script and no
   * directive at all, the first offered tool is called. A request carrying a tool result is always
   * answered with text (`text`, or a sentence naming the result: see toolResultAnswer).
   */
  tool?: string;
  /** The tool call's arguments; by default made up from the tool's JSON schema (see synthesizeToolArgs). */
  toolArgs?: Record<string, unknown>;
  /**
   * A queued script with `match` is used only by a request whose last user message contains this text
   * (others pass it by and it stays queued): a test scripts the one request it means, e.g. a job's
   * structured-output call, while other tests' requests go on around it.
   */
  match?: string;
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
    case 'markdown':
      script.markdownBytes = integer(key, value, { max: 10_000_000 });
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
    case 'tool':
      if (!value) throw new DirectiveError('[[fake]] tool needs a name, as in tool=generate_image (or tool=none)');
      script.tool = value;
      return;
    case 'args': {
      let args: unknown;
      try {
        args = JSON.parse(value ?? '');
      } catch {
        throw new DirectiveError('[[fake]] args needs a JSON object, as in args={"prompt":"a red fox"}');
      }
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        throw new DirectiveError('[[fake]] args needs a JSON object, as in args={"prompt":"a red fox"}');
      }
      script.toolArgs = args as Record<string, unknown>;
      return;
    }
    default:
      throw new DirectiveError(
        `[[fake]] unknown key "${key}" (known: tokens, pace, text, markdown, reasoning, fail, drop, hang, malformed, status, tool, args)`,
      );
  }
}

/** Where the last `[[fake …]]` directive of a text starts (not `[[faker`, not `[[fake-image`), or -1. */
function lastDirectiveStart(text: string, before = text.length): number {
  let start = text.lastIndexOf(DIRECTIVE_START, before);
  while (start >= 0 && !/[\s\]]/.test(text[start + DIRECTIVE_START.length] ?? '')) {
    start = start === 0 ? -1 : text.lastIndexOf(DIRECTIVE_START, start - 1);
  }
  return start;
}

/** The end of a JSON object or array starting at `start` (just past its closing bracket), or -1. */
function jsonEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * Reads the last `[[fake key=value key …]]` directive in a text, or undefined when there is none.
 * Values are whole numbers, bare words, double-quoted strings (`\"`, `\\` and `\n` escapes) or, for
 * `args`, a JSON object written as is, e.g. `[[fake tokens=5 pace=2 reasoning=3]]`,
 * `[[fake text="Hello, world"]]`, `[[fake markdown=30000 pace=2]]` (a 30 KB markdown answer),
 * `[[fake drop=4]]`, `[[fake tool=generate_image args={"prompt":"a fox"}]]`.
 * Throws DirectiveError for an unknown key, a bad value or a missing `]]`.
 */
export function parseDirective(text: string): FakeScript | undefined {
  return readDirective(text)?.script;
}

/** The last directive's script and where it sits in the text. */
function readDirective(
  text: string,
  before = text.length,
): { script: FakeScript; start: number; end: number } | undefined {
  const start = lastDirectiveStart(text, before);
  if (start < 0) return undefined;
  const script: FakeScript = {};
  let i = start + DIRECTIVE_START.length;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
    if (text.startsWith(']]', i)) return { script, start, end: i + 2 };
    if (i >= text.length) throw new DirectiveError('[[fake …]] directive without its closing ]]');
    const key = /^[A-Za-z]+/.exec(text.slice(i))?.[0];
    if (!key) throw new DirectiveError(`[[fake]] unexpected "${text[i]}" where a key should be`);
    i += key.length;
    let value: string | undefined;
    if (text[i] === '=') {
      i++;
      if (key.toLowerCase() === 'args' && (text[i] === '{' || text[i] === '[')) {
        const end = jsonEnd(text, i);
        if (end < 0) throw new DirectiveError('[[fake]] args holds unterminated JSON');
        value = text.slice(i, end);
        i = end;
      } else if (text[i] === '"') {
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

/**
 * The text without its `[[fake …]]` directives (other markers, such as `[[fake-image …]]` for the
 * image stand-ins, stay: a tool passing the user's words on passes them on too).
 */
export function withoutDirectives(text: string): string {
  let out = text;
  for (let before = out.length; ; ) {
    const found = readDirectiveSafely(out, before);
    if (!found) break;
    out = out.slice(0, found.start) + out.slice(found.end);
    if (found.start === 0) break;
    before = found.start - 1;
  }
  return out.replace(/[ \t]{2,}/g, ' ').trim();
}

function readDirectiveSafely(text: string, before: number) {
  try {
    return readDirective(text, before);
  } catch {
    return undefined;
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

/** A tool call the answer makes instead of text. */
export type ToolCallPlan = {
  /** The call's id on the wire (OpenAI call_…, Anthropic toolu_…; Gemini sends none). */
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** The arguments' JSON in the pieces it is streamed in (one per tick, like answer tokens). */
  chunks: string[];
};

/** One answer, ready to stream. */
export type AnswerPlan = {
  provider: Provider;
  model: string;
  reasoning: string[];
  /** Answer tokens; empty when the answer is a tool call. */
  text: string[];
  /** Set when the answer calls a tool instead of answering text. */
  toolCall: ToolCallPlan | undefined;
  paceMs: number;
  failBeforeFirstToken: boolean;
  /** Answer tokens to send before destroying the socket; undefined: no drop. */
  dropAfter: number | undefined;
  hang: boolean;
  malformedAfter: number | undefined;
  /** An error status to answer with; undefined: 200. */
  status: number | undefined;
};

/** The pieces an answer streams after its reasoning: the text tokens, or the tool call's argument chunks. */
export function answerTokens(plan: AnswerPlan): string[] {
  return plan.toolCall ? plan.toolCall.chunks : plan.text;
}

/** What the request's conversation asks for beyond the script: a tool call, or text after a tool result. */
export type Turn = {
  toolCall?: { id: string; name: string; args: Record<string, unknown> };
  /** The default text when the request carries a tool result (the script's `text` wins). */
  afterToolResult?: string;
};

/** Splits a tool call's JSON into up to four pieces, as providers stream arguments in fragments. */
function argumentChunks(json: string): string[] {
  const size = Math.max(1, Math.ceil(json.length / 4));
  const out: string[] = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out.length > 0 ? out : ['{}'];
}

export function planAnswer(script: FakeScript, provider: Provider, model: string, turn: Turn = {}): AnswerPlan {
  const reasoningCount = script.reasoningTokens ?? (model.includes('reasoner') ? DEFAULT_REASONING_TOKENS : 0);
  const status = script.status !== undefined && script.status >= 400 ? script.status : undefined;
  const toolCall = turn.toolCall && { ...turn.toolCall, chunks: argumentChunks(JSON.stringify(turn.toolCall.args)) };
  const text =
    toolCall !== undefined
      ? []
      : script.text !== undefined
        ? splitIntoTokens(script.text)
        : script.markdownBytes !== undefined
          ? splitIntoTokens(markdownAnswer(script.markdownBytes))
          : turn.afterToolResult !== undefined
            ? splitIntoTokens(turn.afterToolResult)
            : defaultAnswerTokens(provider, model, script.tokens ?? DEFAULT_TOKENS);
  return {
    provider,
    model,
    reasoning: reasoningTokens(reasoningCount),
    text,
    toolCall,
    paceMs: Math.max(0, script.paceMs ?? DEFAULT_PACE_MS),
    failBeforeFirstToken: script.failBeforeFirstToken === true,
    dropAfter: script.dropAfter,
    hang: script.hang === true,
    malformedAfter: script.malformedAfter,
    status,
  };
}

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
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
  // A user turn that only carries tool results (Anthropic tool_result blocks, Gemini functionResponse
  // parts) is the conversation going on, not the user speaking: the directive is in the turn before.
  const onlyToolResults = (parts: unknown) =>
    Array.isArray(parts) &&
    parts.length > 0 &&
    parts.every((p) => isRecord(p) && (p.type === 'tool_result' || isRecord(p.functionResponse)));
  if (Array.isArray(body.messages)) {
    return textOf(pickLast(body.messages, (m) => m.role === 'user' && !onlyToolResults(m.content))?.content);
  }
  if (Array.isArray(body.contents)) {
    const content = pickLast(
      body.contents,
      (c) => (c.role === undefined || c.role === 'user') && !onlyToolResults(c.parts),
    );
    return textOf(content?.parts);
  }
  if (typeof body.input === 'string') return body.input;
  if (Array.isArray(body.input)) {
    return textOf(pickLast(body.input, (m) => m.role === 'user')?.content);
  }
  return '';
}
