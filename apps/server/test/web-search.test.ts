/**
 * The web-search tool end to end through POST /api/chat: the real model providers' SDKs against
 * their stand-ins, the real search clients against the search stand-ins, the outbound guard, the
 * page reader and the database. The chat stand-in calls web_search (the first tool it is offered)
 * with the message as the query, and answers the results by citing each one as [n].
 */
import {
  articleParagraphs,
  BOILERPLATE_MARKERS,
  type ProviderFakes,
  type SearchFakes,
  startSearchFakes,
} from '@polymath/provider-fakes';
import {
  checkCitations,
  DEFAULT_CHAT_TOOL_SETTINGS,
  extractCitations,
  fillPeopleResearchTemplate,
  type ModelsResponse,
  mergeSources,
  modelForPlan,
  PRIVATE_INFO_REFUSAL,
  type Profile,
  type PublicConfig,
  sourcesInParts,
  type WebSource,
} from '@polymath/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createPageReader } from '../src/features/search/page-reader.ts';
import { createSearxngProvider } from '../src/features/search/search-providers/searxng-provider.ts';
import type { WebSearchRuntime } from '../src/features/search/web-search-runtime.ts';
import { createOutboundGuard, operatorHost } from '../src/lib/net/guarded-fetch.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { chat, newId, providerEnv, type StreamChunk, setPlan, startProviderFakes } from './chat-helpers.ts';
import { createTestDeps, describeEachDatabase } from './databases.ts';

let models: ProviderFakes;
let search: SearchFakes;
beforeAll(async () => {
  [models, search] = await Promise.all([startProviderFakes(), startSearchFakes()]);
});
afterAll(async () => {
  await Promise.all([models.close(), search.close()]);
});
beforeEach(() => {
  models.reset();
  search.reset();
});

/** A message to the web-search page, as the page sends it. */
function searchTurn(text: string, threadId = newId('ws'), options: { locale?: 'en' | 'tr'; modelId?: string } = {}) {
  return {
    trigger: 'submit-message',
    threadId,
    toolId: 'web-search',
    modelId: options.modelId ?? 'gpt-4o-mini',
    locale: options.locale ?? 'en',
    message: { id: newId('m'), role: 'user', parts: [{ type: 'text', text }] },
  };
}

type Part = { type: string; state?: string; text?: string; output?: unknown; input?: unknown };
type StoredMessage = { id: string; role: string; parts: Part[]; metadata?: { status?: string; modelId?: string } };

