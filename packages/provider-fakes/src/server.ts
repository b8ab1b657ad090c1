/**
 * One node:http server standing in for every model provider, on their real paths and wire formats:
 *
 *   POST /openai/v1/chat/completions         OpenAI chat completions (stream or not)
 *   POST /openai/v1/responses                OpenAI Responses API
 *   POST /openai/v1/images/generations       OpenAI images (JSON; b64_json or url answers)
 *   POST /openai/v1/images/edits             OpenAI image edits (multipart/form-data: image / image[], mask)
 *   POST /deepseek/v1/chat/completions       DeepSeek (also /deepseek/chat/completions, as api.deepseek.com)
 *   POST /xai/v1/chat/completions            xAI chat completions
 *   POST /xai/v1/responses                   xAI Responses API (what @ai-sdk/xai calls)
 *   POST /xai/v1/images/generations          xAI images (JSON, aspect_ratio)
 *   POST /xai/v1/images/edits                xAI image edits (JSON: image.url as a data URI; xAI takes no multipart)
 *   POST /anthropic/v1/messages              Anthropic messages
 *   POST /google/v1beta/models/{model}:generateContent      (an image when responseModalities ask for IMAGE)
 *   POST /google/v1beta/models/{model}:streamGenerateContent?alt=sse
 *   GET  /__files/{name}                     pictures answered as URLs (not counted, no key needed)
 *   GET  /{provider}/…/models[/{id}]         each provider's model list and one model (model-lists.ts)
 *
 *   GET  /__control/calls         { openai, anthropic, google, deepseek, xai, total }
 *   GET  /__control/requests      the last 100 requests: { provider, method, path, body, at }
 *   GET  /__control/active        { active }: responses still open (streaming, hanging or waiting)
 *   POST /__control/reset         zero the counts, forget requests, queued scripts and served pictures
 *   POST /__control/script        a FakeScript or FakeScript[] for the next chat requests (any provider)
 *   POST /__control/image-script  a FakeImageScript or FakeImageScript[] for the next image requests
 *   POST /__control/context-window { model, tokens }: the model's context window (tokens null: none)
 *   POST /__control/models        { provider, remove?: string[], add?: string[] }: what a provider serves
 *
 * OpenAI chat requests are measured as OpenAI does (context-window.ts): the prompt in o200k tokens,
 * refused with OpenAI's context_length_exceeded error when it (with max_tokens) exceeds the model's
 * window, and a prefix an earlier request already sent reported as cached (OpenAI and DeepSeek).
 * Anthropic requests are measured alike (o200k) and their cache_control breakpoints kept: a prefix
 * an earlier request wrote comes back as cache_read_input_tokens, a new one as cache_creation_input_tokens.
 *
 * Chat requests that offer tools get a tool call back (see script.ts `tool`, tools.ts), and the
 * request carrying the tool's result gets text; with no tools offered, nothing changes.
 *
 * Each streamed answer is a list of frames written one token per timer tick (no loops, no polling);
 * a client that goes away stops its stream and clears its timer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AnthropicPromptMeasure,
  contextLengthError,
  createAnthropicPromptCache,
  createPromptCache,
  type PromptMeasure,
} from './context-window.ts';
import { type AnswerContext, errorBody, type Frame, responseId, WIRE_FORMATS, type Wire } from './formats.ts';
import {
  asksForImages,
  describeForm,
  handleImageRequest,
  type ImageEndpoint,
  type ImageServerTools,
} from './images/image-handler.ts';
import { checkImageScript, type FakeImageScript } from './images/image-script.ts';
import { createModelLists, modelListBody, modelListRoute, modelObject } from './model-lists.ts';
import {
  type AnswerPlan,
  answerTokens,
  DirectiveError,
  type FakeScript,
  lastUserText,
  PROVIDERS,
  type Provider,
  parseDirective,
  planAnswer,
  type Turn,
  withoutDirectives,
} from './script.ts';
import { offeredTools, synthesizeToolArgs, toolResultAnswer, trailingToolResults } from './tools.ts';

export type CallCounts = Record<Provider, number> & { total: number };

export type RecordedRequest = {
  provider: Provider;
  method: string;
  /** Path and query, e.g. /openai/v1/chat/completions */
  path: string;
  /** The parsed JSON body (the raw text when it is not JSON; null when empty). */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
};

