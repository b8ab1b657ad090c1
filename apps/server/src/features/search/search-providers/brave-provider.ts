import { z } from 'zod';
import {
  baseWithSlash,
  callService,
  clampCount,
  cleanResults,
  jsonOrNothing,
  kindOfStatus,
  readJson,
  type SearchErrorKind,
  type SearchFreshness,
  type SearchProvider,
  SearchProviderError,
  type ServiceConfig,
} from './search-provider.ts';

/**
 * Brave's Web Search API: `GET /res/v1/web/search` with an `X-Subscription-Token`.
 * https://api-dashboard.search.brave.com/app/documentation/web-search/get-started
 * (Its npm client hard-codes the address, so it could not be pointed at a stand-in: this is ours.)
 */
export const BRAVE_SEARCH_DEFAULT_URL = 'https://api.search.brave.com';

const FRESHNESS: Record<SearchFreshness, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };
const UI_LANG = { en: 'en-US', tr: 'tr-TR' } as const;

const braveAnswer = z.looseObject({
  // A query with no web results has no `web` section at all.
  web: z
    .looseObject({
      results: z.array(
        z.looseObject({
          url: z.unknown(),
          title: z.unknown(),
          description: z.unknown(),
          page_age: z.unknown().optional(),
          profile: z.looseObject({ name: z.unknown() }).optional(),
        }),
      ),
    })
    .optional(),
});

const braveError = z.looseObject({
  error: z.looseObject({ code: z.string(), detail: z.string().optional() }),
});

export type BraveConfig = ServiceConfig & { apiKey: string; baseUrl?: string };

export function createBraveProvider(config: BraveConfig): SearchProvider {
  const endpoint = new URL('res/v1/web/search', baseWithSlash(config.baseUrl ?? BRAVE_SEARCH_DEFAULT_URL));
  return {
    name: 'brave',
    async search(query, { count, freshness, signal, locale }) {
      const max = clampCount(count);
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(max));
      url.searchParams.set('ui_lang', UI_LANG[locale]);
      if (freshness) url.searchParams.set('freshness', FRESHNESS[freshness]);
      const response = await callService('brave', config.fetch, url, {
        headers: { 'x-subscription-token': config.apiKey, accept: 'application/json' },
        signal,
        ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
      });
      if (!response.ok) {
        const body = braveError.safeParse(jsonOrNothing(response.text()));
        throw new SearchProviderError(
          'brave',
          body.success
            ? braveErrorKind(body.data.error.code, body.data.error.detail, response.status)
            : kindOfStatus(response.status),
          body.success ? `${body.data.error.code}: ${body.data.error.detail ?? ''}`.trim() : `HTTP ${response.status}`,
          response.status,
        );
      }
      const answer = braveAnswer.safeParse(readJson('brave', response));
      if (!answer.success) throw new SearchProviderError('brave', 'bad-response', 'unexpected answer', response.status);
      return cleanResults(
        (answer.data.web?.results ?? []).map((r) => ({
          url: r.url,
          title: r.title,
          snippet: r.description,
          siteName: r.profile?.name,
          publishedAt: r.page_age,
        })),
        max,
        { html: true },
      );
    },
  };
}

/** Brave names its errors; a token problem comes as 422, and a used-up quota as a 429 like a rate limit. */
function braveErrorKind(code: string, detail: string | undefined, status: number): SearchErrorKind {
  if (code.startsWith('SUBSCRIPTION_TOKEN') || code === 'UNAUTHORIZED') return 'auth';
  if (code === 'RATE_LIMITED') return /quota/i.test(detail ?? '') ? 'quota' : 'rate-limited';
  return kindOfStatus(status);
}
