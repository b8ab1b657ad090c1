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

  it('keeps files on disk with no S3 settings; a bucket needs its region and keys, each missing one listed', () => {
    const env = loadEnv({});
    expect([env.S3_BUCKET, env.S3_FORCE_PATH_STYLE, env.S3_PREFIX]).toEqual([undefined, false, undefined]);
    expect(problemsOf({ S3_BUCKET: 'polymath-files' }).sort()).toEqual([
      'S3_ACCESS_KEY_ID: required when S3_BUCKET is set',
      'S3_REGION: required when S3_BUCKET is set',
      'S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
    ]);
    expect(
      problemsOf({ S3_BUCKET: 'polymath-files', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'id', STRIPE_SECRET_KEY: 'sk_1' }),
    ).toContain('S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  });

  it('refuses S3 settings without a bucket: they would quietly keep files on this machine', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id' })).toEqual([
      'S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID are set',
    ]);
  });

  it('reads a full S3 set-up: path style, prefix without its slashes, a public URL', () => {
    const env = loadEnv({
      S3_BUCKET: 'polymath-files',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/prod/files/',
      S3_PUBLIC_URL: 'https://files.polymath.example',
    });
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    expect(env.S3_PREFIX).toBe('prod/files');
    expect(env.S3_PUBLIC_URL).toBe('https://files.polymath.example');
  });

  it.each([
    ['S3_BUCKET', 'Polymath_Files'],
    ['S3_BUCKET', 'ab'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_PUBLIC_URL', 'ftp://files.example'],
    ['S3_PREFIX', 'a/../b'],
    ['S3_PREFIX', 'a//b'],
    ['S3_PREFIX', 'files?x=1'],
    ['S3_FORCE_PATH_STYLE', 'yes please'],
  ])('rejects %s=%j', (key, value) => {
    const problems = problemsOf({ S3_BUCKET: 'polymath-files', [key]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${key}:`)).toBe(true);
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

  it('uses the WhatsApp sandbox with no Cloud API settings; the Cloud API needs all four of them', () => {
    const sandbox = loadEnv({});
    expect(sandbox.WHATSAPP_ACCESS_TOKEN).toBeUndefined();
    expect(sandbox.WHATSAPP_API_URL).toBe('https://graph.facebook.com/v21.0');
    expect(sandbox.WHATSAPP_CODE_TEMPLATE).toBe('polymath_link_code');
    const cloud = loadEnv({
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_API_URL: 'http://127.0.0.1:4020/v21.0/',
    });
    expect(cloud.WHATSAPP_API_URL).toBe('http://127.0.0.1:4020/v21.0');
    expect(problemsOf({ WHATSAPP_ACCESS_TOKEN: 'EAAG-token', WHATSAPP_APP_SECRET: 'app-secret' })).toEqual([
      'WHATSAPP_PHONE_NUMBER_ID: required when WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET are set',
      'WHATSAPP_VERIFY_TOKEN: required when WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET are set',
    ]);
    expect(problemsOf({ WHATSAPP_PHONE_NUMBER_ID: '+1 555 0100' })[0]).toMatch(/^WHATSAPP_PHONE_NUMBER_ID:/);
    expect(problemsOf({ WHATSAPP_CODE_TEMPLATE: 'Link Code' })[0]).toMatch(/^WHATSAPP_CODE_TEMPLATE:/);
  });
});
