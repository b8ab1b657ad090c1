/**
 * Tool calling in the chat stand-ins: which tools a request offers, whether it carries tool results,
 * and the arguments of a made-up call. Pure functions over the request bodies as each provider's AI
 * SDK package sends them (OpenAI/DeepSeek/xAI chat completions, Anthropic messages, Gemini).
 */
import type { Wire } from './formats.ts';
import { isRecord } from './script.ts';

export type OfferedTool = { name: string; schema: unknown };
export type ToolResult = { name: string; output: string };

/**
 * The function tools a request offers, in order. The Responses API is not covered: its tool calls
 * are not stood in (the app reaches OpenAI, DeepSeek and xAI through chat completions).
 */
export function offeredTools(wire: Wire, body: Record<string, unknown>): OfferedTool[] {
  const tools = Array.isArray(body.tools) ? body.tools.filter(isRecord) : [];
  switch (wire) {
    case 'chat':
      return tools.flatMap((t) =>
        t.type === 'function' && isRecord(t.function) && typeof t.function.name === 'string'
          ? [{ name: t.function.name, schema: t.function.parameters }]
          : [],
      );
    case 'anthropic':
      // Client tools have a name and an input_schema; server tools (web search…) have a versioned type.
      return tools.flatMap((t) =>
        typeof t.name === 'string' && isRecord(t.input_schema) ? [{ name: t.name, schema: t.input_schema }] : [],
      );
    case 'gemini':
      return tools.flatMap((t) =>
        Array.isArray(t.functionDeclarations)
          ? t.functionDeclarations
              .filter(isRecord)
              .flatMap((f) =>
                typeof f.name === 'string' ? [{ name: f.name, schema: f.parametersJsonSchema ?? f.parameters }] : [],
              )
          : [],
      );
    case 'responses':
      return [];
  }
}

/** A tool's output as the model reads it: strings as they are, anything else as JSON. */
function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const texts = value.filter(isRecord).flatMap((p) => (typeof p.text === 'string' ? [p.text] : []));
    if (texts.length === value.length && texts.length > 0) return texts.join('\n');
  }
  return JSON.stringify(value ?? null);
}

/**
 * The tool results a request ends with: the conversation's last turn answers the model's tool calls.
 * Empty when the last turn is anything else (the user speaking, or no conversation).
 */
export function trailingToolResults(wire: Wire, body: Record<string, unknown>): ToolResult[] {
  if (wire === 'gemini') {
    const contents = Array.isArray(body.contents) ? body.contents : [];
    const last = contents.at(-1);
    if (!isRecord(last) || !Array.isArray(last.parts)) return [];
    return last.parts.filter(isRecord).flatMap((p) => {
      const call = p.functionResponse;
      if (!isRecord(call) || typeof call.name !== 'string') return [];
      const response = isRecord(call.response) ? call.response : {};
      return [{ name: call.name, output: outputText(response.content ?? response.error ?? response) }];
    });
  }
  const messages = Array.isArray(body.messages) ? body.messages.filter(isRecord) : [];
  if (wire === 'chat') {
    let first = messages.length;
    while (first > 0 && messages[first - 1]?.role === 'tool') first--;
    if (first === messages.length) return [];
    const calls = new Map<string, string>();
    const assistant = messages[first - 1];
    for (const call of Array.isArray(assistant?.tool_calls) ? assistant.tool_calls.filter(isRecord) : []) {
      if (typeof call.id === 'string' && isRecord(call.function) && typeof call.function.name === 'string') {
        calls.set(call.id, call.function.name);
      }
    }
    return messages.slice(first).map((m) => ({
      name: calls.get(String(m.tool_call_id)) ?? 'unknown',
      output: outputText(m.content),
    }));
  }
  if (wire === 'anthropic') {
    const last = messages.at(-1);
    if (last?.role !== 'user' || !Array.isArray(last.content)) return [];
    const results = last.content.filter((b) => isRecord(b) && b.type === 'tool_result') as Record<string, unknown>[];
    if (results.length === 0) return [];
    const calls = new Map<string, string>();
    const assistant = messages.at(-2);
    for (const block of Array.isArray(assistant?.content) ? assistant.content.filter(isRecord) : []) {
      if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
        calls.set(block.id, block.name);
      }
    }
    return results.map((b) => ({ name: calls.get(String(b.tool_use_id)) ?? 'unknown', output: outputText(b.content) }));
  }
  return [];
}

