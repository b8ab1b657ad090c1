import { beforeAll, describe, expect, it } from 'vitest';
import { countO200k, ESTIMATE_BYTES_PER_TOKEN, estimateTokens, measureText, tokenizerReady } from './token-count.ts';

beforeAll(async () => {
  await tokenizerReady;
});

/** Texts of the kinds people send, in the app's two languages and beyond. */
const SAMPLES: Record<string, string> = {
  english:
    'The quick brown fox jumps over the lazy dog. Could you explain how compound interest works, with an example of saving 100 dollars a month for ten years?',
  turkish:
    'Bileşik faizin nasıl çalıştığını bir örnekle açıklar mısın? Her ay yüz lira biriktirirsem on yıl sonra ne kadar param olur? Şöyle düşünelim: ağaçlar, çiçekler, güneşli günler.',
  code: 'function binarySearch(xs: number[], x: number): number {\n  let lo = 0, hi = xs.length - 1;\n  while (lo <= hi) { const mid = (lo + hi) >> 1; if (xs[mid] === x) return mid; if (xs[mid] < x) lo = mid + 1; else hi = mid - 1; }\n  return -1;\n}',
  markdown: '| Model | Price |\n|---|---|\n| GPT-4o mini | $0.15 |\n\n- one\n- two\n\n```json\n{"a": [1, 2, 3]}\n```',
  chinese: '请用一个例子解释复利是如何运作的。如果我每个月存一百元，十年后会有多少钱？',
  japanese: '複利の仕組みを例を使って説明してください。毎月一万円を十年間貯金したらどうなりますか。',
  emoji: 'Great job 🎉🎉 see you soon 👋🏽 — ok? 😀😃😄😁',
  numbers: '3.14159 2.71828 1.41421 1.73205 299792458 6.02214076e23 0xDEADBEEF 192.168.0.1',
};

describe('token counting (decision 027)', () => {
  it('counts OpenAI-family tokens exactly with o200k', () => {
    expect(countO200k('Hello world')).toBe(2);
    expect(countO200k('')).toBe(0);
    // Text that looks like a special token is counted as text, not refused.
    expect(countO200k('<|endoftext|>')).toBeGreaterThan(1);
  });

  it.each(Object.entries(SAMPLES))('the estimate never counts less than o200k does: %s', (_kind, text) => {
    const exact = countO200k(text);
    const estimate = estimateTokens(text);
    expect(estimate).toBeGreaterThanOrEqual(exact);
  });

  it('the estimate is within 2× of o200k for prose and code, so a turn does not give up much history', () => {
    for (const kind of ['english', 'turkish', 'code', 'markdown'] as const) {
      const text = SAMPLES[kind] as string;
      expect(estimateTokens(text)).toBeLessThanOrEqual(2 * countO200k(text));
    }
  });

  it('is stated: the larger of a token per 3 bytes and a quarter more than the text’s pieces', () => {
    expect(ESTIMATE_BYTES_PER_TOKEN).toBe(3);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(2);
    expect(estimateTokens('abcdefg')).toBe(3);
    // Seven pieces (3 . 141 59 , ( )), and a quarter more.
    expect(estimateTokens('3.14159,()')).toBe(9);
    expect(estimateTokens('x = 1')).toBe(7);
    expect(measureText('şğü')).toEqual({ tokens: countO200k('şğü'), estimate: 2 });
  });
});
