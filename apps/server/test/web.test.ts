import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { withBootData } from '../src/features/web/boot-data.ts';
import { loadStaticFiles } from '../src/lib/static-files.ts';
import { createTestApp, openTestDatabase, type TestDatabase } from './databases.ts';

// As built: an inline script that must run before the first paint, the app's module script.
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', localStorage.getItem('theme') === 'dark');";
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Polymath</title>' +
  `<script>${THEME_SCRIPT}</script>` +
  '<script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
// Over 1 KB so the server precompresses it.
const APP_JS = `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/route/${i}`))};\n`;

// A route chunk of a few hundred bytes, as most of the app's are.
const SMALL_JS = `import{a as e}from"./app-abc123.js";export function Component(){return e("div",{className:"mx-auto flex max-w-3xl flex-col gap-6 px-3 pb-4 pt-6 sm:px-4"},e("p",{className:"text-muted"},"hello"))}\n`;

// Vite's build manifest: a lazy route importing the boot chunk (which index.html loads) and a shared chunk.
const MANIFEST = {
  '_app.js': { file: 'assets/app-abc123.js' },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_app.js'] },
  'src/app/routes/payment.tsx': {
    file: 'assets/payment-1.js',
    isDynamicEntry: true,
    imports: ['_app.js', '_shared.js'],
  },
  // A tool's page: its folder's tool.tsx (the web's tool registry), under the tool's id.
  'src/features/tools/logo-maker/tool.tsx': {
    file: 'assets/tool-2.js',
    isDynamicEntry: true,
    imports: ['_app.js', '_shared.js'],
  },
  'src/locales/en-more.ts': { file: 'assets/en-more-1.js', isDynamicEntry: true },
};

const BOOT_DATA = /<script id="boot-data" type="application\/json">(.*?)<\/script>/;

/** The page as built: without the data block the server adds. */
function withoutBootData(html: string): string {
  return html.replace(BOOT_DATA, '');
}

function bootData(html: string): Record<string, unknown> {
  const json = BOOT_DATA.exec(html)?.[1];
  if (!json) throw new Error('no boot data in the page');
  return JSON.parse(json) as Record<string, unknown>;
}

describe('static SPA serving', () => {
  let testDb: TestDatabase;
  let dist: string;
  let app: App;

  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
    dist = mkdtempSync(join(tmpdir(), 'polymath-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP_JS);
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), SMALL_JS);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // What the build writes for the installable app (apps/web/vite.config.ts, decision 031).
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(
      join(dist, 'app-shell.html'),
      INDEX_HTML.replace('<head>', '<head><meta name="app-shell" content="offline">'),
    );
    writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Polymath', start_url: '/web-main' }));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    expect(APP_JS.length).toBeGreaterThan(1024);
    app = createTestApp(testDb.database, { staticFiles: loadStaticFiles(dist) });
  });
  afterAll(async () => {
    await testDb.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset as immutable for a year', async () => {
    const res = await app.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('accept-encoding');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(await res.text()).toBe(APP_JS);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(APP_JS.length);
    expect(gunzipSync(body).toString('utf8')).toBe(APP_JS);
  });

  it('prefers brotli when it is accepted', async () => {
    const res = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString('utf8')).toBe(APP_JS);
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const first = await app.request('/assets/app-abc123.js');
    const etag = first.headers.get('etag') ?? '';
    const res = await app.request('/assets/app-abc123.js', { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stale = await app.request('/assets/app-abc123.js', { headers: { 'if-none-match': '"0-0"' } });
    expect(stale.status).toBe(200);
  });

  it('compresses a small chunk too (each first-screen file counts), and it decodes to the file', async () => {
    expect(SMALL_JS.length).toBeLessThan(1024);
    const res = await app.request('/assets/tiny-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBeLessThan(SMALL_JS.length);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(SMALL_JS);
  });

  it('sends a script without the headers only documents act on, but with nosniff; the page keeps them all', async () => {
    const script = await app.request('/assets/app-abc123.js');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('x-frame-options')).toBeNull();
    expect(script.headers.get('permissions-policy')).toBeNull();
    const page = await app.request('/web-main', { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const svg = await app.request('/favicon.svg');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('lets the page run its own inline script, pinned by its hash, and no other inline script', async () => {
    const page = await app.request('/web-main', { headers: { accept: 'text/html' } });
    const html = await page.text();
    const policy = page.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/);
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT, 'utf8').digest('base64')}'`;
    expect(scriptSrc).toEqual(["'self'", hash]);
    expect(html).toContain(`<script>${THEME_SCRIPT}</script>`);
    // The data block the server adds to the page is not a script the browser runs: it needs no hash.
    expect(html).toMatch(/<script id="boot-data" type="application\/json">/);
    // Every other response carries the same policy (one header for the whole app).
    const api = await app.request('/api/config');
    expect(api.headers.get('content-security-policy')).toBe(policy);
  });

  it("serves the service worker so every load checks it, the manifest as a manifest, the offline shell under the page's CSP", async () => {
    const worker = await app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(await manifest.json()).toMatchObject({ start_url: '/web-main' });

    // The shell the worker precaches: the built page with no data and no session claim, whose inline
    // script the policy allows (the same text as index.html's), and a policy that lets the worker run.
    const shell = await app.request('/app-shell.html');
    expect(shell.status).toBe(200);
    const html = await shell.text();
    expect(html).toContain('<meta name="app-shell" content="offline">');
    expect(html).not.toContain('boot-data');
    const policy = shell.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`'sha256-${createHash('sha256').update(THEME_SCRIPT, 'utf8').digest('base64')}'`);
    expect(policy).toMatch(/worker-src 'self'/);
    expect(policy).toMatch(/manifest-src 'self'/);
  });

  it('serves small non-hashed files uncompressed with a short cache', async () => {
    const res = await app.request('/favicon.svg', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await app.request('/assets/app-abc123.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(APP_JS.length);
    expect(await res.text()).toBe('');
  });

  it.each([
    '/',
    '/web-main',
    '/web-main/thread-1',
    '/settings/account',
    '/horoscope/love/123',
    '/sign-in',
    '/gallery/',
  ])('%s → 200 index.html, never cached', async (path) => {
    const res = await app.request(path, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A visitor's page (no session cookie: it carries "no session") is not even stored.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const withCookie = await app.request(path, { headers: { cookie: 'polymath.session_token=abc.def' } });
    expect(withCookie.headers.get('cache-control')).toBe('no-cache');
    expect(withoutBootData(await res.text())).toBe(INDEX_HTML);
  });

  it("index.html carries the server's answers to config, models and plans, the same as the API's", async () => {
    const html = await (await app.request('/web-main')).text();
    const data = bootData(html);
    // A request without a session cookie (a visitor) also gets the session's answer: none.
    expect(Object.keys(data).sort()).toEqual([
      '/api/auth/get-session',
      '/api/billing/plans',
      '/api/config',
      '/api/models?locale=en',
      '/api/models?locale=tr',
    ]);
    expect(data['/api/auth/get-session']).toBeNull();
    expect(data['/api/models?locale=en']).not.toEqual(data['/api/models?locale=tr']);
    for (const path of Object.keys(data)) {
      expect(data[path], path).toEqual(await (await app.request(path)).json());
    }
    // Before </head>, as one JSON data block.
    expect(html.indexOf('<script id="boot-data" type="application/json">')).toBeLessThan(html.indexOf('</head>'));
    // Compressed like the file it replaces, and the same for every request (one ETag).
    const br = await app.request('/sign-in', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString('utf8')).toBe(html);
    expect(br.headers.get('etag')).toBe((await app.request('/')).headers.get('etag'));
  });

  it('a page asked with a session cookie leaves the session to the browser, and says the page varies with the cookie', async () => {
    const visitor = await app.request('/web-main');
    const cookie = await app.request('/web-main', {
      headers: { cookie: 'theme=dark; polymath.session_token=abc.def' },
    });
    expect(cookie.status).toBe(200);
    const data = bootData(await cookie.text());
    expect(Object.keys(data)).not.toContain('/api/auth/get-session');
    expect(data['/api/config']).toEqual(bootData(await visitor.text())['/api/config']);
    expect(cookie.headers.get('etag')).not.toBe(visitor.headers.get('etag'));
    for (const res of [visitor, cookie]) expect(res.headers.get('vary')).toMatch(/cookie/i);
    // Other cookies do not make a visitor look signed in.
    const other = await app.request('/web-main', { headers: { cookie: 'theme=dark' } });
    expect(bootData(await other.text())['/api/auth/get-session']).toBeNull();
  });

  it("a lazy route's page preloads its chunks and the tools' texts, not what index.html loads; others preload nothing", async () => {
    const payment = await (await app.request('/payment')).text();
    expect([...payment.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort()).toEqual([
      '/assets/en-more-1.js',
      '/assets/payment-1.js',
      '/assets/shared-1.js',
    ]);
    const tool = await (await app.request('/logo-maker/t1')).text();
    expect([...tool.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort()).toEqual([
      '/assets/en-more-1.js',
      '/assets/shared-1.js',
      '/assets/tool-2.js',
    ]);
    expect(bootData(payment)).toEqual(bootData(await (await app.request('/web-main')).text()));
    expect(await (await app.request('/web-main')).text()).not.toContain('modulepreload');
    // The manifest itself is not served.
    const manifest = await app.request('/.vite/manifest.json');
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).not.toContain('payment-1');
  });

  it('no value can end the data block: "<" is escaped', () => {
    const built = loadStaticFiles(dist).get('/index.html');
    if (!built) throw new Error('no index.html');
    const file = withBootData(built, { '/api/config': { gtmId: '</script><script>alert(1)</script>' } });
    const html = new TextDecoder().decode(file.body);
    // The page's own two scripts and the data block: no value opened another.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(bootData(html)).toEqual({ '/api/config': { gtmId: '</script><script>alert(1)</script>' } });
  });

  it.each(['/no-such-page', '/web-main/a/b', '/settings/other'])(
    '%s → 404 with index.html (the SPA renders its not-found page)',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(withoutBootData(await res.text())).toBe(INDEX_HTML);
    },
  );

  it.each(['/assets/missing.js', '/assets/app-abc124.js', '/assets/', '/robots.txt', '/assets/../index.html'])(
    '%s → 404 and not HTML',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type') ?? '').not.toMatch(/html/);
      expect(await res.text()).not.toContain('<html');
    },
  );

  it('does not serve the SPA for POST', async () => {
    const res = await app.request('/web-main', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<html');
  });

  it('answers 503 with a hint when the web app is not built', async () => {
    const unbuilt = createTestApp(testDb.database);
    const res = await unbuilt.request('/web-main');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
    // The API keeps working without a build.
    expect((await unbuilt.request('/healthz')).status).toBe(200);
  });

  it('serves the OpenAPI document at /api/openapi.json', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('Polymath API');
    for (const path of ['/healthz', '/readyz', '/api/config', '/api/analytics/page-views']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const pageViews = doc.paths['/api/analytics/page-views'] as { post?: { requestBody?: unknown } };
    expect(pageViews.post?.requestBody).toBeDefined();
  });
});
