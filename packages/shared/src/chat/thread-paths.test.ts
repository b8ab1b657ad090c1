import { describe, expect, it } from 'vitest';
import { threadIdFromPath, threadPagePath } from './thread-paths.ts';

describe('thread pages', () => {
  it('puts a thread under its tool, and a horoscope thread under its type', () => {
    expect(threadPagePath('web-main', 'abc')).toBe('/web-main/abc');
    expect(threadPagePath('image-generator', 'abc')).toBe('/image-generator/abc');
    expect(threadPagePath('image-generator')).toBe('/image-generator');
    expect(threadPagePath('horoscope', 'abc', 'love')).toBe('/horoscope/love/abc');
    expect(threadPagePath('horoscope', 'abc')).toBe('/horoscope/daily/abc');
    expect(threadPagePath('horoscope')).toBe('/horoscope');
    expect(threadPagePath('horoscope', undefined, 'weekly')).toBe('/horoscope/weekly');
  });

  it('reads the thread back from a page, and nothing from pages without one', () => {
    expect(threadIdFromPath('/web-main/abc')).toBe('abc');
    expect(threadIdFromPath('/logo-maker/x_y-z/')).toBe('x_y-z');
    expect(threadIdFromPath('/horoscope/love/abc')).toBe('abc');
    expect(threadIdFromPath('/horoscope/love')).toBeNull();
    expect(threadIdFromPath('/web-main')).toBeNull();
    expect(threadIdFromPath('/gallery/abc')).toBeNull();
    expect(threadIdFromPath('/web-main/%E0%A4%A')).toBeNull();
  });
});
