import { z } from 'zod';
import {
  baseWithSlash,
  callService,
  clampCount,
  cleanResults,
  kindOfStatus,
  readJson,
  type SearchProvider,
  SearchProviderError,
  type ServiceConfig,
} from './search-provider.ts';

/**
 * A self-hosted SearXNG: `GET /search?format=json`. The JSON format must be enabled in the
 * instance's settings.yml (`search.formats`); an instance without it answers 403.
 * https://docs.searxng.org/dev/search_api.html
 */

const searxngAnswer = z.looseObject({
  results: z.array(
    z.looseObject({
      url: z.unknown(),
      title: z.unknown(),
      content: z.unknown().optional(),
      publishedDate: z.unknown().optional(),
    }),
  ),
});

export type SearxngConfig = ServiceConfig & { url: string };

export function createSearxngProvider(config: SearxngConfig): SearchProvider {
  const endpoint = new URL('search', baseWithSlash(config.url));
  return {
    name: 'searxng',
    async search(query, { count, freshness, signal }) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('pageno', '1');
      if (freshness) url.searchParams.set('time_range', freshness);
      const response = await callService('searxng', config.fetch, url, {
        headers: { accept: 'application/json' },
        signal,
        ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
      });
      if (response.status === 403) {
        throw new SearchProviderError(
          'searxng',
          'auth',
          'the instance refused format=json: enable "json" under search.formats in its settings.yml',
          403,
        );
      }
      if (!response.ok) {
        throw new SearchProviderError(
          'searxng',
          kindOfStatus(response.status),
          `HTTP ${response.status}`,
          response.status,
        );
      }
      const answer = searxngAnswer.safeParse(readJson('searxng', response));
      if (!answer.success) throw new SearchProviderError('searxng', 'bad-response', 'no results list', response.status);
      // SearXNG has no result count parameter: it answers a page (about 10–20); we keep the first `count`.
      return cleanResults(
        answer.data.results.map((r) => ({
          url: r.url,
          title: r.title,
          snippet: r.content,
          publishedAt: r.publishedDate,
        })),
        clampCount(count),
      );
    },
  };
}
