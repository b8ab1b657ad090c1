import { describe, expect, it } from 'vitest';
import { pageViewSchema } from './page-view.schema.ts';

describe('pageViewSchema', () => {
  it.each([
    { path: '/' },
    { path: '/web-main/abc?x=1#y' },
    { path: '/horoscope/love/%C3%A7', referrer: 'https://www.google.com/search?q=a', locale: 'tr', theme: 'dark' },
    { path: '/', referrer: '' },
  ])('accepts %j', (view) => {
    expect(pageViewSchema.parse(view)).toEqual(view);
  });

  it.each([
    ['no leading slash', { path: 'web-main' }],
    ['whitespace', { path: '/a b' }],
    ['a raw non-ASCII character', { path: '/horoscope/ç' }],
    ['a NUL', { path: '/\u0000' }],
    ['a lone surrogate', { path: '/\ud800' }],
    ['an extra key', { path: '/', extra: 1 }],
    ['a referrer with a control character', { path: '/', referrer: 'https://a.example/\u0001' }],
  ])('rejects %s', (_label, view) => {
    expect(pageViewSchema.safeParse(view).success).toBe(false);
  });
});
