/**
 * The providers' wire formats: streamed events (as the frames the server writes on a timer), whole
 * JSON answers and error bodies, shaped as OpenAI, DeepSeek, xAI, Anthropic and Google send them.
 */
import type { AnswerPlan, Provider } from './script.ts';

/**
 * One write of a stream. `meta` frames go out with the next token; `reasoning` and `text` frames are one
 * token each, one per tick; `tail` frames (the final chunk, usage, [DONE]) go out together at the end.
 */
export type Frame = { kind: 'meta' | 'reasoning' | 'text' | 'tail'; data: string };

/** The request APIs the stand-ins speak. */
export type Wire = 'chat' | 'responses' | 'anthropic' | 'gemini';

/**
 * `cached`: of the input, what the provider's prompt cache held (OpenAI, DeepSeek chat and Anthropic;
 * 0 elsewhere); `cacheWrite`: of the input, what was written to it (Anthropic).
 */
export type Usage = { input: number; reasoning: number; output: number; cached: number; cacheWrite?: number };

export type AnswerContext = {
  plan: AnswerPlan;
  /** The response id, e.g. chatcmpl-…, msg_…, resp_… */
  id: string;
  /** Unix seconds. */
  created: number;
  usage: Usage;
  /** OpenAI chat: stream_options.include_usage was true. */
  includeUsage: boolean;
};

export type WireFormat = {
  contentType: string;
  /** The frames of a streamed answer, made as they are written (a long answer costs no memory up front). */
  stream(ctx: AnswerContext): Iterable<Frame>;
  /** A frame of this format cut off in the middle of its JSON. */
  malformed(ctx: AnswerContext): string;
  json(ctx: AnswerContext): unknown;
};

