import { describe, expect, it } from 'vitest';
import { mergeSources, sourcesInParts } from './answer-sources.ts';

const result = (n: number, slug: string) => ({
  n,
  url: `https://site.example/${slug}`,
  title: `Title ${slug}`,
  siteName: 'Site',
  snippet: 'A snippet the cards do not show.',
});

describe('sourcesInParts', () => {
  it("collects the numbered results of an answer's finished searches and the pages it read", () => {
    const parts = [
      { type: 'step-start' },
      {
        type: 'tool-web_search',
        state: 'output-available',
        output: { query: 'q', results: [result(2, 'b'), result(1, 'a')] },
      },
      {
        type: 'tool-open_page',
        state: 'output-available',
        output: { ...result(3, 'c'), publishedAt: '2025-01-01T00:00:00.000Z', text: 'Page text', truncated: false },
      },
      { type: 'text', text: 'Answer [1][3].' },
    ];
    expect(sourcesInParts(parts)).toEqual([
      { n: 1, url: 'https://site.example/a', title: 'Title a', siteName: 'Site' },
      { n: 2, url: 'https://site.example/b', title: 'Title b', siteName: 'Site' },
      {
        n: 3,
        url: 'https://site.example/c',
        title: 'Title c',
        siteName: 'Site',
        publishedAt: '2025-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('ignores running calls, errors, other tools and results without the shape (a javascript: URL)', () => {
    const parts = [
      { type: 'tool-web_search', state: 'input-available', output: undefined },
      { type: 'tool-web_search', state: 'output-available', output: { query: 'q', error: 'The service is down.' } },
      { type: 'tool-open_page', state: 'output-available', output: { url: 'https://x.example/', error: 'No.' } },
      { type: 'tool-generate_image', state: 'output-available', output: { results: [result(1, 'a')] } },
      {
        type: 'tool-web_search',
        state: 'output-available',
        output: { query: 'q', results: [{ ...result(4, 'd'), url: 'javascript:alert(1)' }, result(5, 'e')] },
      },
    ];
    expect(sourcesInParts(parts).map((s) => s.n)).toEqual([5]);
  });
});

describe('mergeSources', () => {
  it('keeps the first source per number and per page, in number order', () => {
    const a = { n: 1, url: 'https://site.example/a', title: 'A', siteName: 'S' };
    const b = { n: 2, url: 'https://site.example/b', title: 'B', siteName: 'S' };
    const sameNumber = { n: 1, url: 'https://other.example/', title: 'Other', siteName: 'O' };
    const samePage = { n: 3, url: 'https://site.example/a#part', title: 'A again', siteName: 'S' };
    expect(mergeSources([b], [a, sameNumber], [samePage])).toEqual([a, b]);
  });
});
