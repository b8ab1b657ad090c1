import { describe, expect, it } from 'vitest';
import { checkCitations, extractCitations, keepSourceLinks, normalizeSourceUrl } from './citations.ts';
import type { WebSource } from './web-search.schema.ts';

const sources: WebSource[] = [
  { n: 1, url: 'https://news.example/tim-cook-career', title: 'Career', siteName: 'News' },
  {
    n: 2,
    url: 'https://journal.example/apple?id=7',
    title: 'Apple',
    siteName: 'Journal',
    publishedAt: '2025-01-02T00:00:00.000Z',
  },
  { n: 3, url: 'https://site.example/', title: 'Site', siteName: 'Site' },
];

describe('extractCitations', () => {
  it('links each [n] to the n-th source and lists the cited sources in order', () => {
    const { text, cited, unknownMarkers } = extractCitations(
      'He joined Apple in 1998 [2]. He became CEO in 2011 [1][2], and more [1, 3].',
      sources,
    );
    expect(text).toBe(
      'He joined Apple in 1998 [[2]](https://journal.example/apple?id=7). He became CEO in 2011 [[1]](https://news.example/tim-cook-career)[[2]](https://journal.example/apple?id=7), and more [[1]](https://news.example/tim-cook-career)[[3]](https://site.example/).',
    );
    expect(cited.map((s) => s.n)).toEqual([2, 1, 3]);
    expect(unknownMarkers).toEqual([]);
  });

  it('drops markers with no source and reports them', () => {
    const { text, unknownMarkers } = extractCitations('A claim [7]. Another [1, 9].', sources);
    expect(text).toBe('A claim . Another [[1]](https://news.example/tim-cook-career).');
    expect(unknownMarkers).toEqual([7, 9]);
  });

  it('unlinks every link that is not a source, so the rendered answer links only to results', () => {
    const answer = [
      'See [the profile](https://invented.example/tim) and [the source](https://news.example/tim-cook-career#top).',
      'Also https://made-up.example/page, <https://auto.example/x> and www.fake.example.',
      '![chart](https://images.example/chart.png) [1]',
    ].join('\n');
    const before = checkCitations(answer, sources);
    expect(before.ok).toBe(false);
    expect(before.foreignLinks).toEqual([
      'https://invented.example/tim',
      'https://made-up.example/page',
      'https://auto.example/x',
      'http://www.fake.example',
      'https://images.example/chart.png',
    ]);

    const { text } = extractCitations(answer, sources);
    expect(text).toBe(
      [
        'See the profile and [the source](https://news.example/tim-cook-career#top).',
        'Also `https://made-up.example/page`, `https://auto.example/x` and `http://www.fake.example`.',
        ' [[1]](https://news.example/tim-cook-career)',
      ].join('\n'),
    );
    const after = checkCitations(text, sources);
    expect(after).toEqual({
      ok: true,
      links: ['https://news.example/tim-cook-career#top', 'https://news.example/tim-cook-career'],
      foreignLinks: [],
      unknownMarkers: [],
    });
  });

  it('leaves code alone', () => {
    const answer = 'Use `arr[1]` and\n```\nconst x = y[2];\nfetch("https://api.example/v1")\n```\nper [3].';
    const { text, cited } = extractCitations(answer, sources);
    expect(text).toContain('`arr[1]`');
    expect(text).toContain('const x = y[2];');
    expect(text).toContain('fetch("https://api.example/v1")');
    expect(cited.map((s) => s.n)).toEqual([3]);
    expect(checkCitations(answer, sources).ok).toBe(true);
  });

  it('is stable: extracting twice changes nothing more', () => {
    const once = extractCitations('Fact [1].', sources).text;
    expect(extractCitations(once, sources).text).toBe(once);
  });
});

describe('keepSourceLinks', () => {
  it('unlinks what is not a source and drops unknown markers, but keeps [n] as markers', () => {
    const answer =
      'Fact [1, 3]. Invented [9]. See [here](https://invented.example/x) and https://news.example/tim-cook-career.';
    const kept = keepSourceLinks(answer, sources);
    expect(kept.text).toBe('Fact [1][3]. Invented . See here and https://news.example/tim-cook-career.');
    expect(kept.removedLinks).toEqual(['https://invented.example/x']);
    expect(kept.unknownMarkers).toEqual([9]);
    expect(checkCitations(kept.text, sources).ok).toBe(true);
  });

  it('changes nothing in an answer that keeps to its sources, and shows the same as extracting from the original', () => {
    const clean = 'He became CEO in 2011 [1][2]. `a[5]` stays.';
    expect(keepSourceLinks(clean, sources)).toEqual({ text: clean, removedLinks: [], unknownMarkers: [] });
    const dirty = 'Claim [2] [7], from www.fake.example and [x](javascript:alert(1)).';
    expect(extractCitations(keepSourceLinks(dirty, sources).text, sources).text).toBe(
      extractCitations(dirty, sources).text,
    );
  });
});

describe('normalizeSourceUrl', () => {
  it('compares pages, not fragments or letter case of the host', () => {
    expect(normalizeSourceUrl('HTTPS://News.Example/tim-cook-career#x')).toBe('https://news.example/tim-cook-career');
    expect(normalizeSourceUrl('https://site.example')).toBe('https://site.example/');
    expect(normalizeSourceUrl('javascript:alert(1)')).toBeUndefined();
    expect(normalizeSourceUrl('not a url')).toBeUndefined();
  });
});
