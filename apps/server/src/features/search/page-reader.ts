import { Piscina } from 'piscina';
import { type GuardedFetch, guardedFetch } from '../../lib/net/guarded-fetch.ts';
import { OutboundFailed, OutboundRefused } from '../../lib/net/outbound-errors.ts';
import type { ExtractedPage } from './page-extract.ts';
import { isoDate, siteNameOf } from './search-providers/search-provider.ts';

/**
 * `open_page`'s reader: fetch a page through the outbound guard (HTML only, size-capped), extract its
 * readable text in a worker thread, and cap what the model gets.
 */

export type PageContent = {
  /** Where the page was read from, after redirects. */
  url: string;
  title: string;
  siteName: string;
  publishedAt?: string;
  text: string;
  /** True when the text was cut at maxChars. */
  truncated: boolean;
};

export type PageReadErrorKind =
  /** The guard refused the address (private, metadata, too many redirects, a non-http scheme…). */
  | 'refused'
  | 'not-html'
  | 'too-large'
  | 'timeout'
  | 'unreachable'
  /** The site answered with an error status. */
  | 'http-status'
  /** The page has no readable text. */
  | 'no-text';

export class PageReadError extends Error {
  override name = 'PageReadError';
  readonly kind: PageReadErrorKind;
  readonly url: string;
  readonly status: number | undefined;

  constructor(kind: PageReadErrorKind, url: string, detail: string, status?: number) {
    super(`Could not read ${url} (${kind}): ${detail}`);
    this.kind = kind;
    this.url = url;
    this.status = status;
  }
}

export type ReadPage = (url: string, options?: { signal?: AbortSignal }) => Promise<PageContent>;
export type PageReader = { read: ReadPage; close(): Promise<void> };

export const PAGE_LIMITS = {
  /** About 3,000 tokens: enough for an article, small enough for several pages in one turn. */
  maxChars: 12_000,
  maxBytes: 2 * 1024 * 1024,
  fetchTimeoutMs: 10_000,
  /** Extraction of one page; past it the worker is stopped and replaced. */
  extractTimeoutMs: 5_000,
} as const;

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export type PageReaderOptions = {
  /** The guard to fetch with. The default has no allow-list, as every user- or model-supplied URL must. */
  fetch?: GuardedFetch;
  maxChars?: number;
  maxBytes?: number;
  fetchTimeoutMs?: number;
  extractTimeoutMs?: number;
};

export function createPageReader(options: PageReaderOptions = {}): PageReader {
  const fetch = options.fetch ?? guardedFetch;
  const maxChars = options.maxChars ?? PAGE_LIMITS.maxChars;
  const extractTimeoutMs = options.extractTimeoutMs ?? PAGE_LIMITS.extractTimeoutMs;
  let pool: Piscina<{ html: string; url: string }, ExtractedPage> | undefined;
  const workers = () => {
    // One thread: page reads are a few per answer, and the machines have two cores for everything.
    pool ??= new Piscina({
      filename: new URL('./page-extract.worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      maxQueue: 32,
    });
    return pool;
  };

  const read: ReadPage = async (url, { signal } = {}) => {
    let response: Awaited<ReturnType<GuardedFetch>>;
    try {
      response = await fetch(url, {
        accept: HTML_TYPES,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' },
        maxBytes: options.maxBytes ?? PAGE_LIMITS.maxBytes,
        timeoutMs: options.fetchTimeoutMs ?? PAGE_LIMITS.fetchTimeoutMs,
        signal,
      });
    } catch (error) {
      throw readError(error, url);
    }
    if (!response.ok) {
      throw new PageReadError('http-status', url, `the site answered ${response.status}`, response.status);
    }
    const html = decodeHtml(response.body, response.headers.get('content-type'));
    const deadline = AbortSignal.timeout(extractTimeoutMs);
    let page: ExtractedPage;
    try {
      page = await workers().run(
        { html, url: response.url },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (deadline.aborted) throw new PageReadError('timeout', url, 'the page took too long to read');
      throw error;
    }
    if (page.text.trim() === '') throw new PageReadError('no-text', url, 'the page has no readable text');
    const { text, truncated } = capText(page.text, maxChars);
    const publishedAt = isoDate(page.publishedTime);
    return {
      url: response.url,
      title: page.title,
      siteName: page.siteName || siteNameOf(new URL(response.url)),
      ...(publishedAt ? { publishedAt } : {}),
      text,
      truncated,
    };
  };

  return {
    read,
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

function readError(error: unknown, url: string): unknown {
  if (error instanceof OutboundRefused) {
    if (error.reason === 'content-type') return new PageReadError('not-html', url, 'it is not an HTML page');
    if (error.reason === 'too-large') return new PageReadError('too-large', url, 'the page is too large');
    return new PageReadError('refused', url, `this address cannot be opened (${error.reason})`);
  }
  if (error instanceof OutboundFailed) {
    if (error.reason === 'timeout') return new PageReadError('timeout', url, 'the site did not answer in time');
    return new PageReadError('unreachable', url, 'the site could not be reached');
  }
  return error;
}

/** HTML in the charset its Content-Type names, else its own <meta charset>, else UTF-8. */
function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const charset =
    /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const CUT_MARK = ' […]';

/** At most max characters (the cut mark included), cut at a paragraph or sentence end when one is near. */
export function capText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const cut = text.slice(0, max - CUT_MARK.length);
  const paragraph = cut.lastIndexOf('\n\n');
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'));
  const end = paragraph > cut.length * 0.8 ? paragraph : sentence > cut.length * 0.8 ? sentence + 1 : cut.length;
  return { text: `${cut.slice(0, end).trimEnd()}${CUT_MARK}`, truncated: true };
}
