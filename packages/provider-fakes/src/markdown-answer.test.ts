import { describe, expect, it } from 'vitest';
import { markdownAnswer } from './markdown-answer.ts';
import { parseDirective, planAnswer } from './script.ts';

describe('[[fake markdown=BYTES]]', () => {
  it('is read from the directive', () => {
    expect(parseDirective('[[fake markdown=30000 pace=1]]')).toEqual({ markdownBytes: 30000, paceMs: 1 });
    expect(() => parseDirective('[[fake markdown=big]]')).toThrow(/whole number/);
  });

  it('makes a markdown answer of about the asked size with every kind of block', () => {
    const text = markdownAnswer(30_000);
    const bytes = Buffer.byteLength(text);
    expect(bytes).toBeGreaterThanOrEqual(30_000);
    expect(bytes).toBeLessThan(32_000);
    expect(text).toMatch(/^# A long answer/);
    expect(text).toMatch(/^## Section 1:/m);
    expect(text).toMatch(/^\| --- \| ---: \|/m);
    expect(text).toMatch(/^```ts$/m);
    expect(text).toMatch(/^```python$/m);
    expect(text).toMatch(/^1\. Read the input/m);
    expect(text).toMatch(/^ {2}- nested item/m);
    // Every opened code fence is closed.
    expect((text.match(/^```/gm) ?? []).length % 2).toBe(0);
    expect(markdownAnswer(30_000)).toBe(text);
    expect(markdownAnswer(0)).toBe('');
  });

  it('streams the answer word by word, newlines kept', () => {
    const plan = planAnswer(parseDirective('[[fake markdown=5000]]') ?? {}, 'openai', 'gpt-4o-mini');
    expect(plan.text.join('')).toBe(markdownAnswer(5000));
    expect(plan.text.length).toBeGreaterThan(500);
  });

  it('gives way to an exact text', () => {
    const plan = planAnswer({ markdownBytes: 5000, text: 'Hi there' }, 'openai', 'gpt-4o-mini');
    expect(plan.text.join('')).toBe('Hi there');
  });
});
