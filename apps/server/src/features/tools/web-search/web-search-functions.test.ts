/**
 * The web-search tools inside a real `streamText` loop. A scripted model (MockLanguageModelV4) stands
 * in for the LLM and decides the tool calls from what it was shown; the tools, the search stand-in,
 * the page reader and the outbound guard are the real ones over HTTP.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { articleParagraphs, type SearchFakes, startSearchFakes } from '@polymath/provider-fakes';
import { checkCitations, extractCitations, PRIVATE_INFO_REFUSAL, type WebSource } from '@polymath/shared';
import { isStepCount, type ModelMessage, streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundGuard, type OutboundGuard, operatorHost } from '../../../lib/net/guarded-fetch.ts';
import { createPageReader, type PageReader } from '../../search/page-reader.ts';
import { createSearxngProvider } from '../../search/search-providers/searxng-provider.ts';
import { chooseSearchProvider, type WebSearchEnv } from '../../search/web-search-runtime.ts';
import { createSourceRegistry, type SourceRegistry } from './source-registry.ts';
import { webSearchSystemPrompt } from './web-search.prompts.ts';
import {
  createWebSearchFunctions,
  type OpenPageToolOutput,
  type WebSearchOutput,
  type WebSearchProgress,
} from './web-search-functions.ts';

let fakes: SearchFakes;
let guard: OutboundGuard;
let reader: PageReader;

beforeAll(async () => {
  fakes = await startSearchFakes();
  // Allowed so the stand-in's pages on 127.0.0.1 can be read at all (production's page guard allows nothing).
  guard = createOutboundGuard({ allowHosts: [operatorHost(fakes.url)] });
  // Three pages read at once took past the 5 s extraction limit on a loaded machine; the limit itself
  // is page-reader.test.ts's.
  reader = createPageReader({ fetch: guard.fetch, extractTimeoutMs: 30_000 });
});
afterAll(async () => {
  await Promise.all([reader.close(), guard.close(), fakes.close()]);
});
beforeEach(() => {
  fakes.reset();
});

type Call = { toolName: string; input: unknown };
/** One model step: tool calls, or the answer's text. */
type Step = Call[] | string;

/** The tool results the model has been shown so far, in order. */
function toolResults(prompt: LanguageModelV4CallOptions['prompt']): { toolName: string; value: unknown }[] {
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' && part.output.type === 'json'
            ? [{ toolName: part.toolName, value: part.output.value }]
            : [],
        )
      : [],
  );
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