const BRIEF_CHARS = 160;

type NumberedResult = { n: number; title: string };

/**
 * The numbered results a tool returned, as a search tool hands them to a model to cite
 * (`{ results: [{ n, title, … }] }`); undefined for any other output.
 */
function numberedResults(output: string): NumberedResult[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return undefined;
  }
  const results = isRecord(value) ? value.results : undefined;
  if (!Array.isArray(results) || results.length === 0) return undefined;
  const numbered = results.filter(
    (r): r is NumberedResult => isRecord(r) && Number.isInteger(r.n) && typeof r.title === 'string',
  );
  return numbered.length === results.length ? numbered : undefined;
}

/**
 * The stand-in's answer once tool results come back: one sentence per result, each output cut short.
 * Numbered results (a search tool's) are cited the way a model is asked to cite them: one sentence
 * per result ending in its [n], so an answer's citations point at exactly what the tool returned.
 */
export function toolResultAnswer(results: ToolResult[]): string {
  return results
    .map(({ name, output }) => {
      const numbered = numberedResults(output);
      if (numbered) {
        const cited = numbered.map((r) => `${r.title.replace(/[[\]]/g, '')} [${r.n}].`).join(' ');
        return `The ${name} tool found ${numbered.length} result${numbered.length === 1 ? '' : 's'}: ${cited}`;
      }
      const brief = output.length > BRIEF_CHARS ? `${output.slice(0, BRIEF_CHARS - 1)}…` : output;
      return `The ${name} tool returned: ${brief}`;
    })
    .join('\n');
}

/** String properties that carry what the user asked for. */
const MESSAGE_PROPERTIES = new Set(['prompt', 'query', 'text', 'description']);
const MAX_DEPTH = 8;

function typeOf(schema: Record<string, unknown>): string | undefined {
  const type = schema.type;
  const named = Array.isArray(type) ? type.find((t) => t !== 'null') : type;
  return typeof named === 'string' ? named.toLowerCase() : undefined;
}

function valueFor(name: string, schema: unknown, message: string, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const option = options.find((o) => isRecord(o) && typeOf(o) !== 'null');
      if (option !== undefined) return valueFor(name, option, message, depth + 1);
    }
  }
  switch (typeOf(schema)) {
    case 'string':
      return MESSAGE_PROPERTIES.has(name.toLowerCase()) && message !== '' ? message : 'stand-in';
    case 'number':
    case 'integer': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 0;
      return typeof schema.maximum === 'number' ? Math.min(min, schema.maximum) : min;
    }
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => valueFor(name, schema.items, message, depth + 1));
    }
    case 'object':
      return objectFor(schema, message, depth + 1);
    default:
      return isRecord(schema.properties) ? objectFor(schema, message, depth + 1) : null;
  }
}

function objectFor(schema: Record<string, unknown>, message: string, depth: number): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [];
  const out: Record<string, unknown> = {};
  for (const key of required) out[key] = valueFor(key, properties[key], message, depth);
  return out;
}

/**
 * Arguments for a tool call made up from the tool's JSON schema: its required properties only, each
 * its default or const when it has one, else a string property named prompt/query/text/description
 * gets the user's message, other strings "stand-in", enums their first value, numbers their minimum
 * (0 without one), booleans false, arrays their minimum length, objects their own required properties.
 */
export function synthesizeToolArgs(schema: unknown, message: string): Record<string, unknown> {
  return isRecord(schema) ? objectFor(schema, message, 0) : {};
}