export type ProviderFakes = {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  /** What to give each AI SDK provider as baseURL (and the matching *_BASE_URL variable). */
  baseUrls: Record<Provider, string>;
  calls(): CallCounts;
  requests(): RecordedRequest[];
  /** Zero the counts, forget the recorded requests and the queued scripts. */
  reset(): void;
  /** Queue scripts for the next chat requests of any provider (one script per request, in order). */
  script(next: FakeScript | FakeScript[]): void;
  /** Queue scripts for the next image requests of any provider (one per request, in order). */
  imageScript(next: FakeImageScript | FakeImageScript[]): void;
  /** Responses still open: streaming, hanging, or waiting to answer. */
  active(): number;
  /** Sets an OpenAI model's context window (null: no limit); the known models have theirs. */
  contextWindow(model: string, tokens: number | null): void;
  /** The provider stops serving these ids (its list, retrieve and chat); `reset` serves the defaults again. */
  removeModel(provider: Provider, ...ids: string[]): void;
  /** The provider serves these ids too. */
  addModel(provider: Provider, ...ids: string[]): void;
  close(): Promise<void>;
};

export type ProviderFakesOptions = { port?: number; host?: string };

const MAX_RECORDED = 100;
const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Pictures kept for URL answers; older ones are forgotten (their URLs then answer 404). */
const MAX_FILES = 100;

const SCRIPT_KEYS: Record<keyof FakeScript, 'number' | 'string' | 'boolean' | 'object'> = {
  tokens: 'number',
  paceMs: 'number',
  text: 'string',
  markdownBytes: 'number',
  reasoningTokens: 'number',
  failBeforeFirstToken: 'boolean',
  dropAfter: 'number',
  hang: 'boolean',
  malformedAfter: 'number',
  status: 'number',
  tool: 'string',
  toolArgs: 'object',
  match: 'string',
};

