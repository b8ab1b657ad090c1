/**
 * A streaming client on node:http that timestamps every token as it arrives. It reads two wire
 * formats: OpenAI chat-completions chunks (`data: {"object":"chat.completion.chunk",…}`, a token is a
 * chunk with delta.content) and the AI SDK UI message stream our server sends (`data:
 * {"type":"text-delta","delta":…}`; the bare fan-out server speaks it too).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type Wire = 'openai' | 'ui';

export type StreamRequest = {
  url: string;
  agent: http.Agent;
  wire: Wire;
  headers?: Record<string, string>;
  body?: string;
  method?: string;
  /** Called at the response headers and at the end (for concurrency counting). */
  onHeaders?: () => void;
  /** Keep only gaps, not the tokens' text and times (large runs). */
  light?: boolean;
  /** Compared token by token as they arrive (light mode); mismatches are counted. */
  expected?: readonly string[];
};

export type StreamResult = {
  status: number;
  /** performance.now() when the request was sent. */
  sentAt: number;
  headersAt: number;
  firstTokenAt: number;
  lastTokenAt: number;
  endAt: number;
  /** Tokens received. */
  count: number;
  /** The tokens' text and arrival times (empty in light mode). */
  tokens: string[];
  tokenAt: number[];
  /** Gaps between consecutive tokens, ms. */
  gaps: number[];
  /** The longest gap and performance.now() when it ended. */
  maxGap: number;
  maxGapAt: number;
  /** Tokens that arrived in the same socket read as the token before them. */
  sameRead: number;
  /** Light mode: tokens that did not match `expected` at their position. */
  mismatches: number;
  /** The stream ended with its finish event ([DONE] / finish). */
  finished: boolean;
  /** A stream error event, a non-200 status's body, or a socket error. */
  error?: string;
};

export function newAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 65_536 });
}

function tokenOf(wire: Wire, data: string): { token?: string; finished?: boolean; error?: string } {
  if (data === '[DONE]') return { finished: true };
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return { error: `not JSON: ${data.slice(0, 200)}` };
  }
  if (wire === 'openai') {
    const choices = event.choices as { delta?: { content?: unknown } }[] | undefined;
    const content = choices?.[0]?.delta?.content;
    return typeof content === 'string' && content !== '' ? { token: content } : {};
  }
  switch (event.type) {
    case 'text-delta':
      return { token: String(event.delta) };
    case 'finish':
      return { finished: true };
    case 'error':
      return { error: String(event.errorText) };
    default:
      return {};
  }
}

/** Sends one request and reads its SSE answer to the end. Never rejects: failures are in `error`. */
export function stream(req: StreamRequest): Promise<StreamResult> {
  return new Promise((resolve) => {
    const url = new URL(req.url);
    const result: StreamResult = {
      status: 0,
      sentAt: 0,
      headersAt: Number.NaN,
      firstTokenAt: Number.NaN,
      lastTokenAt: Number.NaN,
      endAt: Number.NaN,
      count: 0,
      tokens: [],
      tokenAt: [],
      gaps: [],
      maxGap: 0,
      maxGapAt: Number.NaN,
      sameRead: 0,
      mismatches: 0,
      finished: false,
    };
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      result.endAt = performance.now();
      if (error && !result.error) result.error = error;
      resolve(result);
    };
    const headers: Record<string, string> = { accept: 'text/event-stream', ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method ?? 'POST',
        headers,
        agent: req.agent,
      },
      (res) => {
        result.status = res.statusCode ?? 0;
        result.headersAt = performance.now();
        req.onHeaders?.();
        res.setEncoding('utf8');
        let buffer = '';
        let read = 0;
        let lastTokenRead = -1;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          read++;
          if (result.status !== 200) {
            buffer += chunk;
            return;
          }
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            for (const line of block.split('\n')) {
              if (!line.startsWith('data:')) continue;
              const data = line.slice(line.charAt(5) === ' ' ? 6 : 5);
              const parsed = tokenOf(req.wire, data);
              if (parsed.error !== undefined && !result.error) result.error = parsed.error;
              if (parsed.finished) result.finished = true;
              if (parsed.token === undefined) continue;
              if (result.count === 0) result.firstTokenAt = at;
              else {
                const gap = at - result.lastTokenAt;
                result.gaps.push(gap);
                if (gap > result.maxGap) {
                  result.maxGap = gap;
                  result.maxGapAt = at;
                }
              }
              if (lastTokenRead === read) result.sameRead++;
              lastTokenRead = read;
              if (req.light) {
                if (req.expected && req.expected[result.count] !== parsed.token) result.mismatches++;
              } else {
                result.tokens.push(parsed.token);
                result.tokenAt.push(at);
              }
              result.lastTokenAt = at;
              result.count++;
            }
          }
        });
        res.on('end', () => {
          if (result.status !== 200) finish(`HTTP ${result.status}: ${buffer.slice(0, 300)}`);
          else finish();
        });
        res.on('error', (err) => finish(`response: ${err.message}`));
        res.on('aborted', () => finish('response aborted'));
      },
    );
    outgoing.on('error', (err) => finish(`request: ${err.message}`));
    outgoing.setNoDelay(true);
    result.sentAt = performance.now();
    outgoing.end(req.body);
  });
}
