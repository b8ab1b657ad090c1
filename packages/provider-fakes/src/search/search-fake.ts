/**
 * One node:http server standing in for the three web-search services on their real paths and wire
 * formats, plus the pages their results point at:
 *
 *   POST /tavily/search                   Tavily (Authorization: Bearer <key>)
 *   GET  /brave/res/v1/web/search         Brave Search (X-Subscription-Token: <key>)
 *   GET  /searxng/search?format=json      SearXNG (403 for any other format, as an instance without it)
 *   GET  /pages/<slug>                    an article page with boilerplate around it
 *   GET  /pages/no-text                   a single-page app's shell: no text without scripts
 *   GET  /pages/report.pdf                a PDF
 *   GET  /pages/huge                      an HTML page of several megabytes
 *   GET  /pages/to-localhost              a redirect to http://localhost/…
 *
 *   GET  /__control/requests              what arrived: { service, method, path, query, body, headers }
 *   POST /__control/script                { query, outcome } (query "*" = any query)
 *   POST /__control/reset
 *
 * With no script, a query answers with `defaultResults`: five articles on this server's /pages.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { articlePage, defaultResults, NO_TEXT_PAGE } from './search-pages.ts';
import {
  braveError,
  braveResults,
  type FakeSearchResult,
  SEARCH_FAILURES,
  type SearchFailure,
  type SearchService,
  searxngError,
  searxngResults,
  tavilyError,
  tavilyResults,
  type WireAnswer,
} from './search-wire.ts';

/** How the stand-in answers a query. Every field is optional; `{}` is the default results. */
export type SearchOutcome = {
  /** The results to answer with (each service shapes them its own way). */
  results?: FakeSearchResult[];
  /** Answer with this failure in the service's own status and error body. */
  fail?: SearchFailure;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Send nothing until the client goes away. */
  hang?: boolean;
};

export type SearchFakeRequest = {
  service: SearchService;
  method: string;
  path: string;
  /** The query string's parameters (GET) or the JSON body (Tavily's POST). */
  params: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
};

export type SearchFakes = {
  url: string;
  baseUrls: {
    /** TAVILY_BASE_URL */
    tavily: string;
    /** BRAVE_SEARCH_BASE_URL */
    brave: string;
    /** SEARXNG_URL */
    searxng: string;
  };
  /** Where the default results' pages live. */
  pagesUrl: string;
  /** Answer `query` (exactly; "*" for any query without its own script) with `outcome` until reset. */
  script(query: string, outcome: SearchOutcome): void;
  requests(): SearchFakeRequest[];
  reset(): void;
  close(): Promise<void>;
};

export type SearchFakesOptions = { port?: number; host?: string };

const MAX_BODY_BYTES = 64 * 1024;
const HUGE_PAGE_BYTES = 3 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
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
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function send(res: ServerResponse, answer: WireAnswer): void {
  res.writeHead(answer.status, {
    'content-type': answer.contentType,
    'content-length': Buffer.byteLength(answer.body),
  });
  res.end(answer.body);
}

function checkOutcome(value: unknown): { query: string; outcome: SearchOutcome } {
  if (typeof value !== 'object' || value === null) throw new Error('expected { query, outcome }');
  const { query, outcome } = value as { query?: unknown; outcome?: unknown };
  if (typeof query !== 'string' || query === '') throw new Error('query must be a non-empty string');
  if (typeof outcome !== 'object' || outcome === null) throw new Error('outcome must be an object');
  const o = outcome as SearchOutcome;
  if (o.fail !== undefined && !SEARCH_FAILURES.includes(o.fail)) {
    throw new Error(`fail must be one of ${SEARCH_FAILURES.join(', ')}`);
  }
  if (o.results !== undefined && !Array.isArray(o.results)) throw new Error('results must be an array');
  return { query, outcome: o };
}

