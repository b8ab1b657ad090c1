import { describe, expect, it } from 'vitest';
import type { OcrLine } from './ocr-engine.ts';
import { groupSegments } from './photo-segments.ts';

function line(text: string, x0: number, y0: number, x1: number, y1: number, confidence = 90): OcrLine {
  return {
    text,
    confidence,
    box: { x0, y0, x1, y1 },
    words: text.split(' ').map((w) => ({ text: w, confidence, box: { x0, y0, x1, y1 } })),
    block: 0,
    paragraph: 0,
    rowHeight: y1 - y0,
  };
}

describe('groupSegments', () => {
  it('joins lines of one paragraph and keeps their line breaks', () => {
    const segments = groupSegments([line('Welcome to the', 50, 100, 400, 140), line('old town', 50, 150, 260, 190)]);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({
      id: 's1',
      text: 'Welcome to the\nold town',
      box: { x0: 50, y0: 100, x1: 400, y1: 190 },
      align: 'left',
    });
  });

  it('keeps apart a title and its small print, far-apart lines, and side-by-side columns', () => {
    const segments = groupSegments([
      line('SALE', 100, 20, 400, 120), // a title 100 px tall
      line('Everything must go', 100, 130, 380, 160), // small print under it
      line('Opening hours', 100, 400, 380, 430), // far below
      line('Coffee', 40, 600, 200, 630),
      line('3.50', 700, 600, 780, 630), // same row, other column
    ]);
    expect(segments.map((s) => s.text)).toEqual(['SALE', 'Everything must go', 'Opening hours', 'Coffee', '3.50']);
    expect(segments.map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('tells centred and right-aligned paragraphs from left-aligned ones', () => {
    const centred = groupSegments([line('Grand opening', 100, 0, 500, 40), line('today', 240, 50, 360, 90)]);
    expect(centred[0]?.align).toBe('center');
    const right = groupSegments([line('مرحبا بكم في', 300, 0, 700, 40), line('المتحف', 520, 50, 700, 90)]);
    expect(right[0]?.align).toBe('right');
  });

  it('weights confidence by word length', () => {
    const [segment] = groupSegments([
      {
        ...line('a', 0, 0, 10, 10),
        words: [
          { text: 'a', confidence: 10, box: { x0: 0, y0: 0, x1: 10, y1: 10 } },
          { text: 'museum', confidence: 94, box: { x0: 0, y0: 0, x1: 10, y1: 10 } },
        ],
      },
    ]);
    expect(segment?.confidence).toBe(82);
  });
});
