import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  describeEachDatabase,
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from './databases.ts';

type ErrorJson = { error: { code: string; message: string; requestId?: string } };

describeEachDatabase('health', { exercises: [] }, (ctx) => {
  it('GET /healthz answers 200 {status:"ok"}', async () => {
    const res = await createTestApp(ctx.database).request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 with the database kind', async () => {
    const res = await createTestApp(ctx.database).request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 503 SERVICE_UNAVAILABLE while draining, /healthz stays 200', async () => {
    const lifecycle = { draining: false };
    const app = createTestApp(ctx.database, { lifecycle });
    expect((await app.request('/readyz')).status).toBe(200);
    lifecycle.draining = true;
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as ErrorJson;
    expect(body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), requestId: res.headers.get('x-request-id') },
    });
    expect(body.error.message).not.toBe('');
    expect((await app.request('/healthz')).status).toBe(200);
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`readiness with a closed database [${kind}]`, () => {
    let closed: TestDatabase;
    beforeAll(async () => {
      closed = await openTestDatabase(kind);
      await closed.database.close();
    });
    afterAll(async () => {
      await closed.dispose();
    });

    it('GET /readyz answers 503 SERVICE_UNAVAILABLE without leaking the driver error', async () => {
      const app = createTestApp(closed.database);
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).not.toMatch(/closed|pglite|pool|\bat /i);
      const body = JSON.parse(text) as ErrorJson;
      expect(body).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Database unreachable.',
          requestId: res.headers.get('x-request-id'),
        },
      });
      expect((await app.request('/healthz')).status).toBe(200);
    });
  });
}
