import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes.ts';

/** Every client route of the spec's table (§2). */
const SPEC_ROUTES = [
  '/',
  '/web-main',
  '/image-generator',
  '/photo-translate',
  '/horoscope',
  '/tattoo-generator',
  '/logo-maker',
  '/gallery',
  '/settings',
  '/settings/account',
  '/settings/login-connections',
  '/settings/my-plan',
  '/payment',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/terms-and-conditions',
  '/refund-policy',
  '/privacy-policy',
];

describe('isClientRoute', () => {
  it.each(SPEC_ROUTES)('accepts the spec route %s', (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each([
    '/web-main/abc',
    '/web-main/abc/',
    '/web-main/',
    '/horoscope/x',
    '/horoscope/x/y',
    '/horoscope/love/123',
    '/settings/my-plan',
    '/settings/account',
    '/settings/login-connections',
    '/payment/sandbox/checkout/cs_sbx_0123abcd',
    '/payment/sandbox/portal',
    '/image-generator/abc123',
    '/logo-maker/abc123',
    '/tattoo-generator/abc123/',
    '/photo-translate/abc123',
    '/web-search',
    '/web-search/abc123',
    '/whatsapp',
    '/whatsapp/abc123xyz',
    '/whatsapp/sandbox',
  ])('accepts the parameterised route %s', (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each([
    '/web-main/a/b',
    '/horoscope/a/b/c',
    '/nope',
    '/settings/other',
    '/settings/account/extra',
    '/gallery/1',
    '/image-generator/a/b',
    '/payment/1',
    '/sign-in/x',
    '/payment/sandbox',
    '/payment/sandbox/checkout',
    '/payment/sandbox/checkout/a/b',
    '',
    '/web-mainx',
    '//web-main',
    '/WEB-MAIN',
  ])('rejects %s', (path) => {
    expect(isClientRoute(path)).toBe(false);
  });
});
