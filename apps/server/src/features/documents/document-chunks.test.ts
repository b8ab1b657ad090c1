import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_CHARS, chunkPage, chunkPages, questionTerms } from './document-chunks.ts';
import { cleanPageText } from './pdf-text.ts';

describe('chunkPage', () => {
  it('keeps a short page whole and cuts a long one between paragraphs, never across pages', () => {
    expect(chunkPage(3, '  Short page.  ')).toEqual([{ page: 3, text: 'Short page.' }]);
    const paragraph = 'A sentence of the report. '.repeat(30).trim();
    const long = [paragraph, paragraph, paragraph].join('\n\n');
    const chunks = chunkPage(7, long);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.page === 7 && c.text.length <= CHUNK_MAX_CHARS && c.text.length > 0)).toBe(true);
    // Nothing lost: the words come back in order.
    expect(
      chunks
        .map((c) => c.text)
        .join(' ')
        .split(/\s+/),
    ).toEqual(long.split(/\s+/));
    expect(
      chunkPages([
        { page: 1, text: '' },
        { page: 2, text: 'x' },
      ]),
    ).toEqual([{ page: 2, text: 'x' }]);
  });

  it('cuts a page with no spaces at the limit', () => {
    const chunks = chunkPage(1, 'x'.repeat(3000));
    expect(chunks.map((c) => c.text.length)).toEqual([1200, 1200, 600]);
  });
});

describe('questionTerms', () => {
  it('keeps the words worth searching for, in English and Turkish', () => {
    expect(questionTerms("What is the lighthouse keeper's secret password?")).toEqual([
      'lighthouse',
      'keeper',
      'secret',
      'password',
    ]);
    expect(questionTerms('Belgeye göre 2024 bütçesi nedir?')).toEqual(['2024', 'bütçesi']);
    expect(questionTerms('a:* | b & !c')).toEqual([]);
  });
});

describe('cleanPageText', () => {
  it('drops what PostgreSQL cannot store and tidies whitespace', () => {
    expect(cleanPageText('a\u0000b  \t c\n\n\n\n d\ud800')).toBe('a b c\n\nd');
  });
});
