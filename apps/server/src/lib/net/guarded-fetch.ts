import type { Socket } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, buildConnector, request } from 'undici';
import { createGuardedLookup, type Resolve, systemResolve } from './guarded-lookup.ts';
import { classifyAddress, hostAddress } from './ip-address.ts';
import { OutboundFailed, OutboundRefused } from './outbound-errors.ts';

/**
 * The one way the server fetches an address a user or a model can influence (decision 010).
 *
 * - http(s) only, no user:password in the URL;
 * - the host's addresses must all be public unicast (see ip-address.ts), checked inside the socket's
 *   own DNS lookup and again on the connected socket, so the address checked is the address used;
 * - at most 5 redirects, each hop checked like the first; the caller's headers go to the first URL's
 *   origin only; no cookie jar, so a Set-Cookie is never sent back;
 * - one deadline for the whole exchange (connect, redirects, body) and a byte cap on the decoded body.
 *
 * Hosts the operator configured (a search provider's base URL, a self-hosted SearXNG on the LAN) are
 * exempt from the address rule through `allowHosts`, given when the guard is created. A guard for
 * user- or model-supplied URLs is created without it: that is the default `guardedFetch`.
 */

export type GuardedFetchOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Deadline for the whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** Cap on the (decoded) response body. */
  maxBytes?: number;
  /** At most OUTBOUND_LIMITS.maxRedirects; 0 refuses any redirect. */
  maxRedirects?: number;
  /** Media types a successful response may have, e.g. ['text/html']; others are refused before the body is read. */
  accept?: readonly string[];
};

export type GuardedResponse = {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  ok: boolean;
  headers: Headers;
  body: Uint8Array;
  redirects: number;
  /** The body decoded with the charset of its Content-Type (UTF-8 when none or unknown). */
  text(): string;
  json(): unknown;
};

export type GuardedFetch = (url: string | URL, options?: GuardedFetchOptions) => Promise<GuardedResponse>;

export type OutboundGuard = { fetch: GuardedFetch; close(): Promise<void> };

export type OutboundGuardOptions = {
  /**
   * Hosts (`hostname` or `hostname:port`, as in URL.host) the operator configured. Only these may be
   * private addresses and receive Cookie/Authorization headers. Never put a user- or model-supplied host here.
   */
  allowHosts?: readonly string[];
  /** How names become addresses; the system resolver (with /etc/hosts) by default. */
  resolve?: Resolve;
  userAgent?: string;
};

export const OUTBOUND_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;

const USER_AGENT = 'Mozilla/5.0 (compatible; Polymath/1.0)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that carry who the caller is: only ever sent to a host the operator configured. */
const CREDENTIAL_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);
/** What may follow a redirect to another origin; everything else the caller set stays behind. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language']);

/** The allowHosts entry for a URL the operator configured (e.g. SEARXNG_URL → `searx.lan:8080`). */
export function operatorHost(url: string): string {
  return new URL(url).host;
}

export function createOutboundGuard(options: OutboundGuardOptions = {}): OutboundGuard {
  const allowHosts = new Set((options.allowHosts ?? []).map((h) => h.toLowerCase()));
  const userAgent = options.userAgent ?? USER_AGENT;
  const strict = new Agent({ connect: guardedConnector(options.resolve ?? systemResolve) });
  // Only created when there is something to allow; it connects wherever its host resolves.
  const operator = allowHosts.size > 0 ? new Agent() : undefined;

  const fetchGuarded: GuardedFetch = async (input, init = {}) => {
    const timeoutMs = init.timeoutMs ?? OUTBOUND_LIMITS.timeoutMs;
    const maxBytes = init.maxBytes ?? OUTBOUND_LIMITS.maxBytes;
    const maxRedirects = Math.min(init.maxRedirects ?? OUTBOUND_LIMITS.maxRedirects, OUTBOUND_LIMITS.maxRedirects);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;

    let url = parseTarget(String(input));
    const firstOrigin = url.origin;
    let method = init.method ?? 'GET';
    let body = init.body;
    let callerHeaders = lowerCaseKeys(init.headers ?? {});

    for (let redirects = 0; ; redirects++) {
      const trusted = operator !== undefined && allowHosts.has(url.host);
      checkTarget(url, trusted, callerHeaders);
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, {
          dispatcher: trusted ? operator : strict,
          method,
          headers: { 'user-agent': userAgent, 'accept-encoding': 'gzip, deflate, br', ...callerHeaders },
          body,
          signal,
        });
      } catch (error) {
        throw outboundError(error, url.href, deadline, init.signal);
      }

      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        discard(response.body);
        if (redirects >= maxRedirects) {
          throw new OutboundRefused('too-many-redirects', url.href, `more than ${maxRedirects} redirects`);
        }
        const next = parseTarget(location, url);
        // 303, and 301/302 after a POST, turn into a GET without a body, as browsers do.
        if (response.statusCode === 303 || (method === 'POST' && response.statusCode < 303)) {
          method = 'GET';
          body = undefined;
          delete callerHeaders['content-type'];
        }
        if (next.origin !== firstOrigin) callerHeaders = crossOriginHeaders(callerHeaders, body !== undefined);
        url = next;
        continue;
      }

      const headers = toHeaders(response.headers);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      if (ok && init.accept && !acceptsMediaType(init.accept, headers.get('content-type'))) {
        discard(response.body);
        throw new OutboundRefused('content-type', url.href, `${headers.get('content-type') ?? 'no content type'}`);
      }
      let bytes: Uint8Array;
      try {
        bytes = await readLimited(response.body, headers, maxBytes, url.href);
      } catch (error) {
        throw outboundError(error, url.href, deadline, init.signal);
      }
      return {
        url: url.href,
        status: response.statusCode,
        ok,
        headers,
        body: bytes,
        redirects,
        text: () => decodeText(bytes, headers.get('content-type')),
        json: () => JSON.parse(decodeText(bytes, headers.get('content-type'))),
      };
    }
  };

  return {
    fetch: fetchGuarded,
    close: async () => {
      await Promise.all([strict.close(), operator?.close()]);
    },
  };
}

