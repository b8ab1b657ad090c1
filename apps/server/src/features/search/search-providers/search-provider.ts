import { type Locale, normalizeSourceUrl, type WebSearchProvider } from '@polymath/shared';
import type { GuardedFetch, GuardedFetchOptions, GuardedResponse } from '../../../lib/net/guarded-fetch.ts';
import { OutboundFailed, OutboundRefused } from '../../../lib/net/outbound-errors.ts';

/**
 * One small interface over the web-search services. Each implementation is a thin client over the
 * outbound guard (decision 010) whose base URL can point at a stand-in.
 */

export type SearchProviderName = WebSearchProvider;

export type SearchFreshness = 'day' | 'week' | 'month' | 'year';

export type SearchOptions = {
  /** How many results to ask for (1–MAX_SEARCH_RESULTS). */
  count: number;
  /** Only pages from the last day, week, month or year. */
  freshness?: SearchFreshness;
  signal?: AbortSignal;
  /** The user's language; only shapes the service's display strings, never filters results. */
  locale: Locale;
};

export type SearchResult = {
  /** Always an absolute http(s) URL. */
  url: string;
  title: string;
  snippet: string;
  /** The site's own name when the service knows it, else the host without `www.`. */
  siteName: string;
  /** ISO 8601 when the service dates the page. */
  publishedAt?: string;
};

/** What every provider is made with: the guard it calls through, and how long a search may take. */
export type ServiceConfig = { fetch: GuardedFetch; timeoutMs?: number };

export interface SearchProvider {
  readonly name: SearchProviderName;
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

export const MAX_SEARCH_RESULTS = 10;
export const SEARCH_TIMEOUT_MS = 10_000;
const MAX_TITLE = 300;
const MAX_SNIPPET = 600;

/** What went wrong, in words the tool can turn into a message for the model (and a log line). */
export type SearchErrorKind =
  /** The key is missing, wrong or revoked. */
  | 'auth'
  /** Too many requests right now. */
  | 'rate-limited'
  /** The plan's allowance is used up. */
  | 'quota'
  | 'timeout'
  /** The service is down, refused, or answered 5xx. */
  | 'unavailable'
  /** The service did not understand the request. */
  | 'bad-request'
  /** The answer was not the JSON the service documents. */
  | 'bad-response';

export class SearchProviderError extends Error {
  override name = 'SearchProviderError';
  readonly kind: SearchErrorKind;
  readonly provider: SearchProviderName;
  readonly status: number | undefined;

  constructor(provider: SearchProviderName, kind: SearchErrorKind, detail: string, status?: number) {
    super(`${provider} search failed (${kind}): ${detail}`);
    this.provider = provider;
    this.kind = kind;
    this.status = status;
  }
}

/** The kind for an HTTP error status when the body says nothing more specific. */
export function kindOfStatus(status: number): SearchErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate-limited';
  if (status === 402) return 'quota';
  if (status >= 500) return 'unavailable';
  return 'bad-request';
}

/** Calls the service through the guard, turning network failures and refusals into SearchProviderError. */
export async function callService(
  provider: SearchProviderName,
  fetch: GuardedFetch,
  url: URL,
  init: GuardedFetchOptions,
): Promise<GuardedResponse> {
  try {
    return await fetch(url, { timeoutMs: SEARCH_TIMEOUT_MS, maxBytes: 2 * 1024 * 1024, ...init });
  } catch (error) {
    if (error instanceof OutboundFailed) {
      throw new SearchProviderError(provider, error.reason === 'timeout' ? 'timeout' : 'unavailable', error.message);
    }
    if (error instanceof OutboundRefused) {
      throw new SearchProviderError(
        provider,
        error.reason === 'content-type' ? 'bad-response' : 'unavailable',
        error.message,
      );
    }
    throw error;
  }
}

/** The body as JSON, or a bad-response error. */
export function readJson(provider: SearchProviderName, response: GuardedResponse): unknown {
  try {
    return response.json();
  } catch {
    throw new SearchProviderError(provider, 'bad-response', 'the answer is not JSON', response.status);
  }
}

export type RawResult = { url: unknown; title: unknown; snippet: unknown; siteName?: unknown; publishedAt?: unknown };

/** An error body's JSON, or undefined when it is not JSON (a proxy's HTML page, say). */
export function jsonOrNothing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Turns a service's raw results into SearchResults: http(s) URLs only (a result is a link we will
 * show and may open), no duplicates, whitespace collapsed, long text cut, at most `count`. `html`
 * says the service marks up its text (Brave's <strong>): tags go and entities are decoded.
 */
export function cleanResults(raw: RawResult[], count: number, { html = false } = {}): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const item of raw) {
    if (results.length >= count) break;
    const url = httpUrl(item.url);
    // The same page under another #fragment is the same source.
    const key = url && normalizeSourceUrl(url.href);
    if (!url || !key || seen.has(key)) continue;
    seen.add(key);
    const title = plainText(item.title, MAX_TITLE, html) || url.hostname;
    const siteName = plainText(item.siteName, 100, html) || siteNameOf(url);
    const publishedAt = isoDate(item.publishedAt);
    results.push({
      url: url.href,
      title,
      snippet: plainText(item.snippet, MAX_SNIPPET, html),
      siteName,
      ...(publishedAt ? { publishedAt } : {}),
    });
  }
  return results;
}

function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function siteNameOf(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** One line of text, cut to `max`; from `html`, without tags and with the common entities decoded. */
export function plainText(value: unknown, max: number, html = false): string {
  if (typeof value !== 'string') return '';
  const text = (html ? decodeEntities(value.replace(/<[^>]*>/g, '')) : value).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|\w+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    if (lower.startsWith('#')) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return ENTITIES[lower] ?? whole;
  });
}

/** A date the service gave, as ISO 8601; undefined when there is none or it does not parse. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // A date-time without a zone (Brave's page_age, SearXNG's publishedDate) is read as UTC.
  const text = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value}Z` : value;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function clampCount(count: number): number {
  return Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(count)));
}

/** `base` with a trailing slash, so `new URL('search', base)` keeps a path prefix like /searx/. */
export function baseWithSlash(base: string): URL {
  return new URL(base.endsWith('/') ? base : `${base}/`);
}