const json = JSON.stringify;
const sse = (data: unknown) => `data: ${json(data)}\n\n`;
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${json(data)}\n\n`;

const meta = (data: string): Frame => ({ kind: 'meta', data });
const tail = (data: string): Frame => ({ kind: 'tail', data });

// ---------------------------------------------------------------------------------------------------
// OpenAI chat completions (also DeepSeek and xAI)

function chatUsage({ plan, usage }: AnswerContext) {
  const completion = usage.output + usage.reasoning;
  return {
    prompt_tokens: usage.input,
    completion_tokens: completion,
    total_tokens: usage.input + completion,
    prompt_tokens_details: { cached_tokens: usage.cached, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: usage.reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
    // DeepSeek reports its context cache next to OpenAI's fields.
    ...(plan.provider === 'deepseek' && {
      prompt_cache_hit_tokens: usage.cached,
      prompt_cache_miss_tokens: usage.input - usage.cached,
    }),
  };
}

const chat: WireFormat = {
  contentType: 'text/event-stream; charset=utf-8',
  *stream(ctx) {
    const { plan, id, created, includeUsage } = ctx;
    const base = {
      id,
      object: 'chat.completion.chunk',
      created,
      model: plan.model,
      ...(plan.provider === 'openai' && { service_tier: 'default' }),
      system_fingerprint: `fp_${plan.provider}_stand_in`,
    };
    const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
      sse({
        ...base,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        ...(includeUsage && { usage: null }),
      });
    const reasoning = plan.reasoning.length > 0;
    const { toolCall } = plan;
    const opening = toolCall
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            { index: 0, id: toolCall.id, type: 'function', function: { name: toolCall.name, arguments: '' } },
          ],
          refusal: null,
        }
      : { role: 'assistant', content: '', refusal: null };
    if (reasoning) yield meta(chunk({ role: 'assistant', content: null, reasoning_content: '' }, null));
    for (const token of plan.reasoning) {
      yield { kind: 'reasoning', data: chunk({ content: null, reasoning_content: token }, null) };
    }
    if (toolCall) {
      // The call opens with its id and name, then its arguments arrive in fragments.
      yield meta(chunk(reasoning ? { ...opening, role: undefined } : opening, null));
      for (const piece of toolCall.chunks) {
        yield { kind: 'text', data: chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null) };
      }
      yield tail(chunk({}, 'tool_calls'));
      if (includeUsage) yield tail(sse({ ...base, choices: [], usage: chatUsage(ctx) }));
      yield tail('data: [DONE]\n\n');
      return;
    }
    if (!reasoning) yield meta(chunk(opening, null));
    for (const token of plan.text) {
      yield {
        kind: 'text',
        data: chunk(reasoning ? { content: token, reasoning_content: null } : { content: token }, null),
      };
    }
    yield tail(chunk({}, 'stop'));
    if (includeUsage) yield tail(sse({ ...base, choices: [], usage: chatUsage(ctx) }));
    yield tail('data: [DONE]\n\n');
  },
  malformed({ id, plan }) {
    return `data: {"id":"${id}","object":"chat.completion.chunk","model":"${plan.model}","choices":[{"index":0,"delta":{"content":\n\n`;
  },
  json(ctx) {
    const { plan, id, created } = ctx;
    return {
      id,
      object: 'chat.completion',
      created,
      model: plan.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: plan.toolCall ? null : plan.text.join(''),
            ...(plan.reasoning.length > 0 && { reasoning_content: plan.reasoning.join('') }),
            ...(plan.toolCall && {
              tool_calls: [
                {
                  id: plan.toolCall.id,
                  type: 'function',
                  function: { name: plan.toolCall.name, arguments: JSON.stringify(plan.toolCall.args) },
                },
              ],
            }),
            refusal: null,
            annotations: [],
          },
          logprobs: null,
          finish_reason: plan.toolCall ? 'tool_calls' : 'stop',
        },
      ],
      usage: chatUsage(ctx),
      ...(plan.provider === 'openai' && { service_tier: 'default' }),
      system_fingerprint: `fp_${plan.provider}_stand_in`,
    };
  },
};

// ---------------------------------------------------------------------------------------------------
// OpenAI Responses API (also xAI, whose AI SDK provider speaks only this one)

function responsesUsage({ usage }: AnswerContext) {
  return {
    input_tokens: usage.input,
    input_tokens_details: { cached_tokens: usage.cached },
    output_tokens: usage.output + usage.reasoning,
    output_tokens_details: { reasoning_tokens: usage.reasoning },
    total_tokens: usage.input + usage.output + usage.reasoning,
  };
}

function responseObject(ctx: AnswerContext, status: string, output: unknown[], usage: unknown) {
  return {
    id: ctx.id,
    object: 'response',
    created_at: ctx.created,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: ctx.plan.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage,
    user: null,
    metadata: {},
  };
}

function responsesItems(ctx: AnswerContext) {
  const suffix = ctx.id.replace(/^resp_/, '');
  const reasoningText = ctx.plan.reasoning.join('');
  const text = ctx.plan.text.join('');
  const hasReasoning = ctx.plan.reasoning.length > 0;
  const reasoningItem = {
    id: `rs_${suffix}`,
    type: 'reasoning',
    status: 'completed',
    summary: [{ type: 'summary_text', text: reasoningText }],
  };
  const part = { type: 'output_text', annotations: [], logprobs: [], text };
  const messageItem = {
    id: `msg_${suffix}`,
    type: 'message',
    status: 'completed',
    content: [part],
    role: 'assistant',
  };
  return { hasReasoning, reasoningItem, messageItem, part, reasoningText, text };
}

const responses: WireFormat = {
  contentType: 'text/event-stream; charset=utf-8',
  *stream(ctx) {
    let sequence = 0;
    const ev = (type: string, data: Record<string, unknown>) =>
      event(type, { type, sequence_number: sequence++, ...data });
    const { hasReasoning, reasoningItem, messageItem, part, reasoningText, text } = responsesItems(ctx);
    yield meta(ev('response.created', { response: responseObject(ctx, 'in_progress', [], null) }));
    yield meta(ev('response.in_progress', { response: responseObject(ctx, 'in_progress', [], null) }));
    const messageIndex = hasReasoning ? 1 : 0;
    if (hasReasoning) {
      const at = { item_id: reasoningItem.id, output_index: 0, summary_index: 0 };
      yield meta(ev('response.output_item.added', { output_index: 0, item: { ...reasoningItem, summary: [] } }));
      yield meta(ev('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } }));
      for (const delta of ctx.plan.reasoning) {
        yield { kind: 'reasoning', data: ev('response.reasoning_summary_text.delta', { ...at, delta }) };
      }
      yield meta(ev('response.reasoning_summary_text.done', { ...at, text: reasoningText }));
      yield meta(
        ev('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text: reasoningText } }),
      );
      yield meta(ev('response.output_item.done', { output_index: 0, item: reasoningItem }));
    }
    const at = { item_id: messageItem.id, output_index: messageIndex, content_index: 0 };
    yield meta(
      ev('response.output_item.added', {
        output_index: messageIndex,
        item: { ...messageItem, status: 'in_progress', content: [] },
      }),
    );
    yield meta(ev('response.content_part.added', { ...at, part: { ...part, text: '' } }));
    for (const delta of ctx.plan.text) {
      yield { kind: 'text', data: ev('response.output_text.delta', { ...at, delta, logprobs: [] }) };
    }
    const output = hasReasoning ? [reasoningItem, messageItem] : [messageItem];
    yield tail(ev('response.output_text.done', { ...at, text, logprobs: [] }));
    yield tail(ev('response.content_part.done', { ...at, part }));
    yield tail(ev('response.output_item.done', { output_index: messageIndex, item: messageItem }));
    yield tail(ev('response.completed', { response: responseObject(ctx, 'completed', output, responsesUsage(ctx)) }));
  },
  malformed() {
    return 'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","item_id":\n\n';
  },
  json(ctx) {
    const { hasReasoning, reasoningItem, messageItem } = responsesItems(ctx);
    const output = hasReasoning ? [reasoningItem, messageItem] : [messageItem];
    return responseObject(ctx, 'completed', output, responsesUsage(ctx));
  },
};

// ---------------------------------------------------------------------------------------------------
// Anthropic messages

function anthropicUsage({ usage }: AnswerContext) {
  return {
    // Anthropic's input_tokens leaves out what was read from or written to the cache.
    input_tokens: usage.input - usage.cached - (usage.cacheWrite ?? 0),
    cache_creation_input_tokens: usage.cacheWrite ?? 0,
    cache_read_input_tokens: usage.cached,
    output_tokens: usage.output + usage.reasoning,
    service_tier: 'standard',
  };
}

const signature = (ctx: AnswerContext) => Buffer.from(`stand-in signature ${ctx.id}`).toString('base64');

const anthropic: WireFormat = {
  contentType: 'text/event-stream; charset=utf-8',
  *stream(ctx) {
    const { plan } = ctx;
    yield meta(
      event('message_start', {
        type: 'message_start',
        message: {
          id: ctx.id,
          type: 'message',
          role: 'assistant',
          model: plan.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...anthropicUsage(ctx), output_tokens: 1 },
        },
      }),
    );
    let index = 0;
    const start = (block: Record<string, unknown>) =>
      event('content_block_start', { type: 'content_block_start', index, content_block: block });
    // Anthropic pings once, after the first block starts.
    const ping = event('ping', { type: 'ping' });
    const delta = (d: Record<string, unknown>) =>
      event('content_block_delta', { type: 'content_block_delta', index, delta: d });
    if (plan.reasoning.length > 0) {
      yield meta(start({ type: 'thinking', thinking: '', signature: '' }) + ping);
      for (const thinking of plan.reasoning)
        yield { kind: 'reasoning', data: delta({ type: 'thinking_delta', thinking }) };
      yield meta(delta({ type: 'signature_delta', signature: signature(ctx) }));
      yield meta(event('content_block_stop', { type: 'content_block_stop', index }));
      index++;
    }
    const { toolCall } = plan;
    if (toolCall) {
      yield meta(
        start({ type: 'tool_use', id: toolCall.id, name: toolCall.name, input: {} }) +
          (index === 0 ? ping : '') +
          delta({ type: 'input_json_delta', partial_json: '' }),
      );
      for (const partial_json of toolCall.chunks) {
        yield { kind: 'text', data: delta({ type: 'input_json_delta', partial_json }) };
      }
    } else {
      yield meta(start({ type: 'text', text: '' }) + (index === 0 ? ping : ''));
      for (const text of plan.text) yield { kind: 'text', data: delta({ type: 'text_delta', text }) };
    }
    yield tail(event('content_block_stop', { type: 'content_block_stop', index }));
    yield tail(
      event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: toolCall ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: ctx.usage.output + ctx.usage.reasoning },
      }),
    );
    yield tail(event('message_stop', { type: 'message_stop' }));
  },
  malformed() {
    return 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_de\n\n';
  },
  json(ctx) {
    const { plan } = ctx;
    return {
      id: ctx.id,
      type: 'message',
      role: 'assistant',
      model: plan.model,
      content: [
        ...(plan.reasoning.length > 0
          ? [{ type: 'thinking', thinking: plan.reasoning.join(''), signature: signature(ctx) }]
          : []),
        plan.toolCall
          ? { type: 'tool_use', id: plan.toolCall.id, name: plan.toolCall.name, input: plan.toolCall.args }
          : { type: 'text', text: plan.text.join('') },
      ],
      stop_reason: plan.toolCall ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: anthropicUsage(ctx),
    };
  },
};

// ---------------------------------------------------------------------------------------------------
// Google Gemini (generateContent / streamGenerateContent?alt=sse)

function geminiUsage({ usage }: AnswerContext, done: boolean) {
  return {
    promptTokenCount: usage.input,
    ...(done && { candidatesTokenCount: usage.output }),
    totalTokenCount: usage.input + (done ? usage.output + usage.reasoning : 0),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: usage.input }],
    ...(done && usage.reasoning > 0 && { thoughtsTokenCount: usage.reasoning }),
  };
}

/** Gemini separates its server-sent events with CRLF. */
const geminiSse = (data: unknown) => `data: ${json(data)}\r\n\r\n`;

const gemini: WireFormat = {
  contentType: 'text/event-stream',
  *stream(ctx) {
    const chunk = (parts: unknown[], done: boolean) =>
      geminiSse({
        candidates: [{ content: { parts, role: 'model' }, ...(done && { finishReason: 'STOP' }), index: 0 }],
        usageMetadata: geminiUsage(ctx, done),
        modelVersion: ctx.plan.model,
        responseId: ctx.id,
      });
    for (const text of ctx.plan.reasoning) yield { kind: 'reasoning', data: chunk([{ text, thought: true }], false) };
    const { toolCall } = ctx.plan;
    if (toolCall) {
      // Gemini sends a function call whole, in the stream's last chunk.
      yield { kind: 'text', data: chunk([{ functionCall: { name: toolCall.name, args: toolCall.args } }], true) };
      return;
    }
    for (const text of ctx.plan.text) yield { kind: 'text', data: chunk([{ text }], false) };
    yield tail(chunk([{ text: '' }], true));
  },
  malformed() {
    return 'data: {"candidates":[{"content":{"parts":[{"text":\r\n\r\n';
  },
  json(ctx) {
    const { plan } = ctx;
    return {
      candidates: [
        {
          content: {
            parts: [
              ...(plan.reasoning.length > 0 ? [{ text: plan.reasoning.join(''), thought: true }] : []),
              plan.toolCall
                ? { functionCall: { name: plan.toolCall.name, args: plan.toolCall.args } }
                : { text: plan.text.join('') },
            ],
            role: 'model',
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: geminiUsage(ctx, true),
      modelVersion: plan.model,
      responseId: ctx.id,
    };
  },
};

export const WIRE_FORMATS: Record<Wire, WireFormat> = { chat, responses, anthropic, gemini };

/** The id a response of this wire carries, from a per-server counter. */
export function responseId(wire: Wire, n: number): string {
  const serial = n.toString(36).padStart(8, '0');
  switch (wire) {
    case 'chat':
      return `chatcmpl-standin${serial}`;
    case 'responses':
      return `resp_standin${serial}`;
    case 'anthropic':
      return `msg_standin${serial}`;
    case 'gemini':
      return `standin${serial}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Errors

const OPENAI_ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
  },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Forbidden.' },
  404: { type: 'invalid_request_error', code: 'unknown_url', message: 'Unknown request URL.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached. Please try again later.' },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

const ANTHROPIC_ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'x-api-key header is required' },
  403: { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  404: { type: 'not_found_error', message: 'Not found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** xAI answers with gRPC's canonical descriptions in `code`. */
const XAI_CODES: Record<number, string> = {
  400: 'Client specified an invalid argument',
  401: 'The request does not have valid authentication credentials for the operation',
  403: 'The caller does not have permission to execute the specified operation',
  404: 'Some requested entity was not found',
  429: 'Some resource has been exhausted',
  500: 'Internal error',
  503: 'The service is currently unavailable',
};

/**
 * The body each provider sends with an error status. `message` replaces the provider's usual text
 * for the status (e.g. to say what the stand-in did not understand).
 */
export function errorBody(provider: Provider, status: number, message?: string): unknown {
  const family = status >= 500 ? 500 : 400;
  switch (provider) {
    case 'openai':
    case 'deepseek': {
      const known = OPENAI_ERRORS[status] ?? OPENAI_ERRORS[family] ?? { type: 'server_error', code: null, message: '' };
      const type = provider === 'deepseek' && status === 401 ? 'authentication_error' : known.type;
      const text =
        message ??
        (provider === 'deepseek' && status === 401 ? 'Authentication Fails, no API key provided' : known.message);
      return { error: { message: text, type, param: null, code: known.code } };
    }
    case 'xai':
      return {
        code: XAI_CODES[status] ?? XAI_CODES[family] ?? 'Unknown error',
        error: message ?? (status === 401 ? 'No API key provided.' : `Request failed with status ${status}.`),
      };
    case 'anthropic': {
      const known = ANTHROPIC_ERRORS[status] ?? ANTHROPIC_ERRORS[family] ?? { type: 'api_error', message: '' };
      return { type: 'error', error: { type: known.type, message: message ?? known.message } };
    }
    case 'google':
      return {
        error: {
          code: status,
          message:
            message ??
            (status === 401
              ? "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
              : status >= 500
                ? 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'
                : `Request failed with status ${status}.`),
          status: GOOGLE_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'),
        },
      };
  }
}