/** A model that plays `decide(whatItWasShown)` one step at a time, like an LLM reading tool results. */
function scriptedModel(decide: (seen: ReturnType<typeof toolResults>, step: number) => Step) {
  let step = 0;
  return new MockLanguageModelV4({
    doStream: async (options) => {
      const next = decide(toolResults(options.prompt), step++);
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (typeof next === 'string') {
        parts.push(
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: next },
          { type: 'text-end', id: 't' },
        );
      } else {
        for (const [i, call] of next.entries()) {
          parts.push({
            type: 'tool-call',
            toolCallId: `call-${step}-${i}`,
            toolName: call.toolName,
            input: JSON.stringify(call.input),
          });
        }
      }
      parts.push({
        type: 'finish',
        finishReason:
          typeof next === 'string' ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
      });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
}

function setup(options: { maxSearches?: number; maxPages?: number; sources?: SourceRegistry } = {}) {
  const sources = options.sources ?? createSourceRegistry();
  const progress: WebSearchProgress[] = [];
  const tools = createWebSearchFunctions({
    provider: createSearxngProvider({ url: fakes.baseUrls.searxng, fetch: guard.fetch }),
    fetchPage: reader.read,
    sources,
    locale: 'en',
    onProgress: (event) => progress.push(event),
    ...options,
  });
  return { sources, progress, tools };
}

async function run(
  tools: ReturnType<typeof setup>['tools'],
  model: MockLanguageModelV4,
  messages: ModelMessage[] = [{ role: 'user', content: 'What is Tim Cook’s career?' }],
) {
  const result = streamText({ model, tools, messages, system: webSearchSystemPrompt('en'), stopWhen: isStepCount(6) });
  const text = await result.text;
  const steps = await result.steps;
  return { text, steps };
}

describe('a search, three pages read at once, and a cited answer', () => {
  it('numbers the results, reads the pages, and the answer can only link to them', async () => {
    const { sources, progress, tools } = setup();
    let shownPages = '';
    const model = scriptedModel((seen, step) => {
      if (step === 0) return [{ toolName: 'web_search', input: { query: 'tim cook career' } }];
      if (step === 1) {
        const search = seen[0]?.value as Extract<WebSearchOutput, { results: unknown }>;
        return search.results.slice(0, 3).map((r) => ({ toolName: 'open_page', input: { url: r.url } }));
      }
      shownPages = seen
        .filter((r) => r.toolName === 'open_page')
        .map((r) => (r.value as { text: string }).text)
        .join('\n');
      return 'Tim Cook joined Apple in 1998 [1]. He became CEO in 2011 [2][3]. See [his profile](https://invented.example/tim-cook) [9].';
    });

    const { text, steps } = await run(tools, model);

    // The search's results, numbered, as the model saw them.
    const search = steps[0]?.toolResults[0]?.output as Extract<WebSearchOutput, { results: unknown }>;
    expect(search.results.map((r) => [r.n, r.url])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, `${fakes.pagesUrl}/tim-cook-career-${n}`]),
    );
    expect(search.results[0]).toMatchObject({ title: 'Tim Cook Career 1', siteName: '127.0.0.1' });

    // The three pages were read in one step (finishing in any order), and the model was shown their text.
    const opened = steps[1]?.toolResults.map((r) => r.output as OpenPageToolOutput) ?? [];
    expect(opened.map((p) => ('n' in p ? p.n : p.error)).sort()).toEqual([1, 2, 3]);
    for (const n of [1, 2, 3]) expect(shownPages).toContain(articleParagraphs(`tim-cook-career-${n}`)[0]);

    // "Searching…" then "Reading 3 pages…", then done.
    expect(progress[0]).toEqual({ type: 'searching', query: 'tim cook career' });
    expect(progress[1]).toEqual({ type: 'searched', query: 'tim cook career', results: 5 });
    const reading = progress.filter((p) => p.type === 'reading').map((p) => (p as { urls: string[] }).urls.length);
    expect(Math.max(...reading)).toBe(3);
    expect(reading.at(-1)).toBe(0);

    // The answer as written cites a number nobody returned and links to an invented page…
    const resultUrls = search.results.map((r) => r.url);
    expect(checkCitations(text, sources.list())).toEqual({
      ok: false,
      links: ['https://invented.example/tim-cook'],
      foreignLinks: ['https://invented.example/tim-cook'],
      unknownMarkers: [9],
    });
    // …and as it is shown, every link is one of the results.
    const shown = extractCitations(text, sources.list());
    expect(shown.cited.map((s) => s.n)).toEqual([1, 2, 3]);
    const check = checkCitations(shown.text, sources.list());
    expect(check.ok).toBe(true);
    expect(check.links.length).toBe(3);
    for (const link of check.links) expect(resultUrls).toContain(link);
    expect(shown.text).toBe(
      `Tim Cook joined Apple in 1998 [[1]](${resultUrls[0]}). He became CEO in 2011 [[2]](${resultUrls[1]})[[3]](${resultUrls[2]}). See his profile .`,
    );
  });
});

