import { describe, expect, it } from 'vitest';
import { findPageCitations, resolveCitedDocument } from './page-citations.ts';

describe('findPageCitations', () => {
  it('finds single pages, lists, ranges and named documents, in order', () => {
    const text =
      'Trees grow by the river (p. 1). The harvest took 11 days (pp. 2-3), costs rose (p. 4, 9) ' +
      'and the keeper guards a password (manual.pdf, p. 137). Turkish: ağaçlar (s. 5).';
    const found = findPageCitations(text);
    expect(found.map((c) => [c.documentName ?? null, c.pages])).toEqual([
      [null, [1]],
      [null, [2, 3]],
      [null, [4, 9]],
      ['manual.pdf', [137]],
      [null, [5]],
    ]);
    const first = found[0];
    expect(first && text.slice(first.start, first.end)).toBe('(p. 1)');
  });

  it('leaves code and look-alikes alone', () => {
    expect(findPageCitations('Use `f(p. 2)` and\n```\nx = (p. 3)\n```\n')).toEqual([]);
    expect(findPageCitations('(see page 4) (p.) (p. x) (pages 2)')).toEqual([]);
  });
});

describe('resolveCitedDocument', () => {
  const docs = [{ name: 'Annual Report 2024.pdf' }, { name: 'manual.pdf' }];
  it('takes the named document, with or without .pdf, in any case; the only one when none is named', () => {
    expect(resolveCitedDocument({ documentName: 'manual.pdf' }, docs)).toBe(docs[1]);
    expect(resolveCitedDocument({ documentName: 'annual report 2024' }, docs)).toBe(docs[0]);
    expect(resolveCitedDocument({ documentName: '"Manual"' }, docs)).toBe(docs[1]);
    expect(resolveCitedDocument({}, docs)).toBeNull();
    expect(resolveCitedDocument({}, [docs[1] as { name: string }])).toBe(docs[1]);
    expect(resolveCitedDocument({ documentName: 'other.pdf' }, docs)).toBeNull();
  });
});
