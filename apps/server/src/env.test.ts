import { isAbsolute, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    loadEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as EnvError).problems;
  }
  throw new Error('expected loadEnv to throw');
}

describe('loadEnv', () => {
  it('works with an empty environment and picks the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.NODE_ENV).toBe('production');
    expect(env.LOG_LEVEL).toBe('info');
    expect(isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATA_DIR).toBe(resolve(process.cwd(), 'data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(isAbsolute(env.WEB_DIST_DIR)).toBe(true);
    expect(env.WEB_DIST_DIR.endsWith('/apps/web/dist')).toBe(true);
  });

  it('reads overrides and treats empty strings as unset', () => {
    const env = loadEnv({
      PORT: '8081',
      DATA_DIR: '/var/lib/polymath',
      NODE_ENV: 'development',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://polymath.example/',
      DATABASE_URL: '',
      GTM_ID: '  ',
      SHUTDOWN_GRACE_MS: '2500',
    });
    expect(env.PORT).toBe(8081);
    expect(env.DATA_DIR).toBe('/var/lib/polymath');
    expect(env.NODE_ENV).toBe('development');
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.PUBLIC_URL).toBe('https://polymath.example');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GTM_ID).toBeUndefined();
    expect(env.SHUTDOWN_GRACE_MS).toBe(2500);
  });

  it('derives PUBLIC_URL from PORT when it is not given', () => {
    expect(loadEnv({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('accepts postgres:// and postgresql:// database URLs', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u@h:5432/d' }).DATABASE_URL).toBe('postgres://u@h:5432/d');
    expect(loadEnv({ DATABASE_URL: 'postgresql://u@h/d' }).DATABASE_URL).toBe('postgresql://u@h/d');
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root@localhost/db', PORT: 'abc', GTM_ID: 'UA-12345' });
    expect(problems).toHaveLength(3);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.find((p) => p.startsWith('GTM_ID:'))).toContain('GTM-XXXXXXX');
  });

  it('names each problem in the error message', () => {
    try {
      loadEnv({ PORT: '70000', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      expect((err as EnvError).message).toMatch(/^Invalid environment:/);
      expect((err as EnvError).message).toContain('  - PORT:');
      expect((err as EnvError).message).toContain('  - LOG_LEVEL:');
    }
  });

  it.each([
    ['PORT', '-1'],
    ['PORT', '3.5'],
    ['NODE_ENV', 'staging'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SESSION_SECRET', 'too-short'],
    ['AD_PIXEL_ID', 'abc'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['TRUST_PROXY', 'maybe'],
  ])('rejects %s=%j', (key, value) => {
    const problems = problemsOf({ [key]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${key}:`)).toBe(true);
  });

  it('with a Stripe key, requires the webhook secret and a price for every plan', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_WEEK: 'price_w' }).sort()).toEqual([
      'STRIPE_PRICE_3MONTH: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_MONTHLY: required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_YEARLY: required when STRIPE_SECRET_KEY is set',
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    ]);
    // Without a key the sandbox takes payments and nothing else is needed.
    expect(loadEnv({ STRIPE_PRICE_WEEK: 'price_w' }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('reads the web-search settings; a provider chosen by name needs its own setting', () => {
    const env = loadEnv({ SEARXNG_URL: 'http://searx.lan:8080/searx', BRAVE_SEARCH_API_KEY: 'BSA-1' });
    expect(env.SEARXNG_URL).toBe('http://searx.lan:8080/searx');
    expect(env.WEB_SEARCH_PROVIDER).toBeUndefined();
    expect(problemsOf({ WEB_SEARCH_PROVIDER: 'tavily', BRAVE_SEARCH_API_KEY: 'BSA-1' })).toEqual([
      'WEB_SEARCH_PROVIDER: tavily needs TAVILY_API_KEY',
    ]);
    expect(problemsOf({ WEB_SEARCH_PROVIDER: 'google' })[0]).toMatch(/^WEB_SEARCH_PROVIDER:/);
    expect(problemsOf({ SEARXNG_URL: 'searx.lan:8080' })[0]).toMatch(/^SEARXNG_URL:/);
    expect(problemsOf({ TAVILY_BASE_URL: 'file:///tmp/x' })[0]).toMatch(/^TAVILY_BASE_URL:/);
  });
});
