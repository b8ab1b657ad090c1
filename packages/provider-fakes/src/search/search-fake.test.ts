/** The search stand-in over plain HTTP: each service's auth, shapes, failures, pages and control. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SearchFakes, startSearchFakes } from './search-fake.ts';
import { articleParagraphs, BOILERPLATE_MARKERS } from './search-pages.ts';

let fakes: SearchFakes;
beforeAll(async () => {
  fakes = await startSearchFakes();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => {
  fakes.reset();
});

const tavily = (body: unknown, key = 'tvly-test') =>
  fetch(`${fakes.baseUrls.tavily}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
const brave = (query: string, key = 'BSA-test') =>
  fetch(`${fakes.baseUrls.brave}/res/v1/web/search?q=${encodeURIComponent(query)}&count=3`, {
    headers: key ? { 'x-subscription-token': key } : {},
  });
const searxng = (query: string, format = 'json') =>
  fetch(`${fakes.baseUrls.searxng}/search?q=${encodeURIComponent(query)}&format=${format}`);

describe('auth and formats', () => {
  it('refuses each service without its key, with its own error body', async () => {
    const t = await tavily({ query: 'x' }, '');
    expect(t.status).toBe(401);
    expect(await t.json()).toEqual({ detail: { error: 'Unauthorized: missing or invalid API key.' } });
    const b = await brave('x', '');
    expect(b.status).toBe(422);
    expect(await b.json()).toMatchObject({ type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID' } });
  });

  it('answers SearXNG only in JSON format, like an instance with only json enabled', async () => {
    const html = await searxng('x', 'html');
    expect(html.status).toBe(403);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect((await searxng('x')).status).toBe(200);
  });
});

describe('results', () => {
  it('answers an unscripted query with articles on its own pages, in each wire format', async () => {
    const t = (await (await tavily({ query: 'solar power', max_results: 2 })).json()) as {
      results: { url: string; content: string }[];
    };
    expect(t.results).toHaveLength(2);
    expect(t.results[0]?.url).toBe(`${fakes.pagesUrl}/solar-power-1`);

    const b = (await (await brave('solar power')).json()) as {
      web: { results: { title: string; profile: { name: string }; page_age?: string }[] };
    };
    expect(b.web.results).toHaveLength(3);
    expect(b.web.results[0]?.title).toBe('<strong>Solar</strong> <strong>Power</strong> 1');
    expect(b.web.results[0]?.profile.name).toBe('Stand-in News');

    const s = (await (await searxng('solar power')).json()) as { results: { url: string; publishedDate: string }[] };
    expect(s.results).toHaveLength(5);
    expect(s.results[1]?.publishedDate).toBe('2024-11-02T16:00:00');
  });

  it('answers a scripted query with its results or its failure, and records what arrived', async () => {
    fakes.script('tim cook', {
      results: [{ url: 'https://example.com/a', title: 'A', snippet: 'About A' }],
    });
    fakes.script('*', { fail: 'rate-limit' });
    const ok = (await (await tavily({ query: 'tim cook' })).json()) as { results: { url: string }[] };
    expect(ok.results.map((r) => r.url)).toEqual(['https://example.com/a']);
    const limited = await brave('anything else');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(fakes.requests().map((r) => [r.service, r.params.query ?? r.params.q])).toEqual([
      ['tavily', 'tim cook'],
      ['brave', 'anything else'],
    ]);
  });

  it('takes scripts over HTTP too', async () => {
    const scripted = await fetch(`${fakes.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ query: 'q', outcome: { fail: 'server' } }),
    });
    expect(scripted.status).toBe(204);
    expect((await searxng('q')).status).toBe(500);
    const bad = await fetch(`${fakes.url}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ query: 'q', outcome: { fail: 'nope' } }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('pages', () => {
  it('serves an article wrapped in boilerplate', async () => {
    const page = await fetch(`${fakes.pagesUrl}/solar-power-2`);
    const html = await page.text();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const paragraph of articleParagraphs('solar-power-2')) expect(html).toContain(paragraph);
    for (const marker of BOILERPLATE_MARKERS) expect(html).toContain(marker);
    expect(html).toContain('<meta property="og:site_name" content="Example Journal">');
  });

  it('redirects /pages/to-localhost to localhost', async () => {
    const page = await fetch(`${fakes.pagesUrl}/to-localhost`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^http:\/\/localhost:\d+\/pages\/secret-admin$/);
  });
});