/** Checks a script that came over HTTP; throws with what is wrong. */
function checkScript(value: unknown): FakeScript {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('a script is an object');
  for (const [key, v] of Object.entries(value)) {
    const expected = SCRIPT_KEYS[key as keyof FakeScript];
    if (!expected) throw new Error(`unknown script key "${key}" (known: ${Object.keys(SCRIPT_KEYS).join(', ')})`);
    if (v !== undefined && (typeof v !== expected || (expected === 'object' && (v === null || Array.isArray(v))))) {
      throw new Error(`script key "${key}" must be a${expected === 'object' ? 'n' : ''} ${expected}`);
    }
    if (expected === 'number' && v !== undefined && (!Number.isInteger(v) || (v as number) < 0)) {
      throw new Error(`script key "${key}" must be a whole number ≥ 0`);
    }
  }
  return value as FakeScript;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function isAuthorized(provider: Provider, req: IncomingMessage, url: URL): boolean {
  const bearer = /^Bearer\s+\S+/i.test(header(req, 'authorization'));
  switch (provider) {
    case 'openai':
    case 'deepseek':
    case 'xai':
      return bearer;
    case 'anthropic':
      // An API key, or an OAuth token (createAnthropic({ authToken })) as a bearer.
      return header(req, 'x-api-key') !== '' || bearer;
    case 'google':
      return header(req, 'x-goog-api-key') !== '' || (url.searchParams.get('key') ?? '') !== '';
  }
}

type Route = { wire: Wire; model?: string; stream?: boolean } | { images: ImageEndpoint };

/** The API a provider path stands for; undefined for a path the provider does not have. */
function route(provider: Provider, method: string, path: string, url: URL): Route | undefined {
  if (method !== 'POST') return undefined;
  switch (provider) {
    case 'openai':
    case 'xai':
      if (path === `/${provider}/v1/chat/completions`) return { wire: 'chat' };
      if (path === `/${provider}/v1/responses`) return { wire: 'responses' };
      if (path === `/${provider}/v1/images/generations`) return { images: 'generations' };
      if (path === `/${provider}/v1/images/edits`) return { images: 'edits' };
      return undefined;
    case 'deepseek':
      return path === '/deepseek/v1/chat/completions' || path === '/deepseek/chat/completions'
        ? { wire: 'chat' }
        : undefined;
    case 'anthropic':
      return path === '/anthropic/v1/messages' ? { wire: 'anthropic' } : undefined;
    case 'google': {
      const match = /^\/google\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
      if (!match?.[1]) return undefined;
      const stream = match[2] === 'streamGenerateContent';
      if (stream && url.searchParams.get('alt') !== 'sse') return undefined;
      return { wire: 'gemini', model: decodeURIComponent(match[1]), stream };
    }
  }
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Rough token count of a request's prompt, for the usage numbers. */
function promptTokens(body: Record<string, unknown>): number {
  const prompt = body.messages ?? body.input ?? body.contents ?? '';
  return Math.max(1, Math.ceil(JSON.stringify(prompt).length / 4));
}

export async function startProviderFakes(options: ProviderFakesOptions = {}): Promise<ProviderFakes> {
  const host = options.host ?? '127.0.0.1';
  const counts = new Map<Provider, number>(PROVIDERS.map((p) => [p, 0]));
  let total = 0;
  let recorded: RecordedRequest[] = [];
  let queue: FakeScript[] = [];
  /** The first queued script for a request with this last user message (a `match` waits for its request). */
  const takeQueued = (text: string): FakeScript | undefined => {
    const index = queue.findIndex((s) => s.match === undefined || text.includes(s.match));
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  };
  let imageQueue: FakeImageScript[] = [];
  const prompts = createPromptCache();
  const anthropicPrompts = createAnthropicPromptCache();
  const modelLists = createModelLists();
  /** Pictures answered as URLs, by file name. */
  const files = new Map<string, { bytes: Buffer; mediaType: string }>();
  let serial = 0;
  let fileSerial = 0;
  let baseUrl = '';
  /** Open responses and how to stop each (clear its timer, destroy its socket). */
  const open = new Map<ServerResponse, () => void>();

  const calls = (): CallCounts =>
    Object.assign(Object.fromEntries(PROVIDERS.map((p) => [p, counts.get(p) ?? 0])) as Record<Provider, number>, {
      total,
    });
  const reset = () => {
    for (const p of PROVIDERS) counts.set(p, 0);
    total = 0;
    recorded = [];
    queue = [];
    imageQueue = [];
    files.clear();
    prompts.reset();
    anthropicPrompts.reset();
    modelLists.reset();
  };
  const script = (next: FakeScript | FakeScript[]) => {
    queue.push(...(Array.isArray(next) ? next : [next]));
  };
  const imageScript = (next: FakeImageScript | FakeImageScript[]) => {
    imageQueue.push(...(Array.isArray(next) ? next : [next]));
  };

  /** Tracks a response until it finishes or its client goes away; `onStop` clears its timer. */
  function track(res: ServerResponse, onStop: () => void): void {
    const stop = () => {
      onStop();
      open.delete(res);
    };
    open.set(res, () => {
      stop();
      res.destroy();
    });
    res.once('close', stop);
  }

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  function requestIdHeaders(provider: Provider, n: number): Record<string, string> {
    const id = `req_standin${n.toString(36).padStart(8, '0')}`;
    return provider === 'anthropic' ? { 'request-id': id } : provider === 'google' ? {} : { 'x-request-id': id };
  }

  function stream(res: ServerResponse, frames: Iterable<Frame>, plan: AnswerPlan, malformed: string, headers: object) {
    res.writeHead(200, { 'cache-control': 'no-cache', connection: 'keep-alive', ...headers });
    let timer: NodeJS.Timeout | undefined;
    track(res, () => {
      clearTimeout(timer);
      timer = undefined;
    });
    const iterator = frames[Symbol.iterator]();
    let next = iterator.next();
    let textSent = 0;
    const schedule = () => {
      if (!res.destroyed) timer = setTimeout(tick, plan.paceMs);
    };
    const write = (out: string) => {
      if (out === '' || res.write(out)) schedule();
      else res.once('drain', schedule);
    };
    /** Writes the rest and ends the response. */
    const finish = (out: string) => {
      for (; !next.done; next = iterator.next()) out += next.value.data;
      res.end(out);
    };
    function tick() {
      timer = undefined;
      if (res.destroyed) return;
      let out = '';
      for (; !next.done; next = iterator.next()) {
        const frame = next.value;
        if (frame.kind === 'text' || frame.kind === 'tail') {
          if (plan.dropAfter !== undefined && textSent >= plan.dropAfter) {
            // Let what was sent reach the client, then cut the connection without a final chunk.
            if (out) res.write(out, () => res.destroy());
            else res.destroy();
            return;
          }
          if (plan.malformedAfter !== undefined && textSent >= plan.malformedAfter) {
            res.end(out + malformed);
            return;
          }
          if (frame.kind === 'tail') return finish(out);
        }
        out += frame.data;
        if (frame.kind === 'meta') continue;
        // One token per tick.
        if (frame.kind === 'text') textSent++;
        next = iterator.next();
        break;
      }
      if (next.done) res.end(out);
      else write(out);
    }
    // The frames before the first token go out with the headers; then one token per tick.
    let head = '';
    for (; !next.done && next.value.kind === 'meta'; next = iterator.next()) head += next.value.data;
    write(head);
  }

  function answerWhole(res: ServerResponse, body: unknown, plan: AnswerPlan, headers: Record<string, string>): void {
    let timer: NodeJS.Timeout | undefined;
    track(res, () => clearTimeout(timer));
    const tokens = answerTokens(plan);
    const delay = plan.paceMs * (plan.reasoning.length + tokens.length);
    timer = setTimeout(() => {
      timer = undefined;
      if (res.destroyed) return;
      const text = JSON.stringify(body);
      const cut = plan.dropAfter ?? plan.malformedAfter;
      if (cut === undefined) {
        sendJson(res, 200, body, headers);
        return;
      }
      // Cut the body where the given share of the answer tokens would end.
      const share = tokens.length === 0 ? 0 : Math.min(1, cut / tokens.length);
      const partial = text.slice(0, Math.max(1, Math.min(text.length - 1, Math.floor(text.length * share))));
      if (plan.dropAfter !== undefined) {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        });
        res.write(partial, () => res.destroy());
      } else {
        res.writeHead(200, { 'content-type': 'application/json', ...headers });
        res.end(partial);
      }
    }, delay);
  }

  const imageTools: ImageServerTools = {
    sendJson,
    track,
    publish(bytes, mediaType) {
      const name = `img_${(++fileSerial).toString(36).padStart(8, '0')}.${mediaType.split('/')[1] ?? 'bin'}`;
      files.set(name, { bytes, mediaType });
      for (const old of files.keys()) {
        if (files.size <= MAX_FILES) break;
        files.delete(old);
      }
      return `${baseUrl}/__files/${name}`;
    },
    nextScript: () => imageQueue.shift(),
  };

  /** What the conversation asks for beyond the script: a tool call, or text after tool results. */
  function turnOf(wire: Wire, request: Record<string, unknown>, chosen: FakeScript, scripted: boolean, n: number) {
    const turn: Turn = {};
    const results = trailingToolResults(wire, request);
    if (results.length > 0) {
      turn.afterToolResult = toolResultAnswer(results);
      return turn;
    }
    const tools = offeredTools(wire, request);
    if (tools.length === 0) return turn;
    // A script or directive without `tool` asks for text; with none at all, the first tool is called.
    const name = chosen.tool ?? (scripted ? undefined : tools[0]?.name);
    if (name === undefined || name === 'none') return turn;
    const tool = tools.find((t) => t.name === name);
    if (!tool) {
      throw new DirectiveError(
        `[[fake]] tool=${name} is not offered by this request (offered: ${tools.map((t) => t.name).join(', ')})`,
      );
    }
    const serialText = n.toString(36).padStart(8, '0');
    turn.toolCall = {
      id: wire === 'anthropic' ? `toolu_standin${serialText}` : `call_standin${serialText}`,
      name,
      args: chosen.toolArgs ?? synthesizeToolArgs(tool.schema, withoutDirectives(lastUserText(request))),
    };
    return turn;
  }

  async function handleProvider(provider: Provider, req: IncomingMessage, res: ServerResponse, url: URL) {
    counts.set(provider, (counts.get(provider) ?? 0) + 1);
    total++;
    const n = ++serial;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const contentType = header(req, 'content-type');
    let body: unknown = null;
    let parsed = raw.length === 0;
    let form: FormData | undefined;
    if (raw.length > 0 && /^multipart\/form-data/i.test(contentType)) {
      try {
        form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
        body = await describeForm(form);
      } catch {
        body = '(a multipart body that cannot be read)';
      }
    } else if (raw.length > 0) {
      const text = raw.toString('utf8');
      try {
        body = JSON.parse(text);
        parsed = true;
      } catch {
        body = text;
      }
    }
    recorded.push({ provider, method, path: url.pathname + url.search, body, at: Date.now() });
    if (recorded.length > MAX_RECORDED) recorded.splice(0, recorded.length - MAX_RECORDED);

    const ids = requestIdHeaders(provider, n);
    if (!isAuthorized(provider, req, url)) {
      sendJson(res, 401, errorBody(provider, 401), ids);
      return;
    }
    const listing = method === 'GET' ? modelListRoute(provider, url.pathname) : undefined;
    if (listing) {
      if (listing.id === undefined) {
        sendJson(res, 200, modelListBody(provider, modelLists.listed(provider), url), ids);
        return;
      }
      const resolved = modelLists.resolve(provider, listing.id);
      if (resolved) sendJson(res, 200, modelObject(provider, resolved), ids);
      else sendJson(res, 404, errorBody(provider, 404, `The model \`${listing.id}\` does not exist`), ids);
      return;
    }
    const found = route(provider, method, url.pathname, url);
    if (!found) {
      sendJson(res, 404, errorBody(provider, 404, `The ${provider} stand-in has no ${method} ${url.pathname}`), ids);
      return;
    }
    if ('images' in found) {
      if (!form && (!parsed || typeof body !== 'object' || body === null || Array.isArray(body))) {
        sendJson(res, 400, errorBody(provider, 400, 'The request body is not a JSON object.'), ids);
        return;
      }
      await handleImageRequest(imageTools, res, {
        provider: provider as 'openai' | 'xai',
        endpoint: found.images,
        body,
        form,
        serial: n,
        ids,
      });
      return;
    }
    if (!parsed || typeof body !== 'object' || body === null || Array.isArray(body)) {
      sendJson(res, 400, errorBody(provider, 400, 'The request body is not a JSON object.'), ids);
      return;
    }
    const request = body as Record<string, unknown>;
    const model = found.model ?? request.model;
    if (typeof model !== 'string' || model === '') {
      sendJson(res, 400, errorBody(provider, 400, 'The request names no model.'), ids);
      return;
    }
    if (modelLists.retired(provider, model)) {
      sendJson(res, 404, errorBody(provider, 404, `The model \`${model}\` does not exist`), ids);
      return;
    }
    if (found.wire === 'gemini' && !found.stream && asksForImages(request)) {
      await handleImageRequest(imageTools, res, {
        provider: 'google',
        endpoint: 'gemini',
        body,
        form,
        model,
        serial: n,
        ids,
      });
      return;
    }

    let chosen: FakeScript;
    let turn: Turn;
    try {
      const directive = parseDirective(lastUserText(request));
      const queued = directive === undefined ? takeQueued(lastUserText(request)) : undefined;
      chosen = directive ?? queued ?? {};
      turn = turnOf(found.wire, request, chosen, directive !== undefined || queued !== undefined, n);
    } catch (err) {
      if (!(err instanceof DirectiveError)) throw err;
      sendJson(res, 400, errorBody(provider, 400, err.message), ids);
      return;
    }
    // OpenAI and DeepSeek chat: the prompt measured as OpenAI does, refused when longer than the window.
    let measured: PromptMeasure | undefined;
    if (found.wire === 'chat' && (provider === 'openai' || provider === 'deepseek')) {
      measured = prompts.measure(model, request);
      const window = provider === 'openai' ? prompts.windowOf(model) : null;
      const completion = [request.max_completion_tokens, request.max_tokens].find((v) => typeof v === 'number') as
        | number
        | undefined;
      if (window !== null && measured.tokens + (completion ?? 0) > window) {
        sendJson(res, 400, contextLengthError(window, measured.tokens, completion), ids);
        return;
      }
      measured.remember();
    }
    // Anthropic: the prompt cache its cache_control breakpoints ask for.
    let anthropicMeasured: AnthropicPromptMeasure | undefined;
    if (found.wire === 'anthropic') {
      anthropicMeasured = anthropicPrompts.measure(model, request);
      anthropicMeasured.remember();
    }
    const plan = planAnswer(chosen, provider, model, turn);
    if (plan.status !== undefined) {
      sendJson(res, plan.status, errorBody(provider, plan.status), ids);
      return;
    }
    if (plan.failBeforeFirstToken) {
      sendJson(res, 500, errorBody(provider, 500), ids);
      return;
    }

    const format = WIRE_FORMATS[found.wire];
    const streaming = found.stream ?? request.stream === true;
    if (plan.hang) {
      track(res, () => {});
      res.writeHead(200, {
        'content-type': streaming ? format.contentType : 'application/json',
        'cache-control': 'no-cache',
        ...ids,
      });
      res.flushHeaders();
      return;
    }
    const ctx: AnswerContext = {
      plan,
      id: responseId(found.wire, n),
      created: Math.floor(Date.now() / 1000),
      usage: {
        input: measured?.tokens ?? anthropicMeasured?.tokens ?? promptTokens(request),
        cached: measured?.cached ?? anthropicMeasured?.cacheRead ?? 0,
        cacheWrite: anthropicMeasured?.cacheWrite ?? 0,
        reasoning: plan.reasoning.length,
        output: answerTokens(plan).length,
      },
      includeUsage: (request.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true,
    };
    if (streaming) {
      stream(res, format.stream(ctx), plan, format.malformed(ctx), { 'content-type': format.contentType, ...ids });
    } else {
      answerWhole(res, format.json(ctx), plan, ids);
    }
  }

  /** A picture answered as a URL: served to anyone holding the URL, as signed blob URLs are. */
  function serveFile(res: ServerResponse, url: URL) {
    const name = decodeURIComponent(url.pathname.slice('/__files/'.length));
    const file = files.get(name);
    if (!file) {
      sendJson(res, 404, { error: `no file ${name}` });
      return;
    }
    res.writeHead(200, { 'content-type': file.mediaType, 'content-length': file.bytes.length });
    res.end(file.bytes);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const key = `${req.method} ${url.pathname}`;
    switch (key) {
      case 'GET /__control/calls':
        sendJson(res, 200, calls());
        return;
      case 'GET /__control/requests':
        sendJson(res, 200, recorded);
        return;
      case 'GET /__control/active':
        sendJson(res, 200, { active: open.size });
        return;
      case 'POST /__control/reset':
        await readBody(req);
        reset();
        res.writeHead(204).end();
        return;
      case 'POST /__control/script': {
        try {
          const value: unknown = JSON.parse((await readBody(req)).toString('utf8'));
          const scripts = (Array.isArray(value) ? value : [value]).map(checkScript);
          script(scripts);
          res.writeHead(204).end();
        } catch (err) {
          sendJson(res, 400, { error: `expected a FakeScript or FakeScript[]: ${(err as Error).message}` });
        }
        return;
      }
      case 'POST /__control/context-window': {
        try {
          const value = JSON.parse((await readBody(req)).toString('utf8')) as { model?: unknown; tokens?: unknown };
          const tokens = value.tokens;
          if (
            typeof value.model !== 'string' ||
            !(tokens === null || (Number.isInteger(tokens) && (tokens as number) > 0))
          ) {
            throw new Error('expected { model: string, tokens: positive integer | null }');
          }
          prompts.setWindow(value.model, tokens as number | null);
          res.writeHead(204).end();
        } catch (err) {
          sendJson(res, 400, { error: (err as Error).message });
        }
        return;
      }
      case 'POST /__control/models': {
        try {
          const value = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
          const provider = value.provider as Provider;
          const list = (v: unknown) =>
            v === undefined ? [] : Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
          const remove = list(value.remove);
          const add = list(value.add);
          if (!(PROVIDERS as readonly string[]).includes(provider) || !remove || !add) {
            throw new Error('expected { provider, remove?: string[], add?: string[] }');
          }
          modelLists.remove(provider, remove);
          modelLists.add(provider, add);
          res.writeHead(204).end();
        } catch (err) {
          sendJson(res, 400, { error: (err as Error).message });
        }
        return;
      }
      case 'POST /__control/image-script': {
        try {
          const value: unknown = JSON.parse((await readBody(req)).toString('utf8'));
          imageScript((Array.isArray(value) ? value : [value]).map(checkImageScript));
          res.writeHead(204).end();
        } catch (err) {
          sendJson(res, 400, {
            error: `expected a FakeImageScript or FakeImageScript[]: ${(err as Error).message}`,
          });
        }
        return;
      }
      default:
        sendJson(res, 404, { error: `no control endpoint ${key}` });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const first = url.pathname.split('/')[1] ?? '';
    const handled =
      first === '__control'
        ? handleControl(req, res, url)
        : first === '__files' && req.method === 'GET'
          ? Promise.resolve(serveFile(res, url))
          : (PROVIDERS as readonly string[]).includes(first)
            ? handleProvider(first as Provider, req, res, url)
            : Promise.resolve(sendJson(res, 404, { error: `no provider stand-in at ${url.pathname}` }));
    handled.catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: String(err) });
      else res.destroy();
    });
  });
  // Many streams at once: a deep accept queue (listen below), and no cut-off for hanging answers.
  server.requestTimeout = 0;
  server.timeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host, backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${hostForUrl(host)}:${port}`;
  baseUrl = url;

  return {
    url,
    baseUrls: {
      openai: `${url}/openai/v1`,
      anthropic: `${url}/anthropic/v1`,
      google: `${url}/google/v1beta`,
      deepseek: `${url}/deepseek/v1`,
      xai: `${url}/xai/v1`,
    },
    calls,
    requests: () => recorded.slice(),
    reset,
    script,
    imageScript,
    active: () => open.size,
    contextWindow: (model, tokens) => prompts.setWindow(model, tokens),
    removeModel: (provider, ...ids) => modelLists.remove(provider, ids),
    addModel: (provider, ...ids) => modelLists.add(provider, ids),
    close: async () => {
      for (const stop of [...open.values()]) stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
