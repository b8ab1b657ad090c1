import { describe, expect, it } from 'vitest';
import { readableParagraphs } from './document-panel.tsx';

describe('readableParagraphs', () => {
  it('joins the hard-wrapped lines of a paragraph and keeps headings, list items and blank lines', () => {
    const page = [
      'Annual report',
      'The orchard grew by a third this year, with new trees planted along the',
      'river and an irrigation system replaced after the flood in the',
      'spring.',
      '',
      'Costs were as follows:',
      '- pumps 7,300 euros',
      '- fences 1,200 euros',
    ].join('\n');
    expect(readableParagraphs(page)).toEqual([
      'Annual report\nThe orchard grew by a third this year, with new trees planted along the river and an irrigation system replaced after the flood in the spring.',
      'Costs were as follows:\n- pumps 7,300 euros\n- fences 1,200 euros',
    ]);
    expect(readableParagraphs('')).toEqual([]);
  });
});