async function storedMessages(c: TestClient, threadId: string): Promise<StoredMessage[]> {
  const res = await c.get(`/api/threads/${threadId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: StoredMessage[] }).messages;
}

function textOfParts(parts: Part[]): string {
  return parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('');
}

/** What the page renders as links for an answer: its [n] turned into links, anything else unlinked. */
function renderedLinks(text: string, sources: readonly WebSource[]): string[] {
  return checkCitations(extractCitations(text, sources).text, sources).links;
}

/** The URLs the search stand-in answered with for this query (its default results). */
function resultUrls(query: string): string[] {
  const slug = query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return [1, 2, 3, 4, 5].map((i) => `${search.pagesUrl}/${slug}-${i}`);
}

function toolOutputs(chunks: StreamChunk[]): unknown[] {
  return chunks.filter((c) => c.type === 'tool-output-available').map((c) => c.output);
}

/**
 * A runtime for tests only: its page reader may open the stand-in's pages on 127.0.0.1, which the
 * production runtime (createWebSearchRuntime) refuses like any private address. Nothing in the app
 * can build this: tests pass it to createApp themselves.
 */
function readingRuntime(): WebSearchRuntime {
  const allowStandIn = { allowHosts: [operatorHost(search.url)] };
  const serviceGuard = createOutboundGuard(allowStandIn);
  const pageGuard = createOutboundGuard(allowStandIn);
  const reader = createPageReader({ fetch: pageGuard.fetch });
  return {
    provider: createSearxngProvider({ url: search.baseUrls.searxng, fetch: serviceGuard.fetch }),
    readPage: reader.read,
    close: async () => {
      await Promise.all([reader.close(), serviceGuard.close(), pageGuard.close()]);
    },
  };
}

describeEachDatabase('web search through the stand-ins', { exercises: [] }, (ctx) => {
  let mailer: CaptureMailer;
  const baseEnv = () => ({ ...AUTH_TEST_ENV, ...providerEnv(models), CHAT_RATE_LIMIT_MAX: '1000' });
  /** The production runtime, made by createApp from SEARXNG_URL. */
  let app: ReturnType<typeof createApp>;
  /** The test runtime that may read the stand-in's pages. */
  let reading: WebSearchRuntime;
  let readingApp: ReturnType<typeof createApp>;

  beforeAll(async () => {
    mailer = captureMailer();
    app = createApp(
      createTestDeps(ctx.database, { mailer, env: { ...baseEnv(), SEARXNG_URL: search.baseUrls.searxng } }),
    );
    reading = readingRuntime();
    readingApp = createApp({ ...createTestDeps(ctx.database, { mailer, env: baseEnv() }), webSearch: reading });
  });
  afterAll(async () => {
    await reading.close();
  });

  it('answers a current question with numbered sources that are the search results, and only links to them', async () => {
    const c = await signedInUser(app, mailer);
    await setPlan(ctx.database, c, 'free');
    const question = 'What happened at the Istanbul tech summit this week?';
    const threadId = newId('ws');
    const { res, chunks } = await chat(c, searchTurn(question, threadId));
    expect(res.status).toBe(200);

    // The search stand-in was asked the question through SearXNG's JSON API.
    const asked = search.requests();
    expect(asked.map((r) => [r.service, r.params.q, r.params.format])).toEqual([['searxng', question, 'json']]);
    // The model got the results numbered 1–5, each one of the stand-in's pages.
    const [output] = toolOutputs(chunks) as { results: WebSource[] }[];
    expect(output?.results.map((r) => [r.n, r.url])).toEqual(resultUrls(question).map((url, i) => [i + 1, url]));

    // What is stored: the call with its results, and an answer citing them.
    const [, answer] = await storedMessages(c, threadId);
    expect(answer?.metadata?.status).toBe('complete');
    const sources = sourcesInParts(answer?.parts ?? []);
    expect(sources.map((s) => s.url)).toEqual(resultUrls(question));
    // SearXNG names no site: the card shows the host.
    expect(sources[0]).toMatchObject({
      title: 'What Happened At The Istanbul Tech Summit This Week 1',
      siteName: '127.0.0.1',
    });
    expect(sources[0]?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const text = textOfParts(answer?.parts ?? []);
    expect(text).toMatch(/\[1\].*\[2\].*\[3\].*\[4\].*\[5\]/s);
    expect(checkCitations(text, sources).ok).toBe(true);
    // The answer's links are exactly the results it cites: a subset of what the search returned.
    const links = renderedLinks(text, sources);
    expect(links).toEqual(resultUrls(question));

    // A free user's search is one of their daily messages.
    const credits = (await (await c.get('/api/credits')).json()) as { used: number };
    expect(credits.used).toBe(1);
  });

  it('a follow-up keeps the conversation and continues the numbering after the first answer', async () => {
    const c = await signedInUser(app, mailer);
    const threadId = newId('ws');
    const first = 'Who won the 2025 Istanbul marathon?';
    await chat(c, searchTurn(first, threadId));
    const second = 'And who organised it?';
    const { res } = await chat(c, searchTurn(second, threadId));
    expect(res.status).toBe(200);

    // The model saw the whole thread: the first question, its search and its answer.
    const lastCall = models.requests().at(-1)?.body as { messages: { role: string; content: unknown }[] };
    const said = JSON.stringify(lastCall.messages);
    expect(said).toContain(first);
    expect(said).toContain(resultUrls(first)[0]);
    expect(lastCall.messages.filter((m) => m.role === 'tool').length).toBeGreaterThanOrEqual(2);

    const [, firstAnswer, , secondAnswer] = await storedMessages(c, threadId);
    const earlier = sourcesInParts(firstAnswer?.parts ?? []);
    const later = sourcesInParts(secondAnswer?.parts ?? []);
    expect(earlier.map((s) => s.n)).toEqual([1, 2, 3, 4, 5]);
    expect(later.map((s) => [s.n, s.url])).toEqual(resultUrls(second).map((url, i) => [i + 6, url]));
    const text = textOfParts(secondAnswer?.parts ?? []);
    expect(text).toMatch(/\[6\].*\[10\]/s);
    const all = mergeSources(earlier, later);
    expect(renderedLinks(text, all)).toEqual(resultUrls(second));
  });

  it('stores the answer with links to anything but a source unlinked and made-up numbers dropped', async () => {
    const c = await signedInUser(app, mailer);
    const threadId = newId('ws');
    const written = 'It opened in 2024 [1], see [the brochure](https://invented.example/brochure) and [9].';
    const { chunks } = await chat(
      c,
      searchTurn(`Istanbul airport history [[fake tool=web_search text="${written}"]]`, threadId),
    );
    // The live stream carried what the model wrote…
    const streamed = chunks
      .filter((ch) => ch.type === 'text-delta')
      .map((ch) => ch.delta)
      .join('');
    expect(streamed).toBe(written);
    // …the stored answer keeps only what the sources back.
    const [, answer] = await storedMessages(c, threadId);
    const text = textOfParts(answer?.parts ?? []);
    expect(text).toBe('It opened in 2024 [1], see the brochure and .');
    const sources = sourcesInParts(answer?.parts ?? []);
    expect(renderedLinks(text, sources)).toEqual([sources[0]?.url]);
  });

  it('the production guard refuses to open the stand-in’s pages (127.0.0.1): open_page says it cannot be opened', async () => {
    const c = await signedInUser(app, mailer);
    const page = `${search.pagesUrl}/bosphorus-bridge-1`;
    const { chunks } = await chat(c, searchTurn(`Summarise ${page} [[fake tool=open_page args={"url":"${page}"}]]`));
    expect(toolOutputs(chunks)).toEqual([{ url: page, error: 'This address cannot be opened.' }]);
  });

  it('with a runtime allowed to reach the stand-in (tests only), open_page reads the page’s text without its boilerplate', async () => {
    const c = await signedInUser(readingApp, mailer);
    const threadId = newId('ws');
    const page = `${search.pagesUrl}/bosphorus-bridge-1`;
    const { chunks } = await chat(
      c,
      searchTurn(`Summarise ${page} [[fake tool=open_page args={"url":"${page}"}]]`, threadId),
    );
    const [read] = toolOutputs(chunks) as { n: number; url: string; title: string; text: string; truncated: boolean }[];
    expect(read).toMatchObject({
      n: 1,
      url: page,
      title: 'Bosphorus Bridge 1',
      siteName: 'Stand-in News',
      truncated: false,
    });
    for (const paragraph of articleParagraphs('bosphorus-bridge-1')) expect(read?.text).toContain(paragraph);
    for (const marker of BOILERPLATE_MARKERS) expect(read?.text).not.toContain(marker);
    // The page the user linked is now source 1 of the thread.
    const [, answer] = await storedMessages(c, threadId);
    expect(sourcesInParts(answer?.parts ?? []).map((s) => s.url)).toEqual([page]);
  });

  it('a failing search service becomes a message for the model, and the answer cites nothing', async () => {
    const c = await signedInUser(app, mailer);
    const threadId = newId('ws');
    search.script('*', { fail: 'rate-limit' });
    const { chunks } = await chat(c, searchTurn('Latest exchange rates', threadId));
    expect(toolOutputs(chunks)).toEqual([
      {
        query: 'Latest exchange rates',
        error: 'The search service is busy right now. Tell the user to try again in a moment; do not make up results.',
      },
    ]);
    const [, answer] = await storedMessages(c, threadId);
    expect(sourcesInParts(answer?.parts ?? [])).toEqual([]);
    expect(renderedLinks(textOfParts(answer?.parts ?? []), [])).toEqual([]);
  });

  it('runs a people-research template as a web search', async () => {
    const c = await signedInUser(app, mailer);
    const prompt = fillPeopleResearchTemplate('talks-interviews', 'tr', { name: 'Ada Yılmaz', context: 'Acme CTO' });
    const threadId = newId('ws');
    const { res } = await chat(c, searchTurn(prompt, threadId, { locale: 'tr' }));
    expect(res.status).toBe(200);
    expect(search.requests().map((r) => r.params.q)).toEqual([prompt]);
    // The people-research rules are part of the model's instructions, in the person's language.
    const body = models.requests()[0]?.body as { messages: unknown[] } | undefined;
    const system = JSON.stringify(body?.messages[0]);
    expect(system).toContain('Yalnızca kamuya açık mesleki hayatını araştır');
    const [, answer] = await storedMessages(c, threadId);
    expect(sourcesInParts(answer?.parts ?? [])).toHaveLength(5);
  });

  describe('people-research refusals', () => {
    it.each([
      ['en', "What is Tim Cook's home address?"],
      ['en', 'Find her personal phone number'],
      ['en', 'Who is Satya Nadella married to?'],
      ['tr', 'Ahmet Yılmaz şu an nerede?'],
      ['tr', 'Onun ev adresini bul'],
    ] as const)(
      '%s: "%s" is declined politely, with no model call, no search and no message used',
      async (locale, text) => {
        const c = await signedInUser(app, mailer);
        await setPlan(ctx.database, c, 'free');
        const threadId = newId('ws');
        const { res, chunks } = await chat(c, searchTurn(text, threadId, { locale }));
        expect(res.status).toBe(200);
        expect(chunks.some((ch) => ch.type.startsWith('tool-'))).toBe(false);
        expect(models.calls().total).toBe(0);
        expect(search.requests()).toEqual([]);
        const [, answer] = await storedMessages(c, threadId);
        expect(textOfParts(answer?.parts ?? [])).toBe(PRIVATE_INFO_REFUSAL[locale]);
        expect(answer?.metadata?.status).toBe('complete');
        const credits = (await (await c.get('/api/credits')).json()) as { used: number };
        expect(credits.used).toBe(0);
      },
    );

    it('a public, professional question about the same person runs', async () => {
      const c = await signedInUser(app, mailer);
      await chat(c, searchTurn('What is Tim Cook’s track record as Apple CEO?'));
      expect(search.requests()).toHaveLength(1);
      expect(models.calls().total).toBe(2);
    });
  });

  describe('plans', () => {
    it("web search's default (gpt-4.1) answers Pro; a free person's turn is answered by the model the page shows", async () => {
      for (const [plan, answers] of [
        ['free', 'gpt-4o-mini'],
        ['pro', 'gpt-4.1'],
      ] as const) {
        const c = await signedInUser(app, mailer);
        await setPlan(ctx.database, c, plan);
        // What the page shows: the shared rule over the catalogue the server serves this person.
        const me = (await (await c.get('/api/me')).json()) as Profile;
        const catalogue = (await (await c.get('/api/models?locale=en')).json()) as ModelsResponse;
        const shown = modelForPlan(catalogue.models, {
          wanted: DEFAULT_CHAT_TOOL_SETTINGS['web-search'].modelName,
          defaultModelId: catalogue.defaultModelId,
          plan: me.accessLevel,
        });
        expect({ plan, shown: shown?.id }).toEqual({ plan, shown: answers });

        models.reset();
        const threadId = newId('ws');
        const { res } = await chat(c, searchTurn(`who answers for ${plan}`, threadId, { modelId: shown?.id }));
        expect(res.status).toBe(200);
        // The provider was asked for that model, and the answer is stored as that model's.
        const asked = models.requests().map((r) => (r.body as { model?: string } | null)?.model);
        expect(asked.length).toBeGreaterThan(0);
        expect(new Set(asked)).toEqual(new Set([answers]));
        const [, answer] = await storedMessages(c, threadId);
        expect(answer?.metadata).toMatchObject({ status: 'complete', modelId: answers });
      }
    });

    it('free users search within their daily messages; Pro is unlimited', async () => {
      const limited = createApp(
        createTestDeps(ctx.database, {
          mailer,
          env: { ...baseEnv(), SEARXNG_URL: search.baseUrls.searxng, FREE_DAILY_MESSAGES: '1' },
        }),
      );
      const free = await signedInUser(limited, mailer);
      await setPlan(ctx.database, free, 'free');
      expect((await chat(free, searchTurn('first search'))).res.status).toBe(200);
      await expectError(await free.post('/api/chat', searchTurn('second search')), 402, 'OUT_OF_CREDITS');

      const pro = await signedInUser(limited, mailer);
      await setPlan(ctx.database, pro, 'pro');
      for (const q of ['one', 'two', 'three'])
        expect((await chat(pro, searchTurn(`pro search ${q}`))).res.status).toBe(200);
      expect(search.requests()).toHaveLength(4);
    });
  });

  describe('configuration', () => {
    it('with no search service, /api/config says so and a web-search message is refused before anything is written', async () => {
      const bare = createApp(createTestDeps(ctx.database, { mailer, env: baseEnv() }));
      const config = (await (await bare.request('/api/config')).json()) as PublicConfig;
      expect(config.webSearch).toBe(false);
      const c = await signedInUser(bare, mailer);
      await setPlan(ctx.database, c, 'free');
      const threadId = newId('ws');
      await expectError(await c.post('/api/chat', searchTurn('anything', threadId)), 503, 'WEB_SEARCH_NOT_CONFIGURED');
      expect((await c.get(`/api/threads/${threadId}`)).status).toBe(404);
      expect(((await (await c.get('/api/credits')).json()) as { used: number }).used).toBe(0);
      expect(models.calls().total).toBe(0);
      // The rest of the app is unaffected.
      const other = await chat(c, { ...searchTurn('Hello [[fake tokens=2]]'), toolId: 'web-main' });
      expect(other.res.status).toBe(200);
    });

    it('/api/config says web search is there when a service is configured', async () => {
      const config = (await (await app.request('/api/config')).json()) as PublicConfig;
      expect(config.webSearch).toBe(true);
    });

    it.each([
      ['tavily', { TAVILY_API_KEY: 'tvly-test' }, 'TAVILY_BASE_URL'],
      ['brave', { BRAVE_SEARCH_API_KEY: 'brave-test' }, 'BRAVE_SEARCH_BASE_URL'],
    ] as const)('searches through %s when it is the one configured', async (service, keys, baseSetting) => {
      const configured = createApp(
        createTestDeps(ctx.database, {
          mailer,
          env: { ...baseEnv(), ...keys, [baseSetting]: search.baseUrls[service] },
        }),
      );
      const c = await signedInUser(configured, mailer);
      const question = `Ferry timetable ${service}`;
      const threadId = newId('ws');
      await chat(c, searchTurn(question, threadId));
      expect(search.requests().map((r) => r.service)).toEqual([service]);
      const [, answer] = await storedMessages(c, threadId);
      const sources = sourcesInParts(answer?.parts ?? []);
      expect(sources.map((s) => s.url)).toEqual(resultUrls(question));
      expect(renderedLinks(textOfParts(answer?.parts ?? []), sources)).toEqual(resultUrls(question));
    });
  });

  it('with no model key, the demo model searches and lists the results with their numbers, labelled as a demo', async () => {
    const demo = createApp(
      createTestDeps(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, SEARXNG_URL: search.baseUrls.searxng } }),
    );
    const c = await signedInUser(demo, mailer);
    const threadId = newId('ws');
    const question = 'Bosphorus ferry prices';
    const { res } = await chat(c, searchTurn(question, threadId, { modelId: 'demo' }));
    expect(res.status).toBe(200);
    expect(search.requests().map((r) => r.params.q)).toEqual([question]);
    const [, answer] = await storedMessages(c, threadId);
    const text = textOfParts(answer?.parts ?? []);
    expect(text.startsWith('**Demo mode.**')).toBe(true);
    const sources = sourcesInParts(answer?.parts ?? []);
    expect(renderedLinks(text, sources)).toEqual(resultUrls(question));
  });
});
