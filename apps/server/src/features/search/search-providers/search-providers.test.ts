/** Each search provider against its stand-in over real HTTP: results, errors, timeouts, wire details. */
import { type SearchFakes, startSearchFakes } from '@polymath/provider-fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundGuard, type OutboundGuard, operatorHost } from '../../../lib/net/guarded-fetch.ts';
import { createBraveProvider } from './brave-provider.ts';
import { type SearchErrorKind, type SearchProvider, SearchProviderError } from './search-provider.ts';
import { createSearxngProvider } from './searxng-provider.ts';
import { createTavilyProvider } from './tavily-provider.ts';

let fakes: SearchFakes;
let guard: OutboundGuard;
const providers: Record<'tavily' | 'brave' | 'searxng', SearchProvider> = {} as never;

beforeAll(async () => {
  fakes = await startSearchFakes();
  // The operator configured the stand-in's host, as TAVILY_BASE_URL & co. would.
  guard = createOutboundGuard({ allowHosts: [operatorHost(fakes.url)] });
  const common = { fetch: guard.fetch, timeoutMs: 1000 };
  providers.tavily = createTavilyProvider({ ...common, apiKey: 'tvly-test', baseUrl: fakes.baseUrls.tavily });
  providers.brave = createBraveProvider({ ...common, apiKey: 'BSA-test', baseUrl: fakes.baseUrls.brave });
  providers.searxng = createSearxngProvider({ ...common, url: fakes.baseUrls.searxng });
});
afterAll(async () => {
  await Promise.all([fakes.close(), guard.close()]);
});
beforeEach(() => {
  fakes.reset();
});

const search = (name: keyof typeof providers, query: string, extra: { count?: number; freshness?: 'week' } = {}) =>
  providers[name].search(query, { count: extra.count ?? 3, locale: 'tr', ...extra });

async function failure(promise: Promise<unknown>): Promise<SearchProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchProviderError);
  return error as SearchProviderError;
}

const scripted = [
  {
    url: 'https://news.example/tim-cook-2011',
    title: 'Tim Cook becomes <b>CEO</b> & more',
    snippet: 'Apple named   Tim Cook chief executive\nin August 2011.',
    siteName: 'Example News',
    publishedAt: '2011-08-24T20:00:00Z',
  },
  { url: 'https://blog.example/post', title: 'A post', snippet: 'No date here.' },
  { url: 'javascript:alert(1)', title: 'A trap', snippet: 'Not a web page' },
  { url: 'https://news.example/tim-cook-2011#comments', title: 'Duplicate', snippet: 'The same page again' },
];

describe.each(['tavily', 'brave', 'searxng'] as const)('%s', (name) => {
  it('returns the stand-in’s results as SearchResults, at most `count`', async () => {
    const results = await search(name, 'solar power', { count: 2 });
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      url: `${fakes.pagesUrl}/solar-power-1`,
      title: 'Solar Power 1',
      snippet: expect.stringContaining('The first section explains the background of Solar Power 1'),
      publishedAt: '2025-03-14T09:30:00.000Z',
    });
    // Only Brave reports the site's own name; the others get the host.
    expect(results[0]?.siteName).toBe(name === 'brave' ? 'Stand-in News' : '127.0.0.1');
  });

  it('keeps http(s) links only, once each, with text on one line and a date only when given', async () => {
    fakes.script('tim cook', { results: scripted });
    const results = await search(name, 'tim cook', { count: 10 });
    expect(results.map((r) => r.url)).toEqual(['https://news.example/tim-cook-2011', 'https://blog.example/post']);
    expect(results[0]?.snippet).toBe('Apple named Tim Cook chief executive in August 2011.');
    expect(results[0]?.publishedAt).toBe('2011-08-24T20:00:00.000Z');
    expect(results[1]?.publishedAt).toBeUndefined();
    expect(results[1]?.siteName).toBe('blog.example');
  });

  it('returns an empty list when the service finds nothing', async () => {
    fakes.script('nothing at all', { results: [] });
    expect(await search(name, 'nothing at all')).toEqual([]);
  });

  it.each([
    ['auth', 'auth'],
    ['rate-limit', 'rate-limited'],
    ['quota', name === 'searxng' ? 'rate-limited' : 'quota'],
    ['bad-request', 'bad-request'],
    ['server', 'unavailable'],
  ] as const)('turns the service’s %s answer into a %s error', async (fail, kind) => {
    fakes.script('q', { fail });
    const error = await failure(search(name, 'q'));
    expect(error.kind).toBe(kind as SearchErrorKind);
    expect(error.provider).toBe(name);
  });

  it('gives up after its timeout on a slow or silent service', async () => {
    for (const outcome of [{ delayMs: 3000 }, { hang: true }]) {
      fakes.script('slow', outcome);
      const started = Date.now();
      expect((await failure(search(name, 'slow'))).kind).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(2500);
    }
  });
});

describe('wire details', () => {
  it('Tavily: POST /search with a Bearer key, max_results and time_range', async () => {
    await search('tavily', 'solar power', { count: 4, freshness: 'week' });
    const [request] = fakes.requests();
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe('Bearer tvly-test');
    expect(request?.params).toMatchObject({ query: 'solar power', max_results: 4, time_range: 'week' });
  });

  it('Brave: GET with X-Subscription-Token, count, freshness=pw and the UI language; <strong> removed', async () => {
    const results = await search('brave', 'solar power', { count: 4, freshness: 'week' });
    const [request] = fakes.requests();
    expect(request?.headers['x-subscription-token']).toBe('BSA-test');
    expect(request?.params).toMatchObject({ q: 'solar power', count: '4', freshness: 'pw', ui_lang: 'tr-TR' });
    expect(results[0]?.title).toBe('Solar Power 1');

    fakes.script('tim cook', { results: scripted });
    expect((await search('brave', 'tim cook'))[0]?.title).toBe('Tim Cook becomes CEO & more');
  });

  it('SearXNG: GET /search?format=json with time_range, keeping a path prefix of SEARXNG_URL', async () => {
    await search('searxng', 'solar power', { freshness: 'week' });
    const [request] = fakes.requests();
    expect(request?.path).toBe('/searxng/search');
    expect(request?.params).toMatchObject({ q: 'solar power', format: 'json', time_range: 'week' });
  });

  it('a wrong key is an auth error from every service', async () => {
    const tavily = createTavilyProvider({ apiKey: '', baseUrl: fakes.baseUrls.tavily, fetch: guard.fetch });
    expect((await failure(tavily.search('x', { count: 1, locale: 'en' }))).kind).toBe('auth');
    const brave = createBraveProvider({ apiKey: '', baseUrl: fakes.baseUrls.brave, fetch: guard.fetch });
    const error = await failure(brave.search('x', { count: 1, locale: 'en' }));
    expect(error.kind).toBe('auth');
    expect(error.message).toContain('SUBSCRIPTION_TOKEN_INVALID');
  });

  it('a provider whose host the operator did not configure is refused by the guard', async () => {
    const unguarded = createSearxngProvider({ url: fakes.baseUrls.searxng, fetch: createOutboundGuard().fetch });
    const error = await failure(unguarded.search('x', { count: 1, locale: 'en' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('private-address');
    expect(fakes.requests()).toHaveLength(0);
  });
});
