import { asc, count } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { pageViews } from '../src/db/schema/index.ts';
import { ORIGIN } from './auth-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

const PAGE_VIEWS = '/api/analytics/page-views';

function post(body: unknown): RequestInit {
  return {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: ORIGIN },
  };
}

async function rows(database: Database) {
  return database.db.select().from(pageViews).orderBy(asc(pageViews.createdAt));
}

async function rowCount(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(pageViews);
  return row?.n ?? 0;
}

describeEachDatabase('page views', { exercises: [] }, (ctx) => {
  beforeEach(async () => {
    await ctx.database.db.delete(pageViews);
  });

  it('a valid page view → 204 with no body, and exactly one row with the query string stripped', async () => {
    const started = Date.now();
    const res = await createTestApp(ctx.database).request(
      PAGE_VIEWS,
      post({
        path: '/horoscope/love/123?token=secret#section',
        referrer: 'https://www.google.com/search?q=private',
        locale: 'tr',
        theme: 'dark',
      }),
    );
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const stored = await rows(ctx.database);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      path: '/horoscope/love/123',
      referrer: 'https://www.google.com/search',
      locale: 'tr',
      theme: 'dark',
      createdAt: expect.any(Date),
    });
    const at = stored[0]?.createdAt.getTime() ?? 0;
    expect(at).toBeGreaterThanOrEqual(started - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stores only the path when the optional fields are absent', async () => {
    const app = createTestApp(ctx.database);
    expect((await app.request(PAGE_VIEWS, post({ path: '/web-main' }))).status).toBe(204);
    expect((await app.request(PAGE_VIEWS, post({ path: '/settings#account', referrer: '' }))).status).toBe(204);
    const stored = await rows(ctx.database);
    // Sorted by path: two inserts in the same millisecond have no defined order.
    expect(stored.map((r) => [r.path, r.referrer, r.locale, r.theme]).sort()).toEqual([
      ['/settings', null, null, null],
      ['/web-main', null, null, null],
    ]);
  });

  it("a shared chat's id is never stored: /share/<id> becomes /share/* in the path and the referrer", async () => {
    const app = createTestApp(ctx.database);
    const id = 'Zk3pQ9xV2mWbT7sLcR4yHn';
    for (const view of [
      { path: `/share/${id}`, referrer: `https://polymath.example/share/${id}?utm_source=x` },
      { path: `/share/${id}/?x=1`, referrer: `https://chat.example/share/${id}/more` },
      { path: '/web-main', referrer: `https://polymath.example/share/${id}` },
      { path: '/shared-notes', referrer: 'https://polymath.example/shared/page' },
    ]) {
      expect((await app.request(PAGE_VIEWS, post(view))).status).toBe(204);
    }
    const stored = await rows(ctx.database);
    expect(stored.map((r) => [r.path, r.referrer]).sort()).toEqual([
      ['/share/*', 'https://chat.example/share/*'],
      ['/share/*', 'https://polymath.example/share/*'],
      ['/shared-notes', 'https://polymath.example/shared/page'],
      ['/web-main', 'https://polymath.example/share/*'],
    ]);
    expect(JSON.stringify(stored)).not.toContain(id);
  });

  it('the 121st page view within a minute from one client → 429 RATE_LIMITED, not stored', async () => {
    const app = createTestApp(ctx.database);
    for (let i = 1; i <= 120; i++) {
      const res = await app.request(PAGE_VIEWS, post({ path: `/web-main/${i}` }));
      if (res.status !== 204) throw new Error(`request ${i} got ${res.status}: ${await res.text()}`);
    }
    const res = await app.request(PAGE_VIEWS, post({ path: '/web-main/121' }));
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/too many requests/i);
    expect(await rowCount(ctx.database)).toBe(120);
    // Still limited on the next one; other routes are unaffected.
    expect((await app.request(PAGE_VIEWS, post({ path: '/' }))).status).toBe(429);
    expect((await app.request('/healthz')).status).toBe(200);
    expect(await rowCount(ctx.database)).toBe(120);
  });
});
