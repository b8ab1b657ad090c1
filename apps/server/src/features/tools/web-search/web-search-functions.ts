import { type Locale, normalizeSourceUrl, type WebSource } from '@polymath/shared';
import { type ModelMessage, tool } from 'ai';
import { z } from 'zod';
import {
  MAX_SEARCH_RESULTS,
  PageReadError,
  type PageReadErrorKind,
  type ReadPage,
  type SearchErrorKind,
  type SearchProvider,
  SearchProviderError,
} from '../../search/index.ts';
import type { SourceRegistry } from './source-registry.ts';

/**
 * The functions (AI SDK tools) of the web-search chat: `web_search` (numbered results the model cites as [n])
 * and `open_page` (a result's readable text). Failures come back to the model as an `error` it can
 * explain to the user, never as invented results.
 */

export type WebSearchProgress =
  | { type: 'searching'; query: string }
  | { type: 'searched'; query: string; results: number }
  | { type: 'search-failed'; query: string; kind: SearchErrorKind }
  /** The pages being read right now ("Reading 3 pages…"); an empty list when the last one is done. */
  | { type: 'reading'; urls: string[] }
  | { type: 'read-failed'; url: string; kind: PageReadErrorKind | 'not-a-source' };

export type WebSearchFunctionsOptions = {
  provider: SearchProvider;
  /** Reads one page (createPageReader().read): through the guard with no allow-list. */
  fetchPage: ReadPage;
  /** This turn's sources: create one per answer (createSourceRegistry). */
  sources: SourceRegistry;
  locale: Locale;
  onProgress?: (event: WebSearchProgress) => void;
  /** Results per search; default 5, at most MAX_SEARCH_RESULTS. */
  resultsPerSearch?: number;
  /** Searches one answer may run; default 4. */
  maxSearches?: number;
  /** Pages one answer may open; default 5. */
  maxPages?: number;
};

export type SearchResultForModel = WebSource & { snippet: string };

export type WebSearchOutput =
  | { query: string; results: SearchResultForModel[]; note?: string }
  | { query: string; error: string };

export type OpenPageToolOutput = (WebSource & { text: string; truncated: boolean }) | { url: string; error: string };

/** What the model is told when a search fails; it passes the gist on to the user. */
const SEARCH_FAILURES: Record<SearchErrorKind, string> = {
  auth: 'Web search is not available right now: the search service refused the request. Tell the user; do not make up results.',
  quota:
    'Web search is not available right now: the search allowance is used up. Tell the user; do not make up results.',
  'rate-limited':
    'The search service is busy right now. Tell the user to try again in a moment; do not make up results.',
  timeout: 'The search service did not answer in time. Tell the user; do not make up results.',
  unavailable: 'The search service cannot be reached right now. Tell the user; do not make up results.',
  'bad-request': 'The search service could not run this query. Try again with simpler words.',
  'bad-response': 'The search service sent an answer that could not be read. Tell the user; do not make up results.',
};

const READ_FAILURES: Record<PageReadErrorKind, string> = {
  refused: 'This address cannot be opened.',
  'not-html': 'This is not a web page (only HTML pages can be read). Use the search snippet instead.',
  'too-large': 'This page is too large to read. Use the search snippet instead.',
  timeout: 'The page did not load in time. Use the search snippet or another result.',
  unreachable: 'The site could not be reached. Use the search snippet or another result.',
  'http-status': 'The site answered with an error. Use the search snippet or another result.',
  'no-text': 'The page has no readable text. Use the search snippet or another result.',
};

const URL_IN_TEXT = /https?:\/\/[^\s<>()[\]"'`]+/gi;

/** URLs the user wrote in this conversation: the only pages besides results that open_page may read. */
function userLinks(messages: readonly ModelMessage[]): Set<string> {
  const links = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const texts =
      typeof message.content === 'string'
        ? [message.content]
        : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    for (const text of texts) {
      for (const match of text.matchAll(URL_IN_TEXT)) {
        const url = normalizeSourceUrl(match[0].replace(/[.,;:!?]+$/, ''));
        if (url) links.add(url);
      }
    }
  }
  return links;
}

