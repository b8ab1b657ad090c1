import { z } from 'zod';
import {
  baseWithSlash,
  callService,
  clampCount,
  cleanResults,
  jsonOrNothing,
  kindOfStatus,
  readJson,
  type SearchProvider,
  SearchProviderError,
  type ServiceConfig,
} from './search-provider.ts';

/** Tavily's search API: `POST /search` with a Bearer key. https://docs.tavily.com/documentation/api-reference/endpoint/search */
export const TAVILY_DEFAULT_URL = 'https://api.tavily.com';

const tavilyAnswer = z.looseObject({
  results: z.array(
    z.looseObject({
      url: z.unknown(),
      title: z.unknown(),
      content: z.unknown(),
      published_date: z.unknown().optional(),
    }),
  ),
});

const tavilyError = z.looseObject({ detail: z.looseObject({ error: z.string() }) });

export type TavilyConfig = ServiceConfig & { apiKey: string; baseUrl?: string };

export function createTavilyProvider(config: TavilyConfig): SearchProvider {
  const endpoint = new URL('search', baseWithSlash(config.baseUrl ?? TAVILY_DEFAULT_URL));
  return {
    name: 'tavily',
    async search(query, { count, freshness, signal }) {
      const max = clampCount(count);
      const response = await callService('tavily', config.fetch, endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          query,
          max_results: max,
          search_depth: 'basic',
          topic: 'general',
          include_answer: false,
          include_raw_content: false,
          include_images: false,
          ...(freshness ? { time_range: freshness } : {}),
        }),
        signal,
        ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
      });
      if (!response.ok) {
        const body = tavilyError.safeParse(jsonOrNothing(response.text()));
        // 432 and 433 are Tavily's "plan limit" and "pay-as-you-go limit" answers.
        const kind = response.status === 432 || response.status === 433 ? 'quota' : kindOfStatus(response.status);
        throw new SearchProviderError(
          'tavily',
          kind,
          body.success ? body.data.detail.error : `HTTP ${response.status}`,
          response.status,
        );
      }
      const answer = tavilyAnswer.safeParse(readJson('tavily', response));
      if (!answer.success) throw new SearchProviderError('tavily', 'bad-response', 'no results list', response.status);
      return cleanResults(
        answer.data.results.map((r) => ({
          url: r.url,
          title: r.title,
          snippet: r.content,
          publishedAt: r.published_date,
        })),
        max,
      );
    },
  };
}