let publicGuard: OutboundGuard | undefined;

/** Fetches a user- or model-supplied URL: no allow-list, the system resolver, the default limits. */
export const guardedFetch: GuardedFetch = (url, options) => {
  publicGuard ??= createOutboundGuard();
  return publicGuard.fetch(url, options);
};

/** A connector whose DNS lookup refuses non-public addresses and which re-checks the connected peer. */
function guardedConnector(resolve: Resolve): buildConnector.connector {
  return vetConnectedPeer(buildConnector({ lookup: createGuardedLookup(resolve) }));
}

/**
 * Wraps a connector so a socket whose peer is not a public address is closed before a byte of the
 * request is written. An IP-literal host never reaches the lookup; and whatever happened on the way
 * (a lookup hook bypassed, a proxy), this is the address we actually talk to.
 */
export function vetConnectedPeer(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    connect(options, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('no socket'), null);
        return;
      }
      const peer = (socket as Socket).remoteAddress ?? '';
      const verdict = classifyAddress(peer);
      if (!verdict.allowed) {
        socket.destroy();
        callback(new OutboundRefused(verdict.reason, `//${options.hostname}`, `connected to ${peer}`), null);
        return;
      }
      callback(null, socket);
    });
  };
}

function parseTarget(location: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    throw new OutboundRefused('bad-url', location, `not a URL: ${location.slice(0, 200)}`);
  }
  return url;
}

/** The checks made before each hop: scheme, credentials, and an IP-literal host's address. */
function checkTarget(url: URL, trusted: boolean, headers: Record<string, string>): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused('scheme', url.href, `${url.protocol} URLs are not fetched`);
  }
  if (url.username || url.password) {
    throw new OutboundRefused('credentials', url.href, 'URLs with a user name or password are not fetched');
  }
  if (trusted) return;
  const credential = Object.keys(headers).find((name) => CREDENTIAL_HEADERS.has(name));
  if (credential) {
    throw new OutboundRefused('credentials', url.href, `a ${credential} header only goes to configured hosts`);
  }
  const literal = hostAddress(url.hostname);
  if (literal !== undefined) {
    const verdict = classifyAddress(literal);
    if (!verdict.allowed) throw new OutboundRefused(verdict.reason, url.href, `${literal} (${verdict.range})`);
  }
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function crossOriginHeaders(headers: Record<string, string>, keepsBody: boolean): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => CROSS_ORIGIN_HEADERS.has(name) || (keepsBody && name === 'content-type'),
    ),
  );
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function acceptsMediaType(accept: readonly string[], contentType: string | null): boolean {
  const type = mediaType(contentType);
  return type !== '' && accept.some((a) => a.toLowerCase() === type);
}

/** Reads the body, decoding gzip/deflate/br, and stops as soon as it passes maxBytes. */
async function readLimited(body: Readable, headers: Headers, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(headers.get('content-length'));
  const encoding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') {
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard(body);
      throw new OutboundRefused('too-large', url, `${declared} bytes declared, the limit is ${maxBytes}`);
    }
  }
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  const source: Readable = decoder ? pipeline(body, decoder, () => {}) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      discard(source);
      discard(body);
      throw new OutboundRefused('too-large', url, `more than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Closes a body we will not read; the abort error undici emits for it has nobody to tell. */
function discard(stream: Readable): void {
  stream.on('error', () => {});
  stream.destroy();
}

function decodeText(bytes: Uint8Array, contentType: string | null): string {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Maps whatever undici or the socket threw to a refusal, a failure, or the caller's own abort. */
function outboundError(error: unknown, url: string, deadline: AbortSignal, callerSignal?: AbortSignal): Error {
  for (let e = error, depth = 0; e && depth < 8; depth++) {
    if (e instanceof OutboundRefused || e instanceof OutboundFailed) return e;
    if (e instanceof AggregateError) {
      const inner = e.errors.find((x) => x instanceof OutboundRefused || x instanceof OutboundFailed);
      if (inner) return inner;
    }
    e = (e as { cause?: unknown }).cause;
  }
  if (callerSignal?.aborted) return callerSignal.reason instanceof Error ? callerSignal.reason : new Error('aborted');
  if (deadline.aborted)
    return new OutboundFailed('timeout', url, { cause: error, detail: `${url} did not answer in time` });
  return new OutboundFailed('network', url, { cause: error });
}