export function createWebSearchFunctions(options: WebSearchFunctionsOptions) {
  const { provider, fetchPage, sources, locale, onProgress } = options;
  const count = Math.min(options.resultsPerSearch ?? 5, MAX_SEARCH_RESULTS);
  const maxSearches = options.maxSearches ?? 4;
  const maxPages = options.maxPages ?? 5;
  let searches = 0;
  let pages = 0;
  const reading = new Set<string>();
  const progress = (event: WebSearchProgress) => onProgress?.(event);

  const web_search = tool({
    description:
      'Search the web. Returns numbered results (title, URL, site, date, snippet); cite them in the answer as [n].',
    inputSchema: z.object({
      query: z.string().trim().min(1).max(400).describe('What to search for, in the words a search engine expects.'),
      freshness: z
        .enum(['day', 'week', 'month', 'year'])
        .optional()
        .describe('Only pages from the last day, week, month or year; for news and recent events.'),
    }),
    execute: async ({ query, freshness }, { abortSignal }): Promise<WebSearchOutput> => {
      if (searches >= maxSearches) {
        return {
          query,
          error: `The search limit for one answer (${maxSearches}) is reached. Answer from the results you have.`,
        };
      }
      searches++;
      progress({ type: 'searching', query });
      try {
        const found = await provider.search(query, {
          count,
          ...(freshness ? { freshness } : {}),
          ...(abortSignal ? { signal: abortSignal } : {}),
          locale,
        });
        const numbered = sources.add(found);
        progress({ type: 'searched', query, results: numbered.length });
        const snippets = new Map(found.map((r) => [normalizeSourceUrl(r.url), r.snippet]));
        const results = numbered.map((s) => ({ ...s, snippet: snippets.get(normalizeSourceUrl(s.url)) ?? '' }));
        return results.length > 0
          ? { query, results }
          : { query, results, note: 'No results. Try other words, or tell the user nothing was found.' };
      } catch (error) {
        if (!(error instanceof SearchProviderError)) throw error;
        progress({ type: 'search-failed', query, kind: error.kind });
        return { query, error: SEARCH_FAILURES[error.kind] };
      }
    },
  });

  const open_page = tool({
    description:
      'Read a page from the search results (or a link the user gave) when its snippet is not enough. Returns its readable text; cite it by its number.',
    inputSchema: z.object({
      url: z.string().trim().min(1).max(2048).describe('The URL exactly as the search results gave it.'),
    }),
    execute: async ({ url }, { abortSignal, messages }): Promise<OpenPageToolOutput> => {
      const known = sources.find(url);
      const userGave = !known && userLinks(messages).has(normalizeSourceUrl(url) ?? '');
      if (!known && !userGave) {
        progress({ type: 'read-failed', url, kind: 'not-a-source' });
        return {
          url,
          error: 'open_page only opens URLs from the search results or links the user gave. Search first.',
        };
      }
      if (pages >= maxPages) {
        return { url, error: `The page limit for one answer (${maxPages}) is reached. Answer from what you have.` };
      }
      pages++;
      reading.add(url);
      progress({ type: 'reading', urls: [...reading] });
      try {
        const page = await fetchPage(url, abortSignal ? { signal: abortSignal } : {});
        const source =
          known ??
          (sources.add([
            {
              url,
              title: page.title,
              siteName: page.siteName,
              ...(page.publishedAt ? { publishedAt: page.publishedAt } : {}),
            },
          ])[0] as WebSource);
        const publishedAt = source.publishedAt ?? page.publishedAt;
        return {
          ...source,
          siteName: source.siteName || page.siteName,
          ...(publishedAt ? { publishedAt } : {}),
          text: page.text,
          truncated: page.truncated,
        };
      } catch (error) {
        if (!(error instanceof PageReadError)) throw error;
        progress({ type: 'read-failed', url, kind: error.kind });
        return { url, error: READ_FAILURES[error.kind] };
      } finally {
        reading.delete(url);
        progress({ type: 'reading', urls: [...reading] });
      }
    },
  });

  return { web_search, open_page };
}
