import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../src/lib/storage/s3-file-store.ts';
import { createTestApp, openTestDatabase, type TestDatabase } from './databases.ts';

/** Parses a Content-Security-Policy header into directive → sources. */
function csp(header: string | null): Map<string, string[]> {
  expect(header, 'content-security-policy header').toBeTruthy();
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

describe('security headers', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it.each(['/healthz', '/api/config', '/api/nope', '/web-main'])(
    '%s gets a strict CSP and the usual headers',
    async (path) => {
      const res = await createTestApp(testDb.database).request(path);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
      // Plain http (the test PUBLIC_URL): no HSTS, no upgrade-insecure-requests.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
    },
  );

  it('allows Google Tag Manager only when GTM_ID is set', async () => {
    const without = csp(
      (await createTestApp(testDb.database).request('/healthz')).headers.get('content-security-policy'),
    );
    expect(JSON.stringify([...without])).not.toContain('googletagmanager');

    const res = await createTestApp(testDb.database, { env: { GTM_ID: 'GTM-ABC1234' } }).request('/healthz');
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(policy.get('script-src')).toContain("'self'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(policy.get('script-src')).not.toContain('https://connect.facebook.net');
  });

  it('allows the ad pixel only when AD_PIXEL_ID is set', async () => {
    const res = await createTestApp(testDb.database, { env: { AD_PIXEL_ID: '1234567890' } }).request('/healthz');
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://connect.facebook.net']);
  });

  it('with files in S3, img-src allows exactly the origin of the signed URLs; with files on disk, only ours', async () => {
    const onDisk = csp(
      (await createTestApp(testDb.database).request('/healthz')).headers.get('content-security-policy'),
    );
    expect(onDisk.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);

    // Signing a URL makes no network call: this bucket need not exist.
    const files = await createS3FileStore({
      bucket: 'polymath-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'not-used',
      forcePathStyle: false,
    });
    const policy = csp(
      (await createTestApp(testDb.database, { files }).request('/web-main')).headers.get('content-security-policy'),
    );
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://polymath-files.s3.eu-central-1.amazonaws.com',
    ]);
    const url = await files.signedUrl('gallery/x.webp', { expiresInSeconds: 60, contentType: 'image/webp' });
    expect(new URL(url ?? '').origin).toBe('https://polymath-files.s3.eu-central-1.amazonaws.com');
    // Nothing else opens up: scripts, connections and frames stay ours.
    for (const directive of ['script-src', 'connect-src', 'default-src', 'media-src']) {
      expect(policy.get(directive), directive).toEqual(onDisk.get(directive));
    }
  });

  it('sends HSTS and upgrade-insecure-requests behind an https PUBLIC_URL', async () => {
    const res = await createTestApp(testDb.database, { env: { PUBLIC_URL: 'https://polymath.example' } }).request(
      '/healthz',
    );
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(csp(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
  });

  it('error responses carry the headers too', async () => {
    const lifecycle = { draining: true };
    const res = await createTestApp(testDb.database, { lifecycle }).request('/readyz');
    expect(res.status).toBe(503);
    expect(csp(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps sign-in popups connected: same-origin-allow-popups, and no opener policy on the popup return path', async () => {
    const app = createTestApp(testDb.database);
    expect((await app.request('/web-main')).headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // The popup comes back from the provider through these; a stricter policy would cut it off from its opener.
    for (const path of ['/auth/complete.html', '/api/auth/callback/google']) {
      expect((await app.request(path)).headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    }
  });
});