describe('open_page', () => {
  it('opens only result URLs and links the user gave; a user link becomes the next source', async () => {
    const { sources, tools } = setup();
    const userLink = `${fakes.pagesUrl}/ada-lovelace-notes-1`;
    const model = scriptedModel((_, step) =>
      step === 0
        ? [
            { toolName: 'open_page', input: { url: 'https://made-up.example/secret' } },
            { toolName: 'open_page', input: { url: userLink } },
          ]
        : 'done',
    );
    const { steps } = await run(tools, model, [{ role: 'user', content: `Summarize ${userLink}, please.` }]);
    const [refused, read] = steps[0]?.toolResults.map((r) => r.output as OpenPageToolOutput) ?? [];
    expect(refused).toEqual({
      url: 'https://made-up.example/secret',
      error: 'open_page only opens URLs from the search results or links the user gave. Search first.',
    });
    expect(read).toMatchObject({ n: 1, url: userLink, title: 'Ada Lovelace Notes 1', siteName: 'Stand-in News' });
    expect(sources.list().map((s) => s.url)).toEqual([userLink]);
  });

  it('tells the model why a page could not be read', async () => {
    fakes.script('reports', {
      results: [
        { url: `${fakes.pagesUrl}/report.pdf`, title: 'A report', snippet: 'PDF' },
        { url: `${fakes.pagesUrl}/to-localhost`, title: 'Moved', snippet: 'Redirects' },
      ],
    });
    const { progress, tools } = setup();
    const model = scriptedModel((seen, step) => {
      if (step === 0) return [{ toolName: 'web_search', input: { query: 'reports' } }];
      if (step === 1) {
        const search = seen[0]?.value as Extract<WebSearchOutput, { results: unknown }>;
        return search.results.map((r) => ({ toolName: 'open_page', input: { url: r.url } }));
      }
      return 'done';
    });
    const { steps } = await run(tools, model);
    expect(steps[1]?.toolResults.map((r) => (r.output as { error?: string }).error)).toEqual([
      'This is not a web page (only HTML pages can be read). Use the search snippet instead.',
      'This address cannot be opened.',
    ]);
    expect(progress.filter((p) => p.type === 'read-failed').map((p) => (p as { kind: string }).kind)).toEqual([
      'not-html',
      'refused',
    ]);
  });

  it('stops at the page budget', async () => {
    const { tools } = setup({ maxPages: 1 });
    const model = scriptedModel((seen, step) => {
      if (step === 0) return [{ toolName: 'web_search', input: { query: 'budget' } }];
      if (step === 1) {
        const search = seen[0]?.value as Extract<WebSearchOutput, { results: unknown }>;
        return search.results.slice(0, 2).map((r) => ({ toolName: 'open_page', input: { url: r.url } }));
      }
      return 'done';
    });
    const { steps } = await run(tools, model);
    const outputs = steps[1]?.toolResults.map((r) => r.output as OpenPageToolOutput) ?? [];
    expect(outputs.filter((o) => 'error' in o).map((o) => ('error' in o ? o.error : ''))).toEqual([
      'The page limit for one answer (1) is reached. Answer from what you have.',
    ]);
  });
});