export async function startSearchFakes(options: SearchFakesOptions = {}): Promise<SearchFakes> {
  const host = options.host ?? '127.0.0.1';
  let scripts = new Map<string, SearchOutcome>();
  let recorded: SearchFakeRequest[] = [];
  let serial = 0;
  let url = '';
  const pagesUrl = () => `${url}/pages`;
  const open = new Set<ServerResponse>();

  const script = (query: string, outcome: SearchOutcome) => {
    scripts.set(query, outcome);
  };
  const reset = () => {
    scripts = new Map();
    recorded = [];
  };

  /** Answers after the outcome's delay, or never when it hangs; a client that leaves cancels it. */
  function answerLater(res: ServerResponse, outcome: SearchOutcome, answer: () => WireAnswer): void {
    if (outcome.hang) {
      res.flushHeaders();
      return;
    }
    const timer = setTimeout(() => {
      if (!res.destroyed) send(res, answer());
    }, outcome.delayMs ?? 0);
    res.once('close', () => clearTimeout(timer));
  }

  async function handleSearch(service: SearchService, req: IncomingMessage, res: ServerResponse, at: URL) {
    const n = ++serial;
    const method = req.method ?? 'GET';
    let params: Record<string, unknown> = Object.fromEntries(at.searchParams);
    if (service === 'tavily') {
      try {
        params = JSON.parse((await readBody(req)) || 'null') ?? {};
      } catch {
        params = {};
      }
    }
    recorded.push({ service, method, path: at.pathname, params, headers: req.headers });

    const query = String(params[service === 'tavily' ? 'query' : 'q'] ?? '');
    const count = Number(params[service === 'tavily' ? 'max_results' : 'count'] ?? (service === 'tavily' ? 5 : 20));
    if (service === 'tavily') {
      if (!/^Bearer\s+\S+/i.test(header(req, 'authorization'))) return send(res, tavilyError('auth'));
      if (query.trim() === '') return send(res, tavilyError('bad-request'));
    }
    if (service === 'brave') {
      if (header(req, 'x-subscription-token') === '') return send(res, braveError('auth', n));
      if (query.trim() === '') return send(res, braveError('bad-request', n));
    }
    if (service === 'searxng') {
      if (params.format !== 'json') return send(res, searxngError('format'));
      if (query.trim() === '') return send(res, searxngError('bad-request'));
    }

    const outcome = scripts.get(query) ?? scripts.get('*') ?? {};
    const results = outcome.results ?? defaultResults(pagesUrl(), query);
    answerLater(res, outcome, () => {
      if (outcome.fail) {
        return service === 'tavily'
          ? tavilyError(outcome.fail)
          : service === 'brave'
            ? braveError(outcome.fail, n)
            : searxngError(outcome.fail);
      }
      return service === 'tavily'
        ? tavilyResults(query, results, count, n)
        : service === 'brave'
          ? braveResults(query, results, count)
          : searxngResults(query, results);
    });
  }

  function handlePage(res: ServerResponse, slug: string) {
    switch (slug) {
      case 'no-text':
        send(res, { status: 200, contentType: 'text/html; charset=utf-8', body: NO_TEXT_PAGE });
        return;
      case 'report.pdf':
        send(res, { status: 200, contentType: 'application/pdf', body: '%PDF-1.7\n%stand-in\n' });
        return;
      case 'huge': {
        const filler = '<p>Filler paragraph, long enough to add up, repeated until the page is huge.</p>\n';
        const body = `<!doctype html><html><body>${filler.repeat(Math.ceil(HUGE_PAGE_BYTES / filler.length))}</body></html>`;
        send(res, { status: 200, contentType: 'text/html', body });
        return;
      }
      case 'to-localhost': {
        const port = new URL(url).port;
        res.writeHead(302, { location: `http://localhost:${port}/pages/secret-admin` }).end();
        return;
      }
    }
    const index = Math.max(0, Number(/-(\d+)$/.exec(slug)?.[1] ?? 1) - 1);
    send(res, { status: 200, contentType: 'text/html; charset=utf-8', body: articlePage(slug, index).html });
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, at: URL) {
    const key = `${req.method} ${at.pathname}`;
    const reply = (status: number, body: unknown) =>
      send(res, { status, contentType: 'application/json', body: JSON.stringify(body) });
    switch (key) {
      case 'GET /__control/requests':
        return reply(200, recorded);
      case 'POST /__control/reset':
        await readBody(req);
        reset();
        return res.writeHead(204).end();
      case 'POST /__control/script':
        try {
          const { query, outcome } = checkOutcome(JSON.parse(await readBody(req)));
          script(query, outcome);
          return res.writeHead(204).end();
        } catch (err) {
          return reply(400, { error: (err as Error).message });
        }
      default:
        return reply(404, { error: `no control endpoint ${key}` });
    }
  }

  const server = createServer((req, res) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    const at = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    let handled: Promise<unknown> | unknown;
    if (at.pathname.startsWith('/__control/')) handled = handleControl(req, res, at);
    else if (method === 'POST' && at.pathname === '/tavily/search') handled = handleSearch('tavily', req, res, at);
    else if (method === 'GET' && at.pathname === '/brave/res/v1/web/search')
      handled = handleSearch('brave', req, res, at);
    else if (method === 'GET' && at.pathname === '/searxng/search') handled = handleSearch('searxng', req, res, at);
    else if (method === 'GET' && at.pathname.startsWith('/pages/')) {
      handled = handlePage(res, decodeURIComponent(at.pathname.slice('/pages/'.length)));
    } else {
      handled = send(res, {
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: `no search stand-in at ${method} ${at.pathname}` }),
      });
    }
    Promise.resolve(handled).catch((err: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        send(res, { status: 500, contentType: 'text/plain', body: String(err) });
      } else res.destroy();
    });
  });
  server.requestTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  url = `http://${shownHost}:${port}`;

  return {
    url,
    baseUrls: { tavily: `${url}/tavily`, brave: `${url}/brave`, searxng: `${url}/searxng` },
    pagesUrl: pagesUrl(),
    script,
    requests: () => recorded.slice(),
    reset,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
