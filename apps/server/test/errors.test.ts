import { count, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { isDatabaseBusy } from '../src/db/database-busy.ts';
import { pageViews } from '../src/db/schema/index.ts';
import { ORIGIN } from './auth-helpers.ts';
import { createTestApp, describeEachDatabase, TEST_DATABASE_URL } from './databases.ts';
import { freePort } from './ports.ts';

type ErrorJson = { error: { code: string; message: string; requestId?: string; details?: unknown } };

const PAGE_VIEWS = '/api/analytics/page-views';

async function pageViewRows(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(pageViews);
  return row?.n ?? 0;
}

/** No stack frames, file paths, driver or SQL text ever reach the client. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/\n\s*at\s/);
  expect(text).not.toMatch(/\bat\s+\S+\s+\(/);
  expect(text).not.toMatch(/\.ts:\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|file:\/\//);
  expect(text).not.toMatch(
    /\b(insert\s+into|select\s.+\sfrom|page_views|syntax error|violates|invalid byte sequence)\b/i,
  );
}

async function expectError(res: Response, status: number, code: string): Promise<ErrorJson> {
  const text = await res.text();
  expectNoLeak(text);
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ErrorJson;
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  return body;
}

/** What the app's own page sends (its Origin, as a browser adds it). */
function postJson(body: string, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', body, headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers } };
}

describeEachDatabase('API errors', { exercises: [] }, (ctx) => {
  let app: ReturnType<typeof createTestApp>;
  beforeEach(() => {
    app = createTestApp(ctx.database);
  });

  it.each([
    ['GET', '/api/foo'],
    ['GET', '/api'],
    ['POST', '/api/foo/bar'],
    ['DELETE', '/api/config'],
    ['GET', PAGE_VIEWS],
  ])('%s %s → 404 NOT_FOUND JSON', async (method, path) => {
    const res = await app.request(path, { method, headers: { origin: ORIGIN } });
    const body = await expectError(res, 404, 'NOT_FOUND');
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'requestId']);
  });

  it('keeps a valid x-request-id from the client and echoes it in the body', async () => {
    const res = await app.request('/api/foo', { headers: { 'x-request-id': 'trace-abc-123' } });
    const body = await expectError(res, 404, 'NOT_FOUND');
    expect(body.error.requestId).toBe('trace-abc-123');
  });

  it('malformed JSON → 400 BAD_REQUEST, nothing stored', async () => {
    const before = await pageViewRows(ctx.database);
    for (const raw of ['{', '{"path":', 'not json', '{"path":"/a"}}', '']) {
      const res = await app.request(PAGE_VIEWS, postJson(raw));
      const text = await res.clone().text();
      expect(res.status, `${JSON.stringify(raw)} → ${text}`).toBe(400);
      const body = (await res.json()) as ErrorJson;
      expect(['BAD_REQUEST', 'VALIDATION_FAILED']).toContain(body.error.code);
      expectNoLeak(text);
    }
    const res = await app.request(PAGE_VIEWS, postJson('{"path": "/web-main",'));
    await expectError(res, 400, 'BAD_REQUEST');
    expect(await pageViewRows(ctx.database)).toBe(before);
  });

  it.each([
    ['an extra field', { path: '/web-main', admin: true }],
    ['a missing path', { locale: 'en' }],
    ['an empty object', {}],
    ['a path without a leading slash', { path: 'web-main' }],
    ['a full URL as path', { path: 'https://evil.example/x' }],
    ['a path with whitespace', { path: '/web main' }],
    ['an empty path', { path: '' }],
    ['a numeric path', { path: 42 }],
    ['a null path', { path: null }],
    ['an array path', { path: ['/a'] }],
    ['an object path', { path: { toString: '/a' } }],
    ['a path over 2048 characters', { path: `/${'a'.repeat(2048)}` }],
    ['an unknown locale', { path: '/', locale: 'xx' }],
    ['an unknown theme', { path: '/', theme: 'blue' }],
    ['a numeric referrer', { path: '/', referrer: 1 }],
    ['a referrer over 2048 characters', { path: '/', referrer: `https://a.example/${'r'.repeat(2048)}` }],
    ['an array body', [{ path: '/' }]],
    ['a string body', '/web-main'],
    ['a null body', null],
  ])('%s → 400 VALIDATION_FAILED, nothing stored', async (_label, payload) => {
    const before = await pageViewRows(ctx.database);
    const res = await app.request(PAGE_VIEWS, postJson(JSON.stringify(payload)));
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(body.error.details).toEqual({ fields: expect.any(Array) });
    expect(await pageViewRows(ctx.database)).toBe(before);
  });

  it('a __proto__ key → 400 VALIDATION_FAILED, nothing stored', async () => {
    const before = await pageViewRows(ctx.database);
    const res = await app.request(PAGE_VIEWS, postJson('{"path":"/","__proto__":{"admin":true}}'));
    await expectError(res, 400, 'VALIDATION_FAILED');
    expect(await pageViewRows(ctx.database)).toBe(before);
  });

  it('names the failing fields', async () => {
    const res = await app.request(PAGE_VIEWS, postJson(JSON.stringify({ path: 'nope', theme: 'blue' })));
    const body = await expectError(res, 400, 'VALIDATION_FAILED');
    const fields = (body.error.details as { fields: { path: string; message: string }[] }).fields;
    expect(fields.map((f) => f.path).sort()).toEqual(['path', 'theme']);
  });

  it.each([
    ['a NUL character', '/web-main\u0000x'],
    ['a control character', '/web-main\u0007'],
    ['a lone high surrogate', '/web-main\ud800'],
    ['a lone low surrogate', '/\udc00web-main'],
    ['a right-to-left override', '/web-main\u202etxt.exe'],
    ['a DEL character', '/web-main\u007f'],
  ])('a path with %s → 400 VALIDATION_FAILED, nothing stored', async (_label, path) => {
    const before = await pageViewRows(ctx.database);
    const res = await app.request(PAGE_VIEWS, postJson(JSON.stringify({ path })));
    await expectError(res, 400, 'VALIDATION_FAILED');
    expect(await pageViewRows(ctx.database)).toBe(before);
  });

  it.each([
    ['a NUL character', 'https://a.example/\u0000'],
    ['a lone surrogate', 'https://a.example/\ud800'],
  ])('a referrer with %s → 400 VALIDATION_FAILED, nothing stored', async (_label, referrer) => {
    const before = await pageViewRows(ctx.database);
    const res = await app.request(PAGE_VIEWS, postJson(JSON.stringify({ path: '/', referrer })));
    await expectError(res, 400, 'VALIDATION_FAILED');
    expect(await pageViewRows(ctx.database)).toBe(before);
  });

  it('a body over 64 KB → 413 PAYLOAD_TOO_LARGE, nothing stored', async () => {
    const before = await pageViewRows(ctx.database);
    const huge = JSON.stringify({ path: '/', referrer: 'x'.repeat(70 * 1024) });
    const withLength = await app.request(
      PAGE_VIEWS,
      postJson(huge, { 'content-length': String(Buffer.byteLength(huge)) }),
    );
    await expectError(withLength, 413, 'PAYLOAD_TOO_LARGE');
    // Streamed without a content-length: the limit is enforced while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
        controller.enqueue(new TextEncoder().encode('{"path":"/","referrer":"'));
        for (let i = 0; i < 8; i++) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    const streamed = await app.request(PAGE_VIEWS, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      duplex: 'half',
    } as RequestInit);
    await expectError(streamed, 413, 'PAYLOAD_TOO_LARGE');
    expect(await pageViewRows(ctx.database)).toBe(before);
  });

  it('a non-JSON content type → 4xx with a stable code, nothing stored', async () => {
    const before = await pageViewRows(ctx.database);
    const res = await app.request(PAGE_VIEWS, {
      method: 'POST',
      body: 'path=/web-main',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    const text = await res.text();
    expectNoLeak(text);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(['BAD_REQUEST', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE']).toContain(
      (JSON.parse(text) as ErrorJson).error.code,
    );
    expect(await pageViewRows(ctx.database)).toBe(before);
  });
});

describe('internal errors', () => {
  it('a failing database gives 500 INTERNAL_ERROR with no stack trace or SQL', async () => {
    const broken = {
      kind: 'pglite',
      db: {
        insert: () => ({
          values: () =>
            Promise.reject(new Error('insert into "page_views" ("path") values ($1) -- relation does not exist')),
        }),
      },
      migrate: async () => {},
      ping: async () => {},
      notifications: { listen: () => {}, notify: async () => {}, close: async () => {} },
      close: async () => {},
    } as unknown as Database;
    const res = await createTestApp(broken).request(PAGE_VIEWS, postJson(JSON.stringify({ path: '/web-main' })));
    const body = await expectError(res, 500, 'INTERNAL_ERROR');
    expect(body.error.message).toBe('Something went wrong.');
  });
});

describe('a busy or unreachable database', () => {
  it('a database that refuses connections gives 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
    // A real node-postgres pool at a port nothing listens on: every query fails with ECONNREFUSED,
    // wrapped by Drizzle, as when PostgreSQL restarts.
    const database = await openDatabase({ url: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    try {
      const res = await createTestApp(database).request('/api/shared/AAAAAAAAAAAAAAAAAAAAAA');
      const body = await expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(body.error.message).toBe('The service is temporarily unavailable. Please try again shortly.');
      expect(res.headers.get('retry-after')).toBe('2');
    } finally {
      await database.close();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)('the pool waiting past its timeout for a connection counts as busy', async () => {
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, connectionTimeoutMillis: 100 });
    // Opening the pool's one connection may itself take past 100 ms on a busy machine; only the
    // second wait, for a connection that is taken, is under test.
    let held: pg.PoolClient | undefined;
    for (let attempt = 0; !held; attempt += 1) {
      held = await pool.connect().catch((err: unknown) => {
        if (attempt >= 50) throw err;
        return undefined;
      });
    }
    try {
      const err = await drizzle({ client: pool })
        .execute(sql`select 1`)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(String((err as Error).cause ?? err)).toMatch(/timeout exceeded when trying to connect/);
      expect(isDatabaseBusy(err)).toBe(true);
      // A query that is wrong is not "busy".
      const wrong = await held.query('select * from no_such_table').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseBusy(wrong)).toBe(false);
    } finally {
      held.release();
      await pool.end();
    }
  });
});