describe('web_search failures and empty results', () => {
  it('hands the model a message instead of results when the service fails, and registers nothing', async () => {
    fakes.script('*', { fail: 'rate-limit' });
    const { sources, progress, tools } = setup();
    const model = scriptedModel((_, step) =>
      step === 0 ? [{ toolName: 'web_search', input: { query: 'anything' } }] : 'Web search is busy right now.',
    );
    const { steps, text } = await run(tools, model);
    expect(steps[0]?.toolResults[0]?.output).toEqual({
      query: 'anything',
      error: 'The search service is busy right now. Tell the user to try again in a moment; do not make up results.',
    });
    expect(progress).toContainEqual({ type: 'search-failed', query: 'anything', kind: 'rate-limited' });
    expect(sources.list()).toEqual([]);
    expect(text).toBe('Web search is busy right now.');
  });

  it('says when nothing was found', async () => {
    fakes.script('zxqv', { results: [] });
    const { tools } = setup();
    const model = scriptedModel((_, step) =>
      step === 0 ? [{ toolName: 'web_search', input: { query: 'zxqv' } }] : 'x',
    );
    const { steps } = await run(tools, model);
    expect(steps[0]?.toolResults[0]?.output).toEqual({
      query: 'zxqv',
      results: [],
      note: 'No results. Try other words, or tell the user nothing was found.',
    });
  });

  it('passes freshness on and stops at the search budget', async () => {
    const { tools } = setup({ maxSearches: 1 });
    const model = scriptedModel((_, step) =>
      step === 0
        ? [
            { toolName: 'web_search', input: { query: 'apple news', freshness: 'week' } },
            { toolName: 'web_search', input: { query: 'more apple news' } },
          ]
        : 'x',
    );
    const { steps } = await run(tools, model);
    expect(fakes.requests().map((r) => [r.params.q, r.params.time_range])).toEqual([['apple news', 'week']]);
    const second = steps[0]?.toolResults.find((r) => (r.input as { query: string }).query === 'more apple news');
    expect(second?.output).toHaveProperty(
      'error',
      'The search limit for one answer (1) is reached. Answer from the results you have.',
    );
  });
});

describe('sources across a thread', () => {
  it('a follow-up keeps earlier numbers and continues after them', async () => {
    const earlier: WebSource[] = [
      { n: 1, url: `${fakes.pagesUrl}/tim-cook-career-1`, title: 'Tim Cook Career 1', siteName: '127.0.0.1' },
      { n: 2, url: 'https://other.example/a', title: 'A', siteName: 'other.example' },
    ];
    const { sources, tools } = setup({ sources: createSourceRegistry(earlier) });
    const model = scriptedModel((_, step) =>
      step === 0 ? [{ toolName: 'web_search', input: { query: 'tim cook career' } }] : 'x',
    );
    const { steps } = await run(tools, model);
    const search = steps[0]?.toolResults[0]?.output as Extract<WebSearchOutput, { results: unknown }>;
    expect(search.results.map((r) => r.n)).toEqual([1, 3, 4, 5, 6]);
    expect(sources.list().map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('system prompt and provider choice', () => {
  it('tells the model to cite [n] from results only and keeps people research public and professional', () => {
    const en = webSearchSystemPrompt('en', new Date('2025-06-01T12:00:00Z'));
    expect(en).toContain('Today is 2025-06-01.');
    expect(en).toContain('Put [n] right after each sentence');
    expect(en).toContain('never write a URL or link yourself');
    expect(en).toContain('say plainly that you did not find it');
    expect(en).toContain('Never look for or give a home address, a personal phone number');
    expect(en).toContain(PRIVATE_INFO_REFUSAL.en);
    const tr = webSearchSystemPrompt('tr', new Date('2025-06-01T12:00:00Z'));
    expect(tr).toContain('Bugünün tarihi: 2025-06-01.');
    expect(tr).toContain('[n] yaz');
    expect(tr).toContain('Ev adresi, kişisel telefon numarası');
    expect(tr).toContain(PRIVATE_INFO_REFUSAL.tr);
  });

  it('picks the named provider, else Tavily, then Brave, then SearXNG, else none', () => {
    const env = (values: Partial<WebSearchEnv>) => values as WebSearchEnv;
    expect(chooseSearchProvider(env({}))).toBeUndefined();
    expect(chooseSearchProvider(env({ SEARXNG_URL: 'http://s', BRAVE_SEARCH_API_KEY: 'b' }))).toBe('brave');
    expect(chooseSearchProvider(env({ SEARXNG_URL: 'http://s', BRAVE_SEARCH_API_KEY: 'b', TAVILY_API_KEY: 't' }))).toBe(
      'tavily',
    );
    expect(
      chooseSearchProvider(env({ WEB_SEARCH_PROVIDER: 'searxng', SEARXNG_URL: 'http://s', TAVILY_API_KEY: 't' })),
    ).toBe('searxng');
  });
});
