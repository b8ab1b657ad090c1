import { randomBytes } from 'node:crypto';
import {
  type Profile,
  THREAD_MESSAGES_PAGE_SIZE,
  type Thread,
  type ThreadDetail,
  type ThreadListResponse,
  threadDetailSchema,
  threadListResponseSchema,
  threadMessagesPageSchema,
  VALIDATION_MESSAGES,
} from '@polymath/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { decodeCursor, encodeCursor } from '../src/db/keyset.ts';
import { messages, threads, users } from '../src/db/schema/index.ts';
import {
  getOwnedThread,
  listThreads,
  purgeDeletedThreads,
  searchQuery,
} from '../src/features/threads/threads.service.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  changesHeard,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { createTestApp, type DatabaseContext, describeEachDatabase } from './databases.ts';

type Setup = { app: App; mailer: CaptureMailer };

function setup(ctx: DatabaseContext): Setup {
  const mailer = captureMailer();
  return { app: createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer }), mailer };
}

/** A signed-in user and their id. */
async function user(s: Setup): Promise<{ c: TestClient; id: string }> {
  const c = await signedInUser(s.app, s.mailer);
  const res = await c.get('/api/me');
  return { c, id: ((await res.json()) as Profile).id };
}

const newId = () => randomBytes(9).toString('base64url');

type SeedThread = {
  id?: string;
  title?: string;
  starred?: boolean;
  updatedAt?: Date | SQL;
  deletedAt?: Date | SQL | null;
  activeAnswerId?: string | null;
};

/** Threads are made by the chat core; the tests insert rows directly. */
async function seedThread(ctx: DatabaseContext, userId: string, t: SeedThread = {}): Promise<string> {
  const id = t.id ?? newId();
  await ctx.database.db.insert(threads).values({
    id,
    userId,
    toolId: 'web-main',
    title: t.title ?? `Thread ${id}`,
    starred: t.starred ?? false,
    modelId: 'demo',
    ...(t.updatedAt ? { updatedAt: t.updatedAt } : {}),
    deletedAt: t.deletedAt ?? null,
    activeAnswerId: t.activeAnswerId ?? null,
  });
  return id;
}

async function seedMessage(
  ctx: DatabaseContext,
  userId: string,
  threadId: string,
  m: { role?: 'user' | 'assistant'; text: string; status?: string; modelId?: string | null },
): Promise<string> {
  const id = newId();
  await ctx.database.db.insert(messages).values({
    id,
    threadId,
    userId,
    role: m.role ?? 'user',
    parts: [{ type: 'text', text: m.text }],
    text: m.text,
    status: m.status ?? 'complete',
    modelId: m.modelId ?? null,
  });
  return id;
}

async function list(c: TestClient, query = ''): Promise<ThreadListResponse> {
  const res = await c.get(`/api/threads${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return threadListResponseSchema.parse(await res.json());
}

async function listIds(c: TestClient, query = ''): Promise<string[]> {
  return (await list(c, query)).threads.map((t) => t.id);
}

async function threadRow(ctx: DatabaseContext, id: string) {
  const [row] = await ctx.database.db.select().from(threads).where(eq(threads.id, id));
  return row;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('threads: cursor and search query', () => {
  it('cursors round-trip and anything else is refused', () => {
    const cursor = { time: '2025-03-04T05:06:07.123456Z', id: 'abcDEF12_-' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      '',
      'abc',
      '!!!!',
      'eyJ', // truncated JSON
      enc({ time: cursor.time, id: cursor.id }),
      enc([cursor.time]),
      enc([cursor.time, 'a\u0000b']),
      enc([cursor.time, 'a/b']),
      enc(['2025-13-04T05:06:07.123456Z', 'abc']),
      enc(['2025-02-30T05:06:07.123456Z', 'abc']),
      enc(['2025-03-04T05:06:07.123Z', 'abc']),
      enc(['2025-03-04 05:06:07.123456+00', 'abc']),
      enc([12, 'abc']),
      `${encodeCursor(cursor)}=`,
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it('the search becomes prefix words joined with &; only letters and digits survive', () => {
    expect(searchQuery('Hello wor')).toBe("'Hello':* & 'wor':*");
    expect(searchQuery("it's a:* b&c|d !e (f) <-> 'g'")).toBe(
      "'it':* & 's':* & 'a':* & 'b':* & 'c':* & 'd':* & 'e':* & 'f':* & 'g':*",
    );
    expect(searchQuery('Şehir İstanbul ığdır 2024')).toBe("'Şehir':* & 'İstanbul':* & 'ığdır':* & '2024':*");
    expect(searchQuery('🙂 !!! :* & | \'"')).toBeNull();
    expect(searchQuery('   ')).toBeNull();
  });
});

describeEachDatabase('threads: listing', { exercises: [] }, (ctx) => {
  it('orders by last activity, then id; keyset pages return every thread exactly once', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const other = await user(s);
    const base = Date.now() - 3 * 3_600_000;
    const sameInstant = new Date(base - 60_000);
    // The same millisecond, different microseconds: a millisecond cursor would skip or repeat these.
    const msIso = new Date(base - 120_000).toISOString().slice(0, 23);
    for (let i = 0; i < 25; i++) await seedThread(ctx, userId, { updatedAt: new Date(base + i * 1000) });
    for (let i = 0; i < 25; i++) await seedThread(ctx, userId, { updatedAt: sameInstant });
    for (let i = 0; i < 25; i++) {
      const micro = String(i * 37).padStart(3, '0');
      await seedThread(ctx, userId, { updatedAt: sql`${`${msIso}${micro}Z`}::timestamptz` });
    }
    // Neither another user's nor deleted threads are listed.
    await seedThread(ctx, other.id, { updatedAt: new Date(base) });
    await seedThread(ctx, userId, { updatedAt: new Date(base), deletedAt: new Date() });

    const expected = (
      await ctx.database.db
        .select({ id: threads.id })
        .from(threads)
        .where(and(eq(threads.userId, userId), sql`${threads.deletedAt} is null`))
        .orderBy(desc(threads.updatedAt), desc(threads.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(75);

    for (const limit of [7, 25, 30, 100]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await list(c, query);
        expect(page.threads.length).toBeLessThanOrEqual(limit);
        seen.push(...page.threads.map((t) => t.id));
        cursor = page.nextCursor;
        pages += 1;
        expect(pages).toBeLessThan(100);
      } while (cursor);
      expect({ limit, seen }).toEqual({ limit, seen: expected });
      expect(pages).toBe(Math.ceil(75 / limit));
    }

    // The default page is 30; updatedAt never increases down the list.
    const first = await list(c);
    expect(first.threads).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const times = first.threads.map((t) => Date.parse(t.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await listIds(other.c)).toHaveLength(1);
  });

  it('a malformed cursor or query → 400 VALIDATION_FAILED', async () => {
    const s = setup(ctx);
    const { c } = await user(s);
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const query of [
      '?cursor=abc',
      '?cursor=%00',
      '?cursor=%27%3B%20drop%20table%20threads%3B--',
      `?cursor=${enc(['2025-13-01T00:00:00.000000Z', 'abcdefgh'])}`,
      `?cursor=${enc(['2025-01-01T00:00:00.000000Z', "x' or '1'='1"])}`,
      `?cursor=${'A'.repeat(201)}`,
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?starred=maybe',
      '?sort=title',
      `?q=${'a'.repeat(201)}`,
      '?q=a&q=b',
    ]) {
      await expectError(await c.get(`/api/threads${query}`), 400, 'VALIDATION_FAILED');
    }
  });

  it('starred=true lists starred threads only; starring and unstarring keep the order', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const a = await seedThread(ctx, userId, { updatedAt: minutesAgo(3) });
    const b = await seedThread(ctx, userId, { updatedAt: minutesAgo(2), starred: true });
    const d = await seedThread(ctx, userId, { updatedAt: minutesAgo(1) });
    expect(await listIds(c, '?starred=true')).toEqual([b]);
    expect(await listIds(c, '?starred=false')).toEqual([d, b, a]);

    const before = (await threadRow(ctx, a))?.updatedAt;
    const starred = await c.patch(`/api/threads/${a}`, { starred: true });
    expect(starred.status).toBe(200);
    expect(((await starred.json()) as Thread).starred).toBe(true);
    expect(await listIds(c, '?starred=true')).toEqual([b, a]);
    expect(await listIds(c)).toEqual([d, b, a]);
    expect((await threadRow(ctx, a))?.updatedAt).toEqual(before);

    const unstarred = await c.patch(`/api/threads/${b}`, { starred: false });
    expect(((await unstarred.json()) as Thread).starred).toBe(false);
    expect(await listIds(c, '?starred=true')).toEqual([a]);
    expect(await listIds(c)).toEqual([d, b, a]);
  });
});

describeEachDatabase('threads: search', { exercises: ['full-text-search'] }, (ctx) => {
  it('finds threads by title words and message words, as prefixes, in Turkish too', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const other = await user(s);
    const city = await seedThread(ctx, userId, { title: 'Şehir rehberi', updatedAt: minutesAgo(5) });
    const istanbul = await seedThread(ctx, userId, { title: 'İstanbul gezisi', updatedAt: minutesAgo(4) });
    const bread = await seedThread(ctx, userId, { title: 'Recipe for bread', updatedAt: minutesAgo(3) });
    const fox = await seedThread(ctx, userId, { title: 'Untitled', updatedAt: minutesAgo(2) });
    await seedMessage(ctx, userId, fox, { text: 'The quick brown fox jumps over the lazy dog' });
    await seedMessage(ctx, userId, fox, { role: 'assistant', text: 'Çok güzel bir cümle, ağaçlar yeşil.' });
    await seedMessage(ctx, userId, bread, { text: 'How long should the dough rest?' });
    // Another user's matching thread and message are never found; neither is a deleted thread.
    const theirs = await seedThread(ctx, other.id, { title: 'Recipe for bread' });
    await seedMessage(ctx, other.id, theirs, { text: 'quick brown fox' });
    await seedThread(ctx, userId, { title: 'Recipe deleted', deletedAt: new Date() });

    const cases: [string, string[]][] = [
      ['recipe', [bread]],
      ['RECIPE', [bread]],
      ['rec', [bread]],
      ['brown', [fox]],
      ['qui bro', [fox]],
      ['dough', [bread]],
      ['dou rest', [bread]],
      ['şehir', [city]],
      ['ŞEHİR', [city]],
      ['Şeh reh', [city]],
      ['istanbul', [istanbul]],
      ['İstanbul', [istanbul]],
      ['İSTAN', [istanbul]],
      ['ağaç', [fox]],
      ['güzel cüm', [fox]],
      ['r', [bread, city]],
      ['b', [fox, bread]],
      ['bread fox', []],
      ['nothing-here', []],
      ['', [fox, bread, istanbul, city]],
      ['   ', [fox, bread, istanbul, city]],
    ];
    for (const [q, ids] of cases) {
      expect({ q, ids: await listIds(c, `?q=${encodeURIComponent(q)}`) }).toEqual({ q, ids });
    }
    // Search combines with starred and with pages.
    await c.patch(`/api/threads/${city}`, { starred: true });
    expect(await listIds(c, '?q=r&starred=true')).toEqual([city]);
    const page = await list(c, '?q=b&limit=1');
    expect(page.threads.map((t) => t.id)).toEqual([fox]);
    expect(await list(c, `?q=b&limit=1&cursor=${page.nextCursor}`)).toEqual({
      threads: [expect.objectContaining({ id: bread })],
      nextCursor: null,
    });
  });

  it('odd input never fails: quotes, operators, emoji, 200 characters', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const t = await seedThread(ctx, userId, { title: "Don't panic: a:b & c|d !e" });
    const odd = [
      "'",
      '"',
      ':',
      ':*',
      '&',
      '|',
      '!',
      '!!!',
      '&&||!!',
      '<->',
      '<2>',
      '(',
      ')',
      '\\',
      '\\x00',
      "' or 1=1 --",
      '%',
      '_',
      '*',
      '🙂',
      '🙂🙂🙂 emoji',
      '👨‍👩‍👧',
      'a:*b',
      'foo & | !bar',
      "don't",
      'a:b',
      'c|d',
      'x'.repeat(200),
      'ab '.repeat(66),
      '中文 搜索',
      'ı',
      'e\u0301', // a decomposed é
      '\u200b',
      '\u0000',
      '\u0007bell',
    ];
    for (const q of odd) {
      const res = await c.get(`/api/threads?q=${encodeURIComponent(q)}`);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
      threadListResponseSchema.parse(await res.json());
    }
    expect(await listIds(c, `?q=${encodeURIComponent("don't")}`)).toEqual([t]);
    expect(await listIds(c, `?q=${encodeURIComponent('a:b')}`)).toEqual([t]);
    expect(await listIds(c, `?q=${encodeURIComponent('c|d !e')}`)).toEqual([t]);
    // Any string at all (service level, so lone surrogates and NUL too).
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), async (q) => {
        const page = await listThreads(ctx.database.db, { id: userId, plan: 'free' }, { q: q.trim(), limit: 30 });
        threadListResponseSchema.parse(page);
      }),
      { numRuns: 150 },
    );
    // Nothing searchable left → an empty list, not everything.
    expect(await list(c, `?q=${encodeURIComponent('!!! :*')}`)).toEqual({ threads: [], nextCursor: null });
  });
});

describeEachDatabase('threads: plan window', { exercises: [] }, (ctx) => {
  it('free users see the last 30 days; Pro users see older threads too', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const recent = await seedThread(ctx, userId, { title: 'recent', updatedAt: daysAgo(29) });
    const old = await seedThread(ctx, userId, { title: 'old topic', updatedAt: daysAgo(31) });
    await seedMessage(ctx, userId, old, { text: 'ancient history' });

    expect(await listIds(c)).toEqual([recent]);
    expect(await listIds(c, '?q=ancient')).toEqual([]);
    await expectError(await c.get(`/api/threads/${old}`), 404, 'NOT_FOUND');
    await expectError(await c.patch(`/api/threads/${old}`, { title: 'x' }), 404, 'NOT_FOUND');
    await expectError(await c.delete(`/api/threads/${old}`), 404, 'NOT_FOUND');
    expect((await threadRow(ctx, old))?.title).toBe('old topic');
    expect((await threadRow(ctx, old))?.deletedAt).toBeNull();
    // Kept, not deleted: the chat core can still find it.
    expect((await getOwnedThread(ctx.database.db, userId, old))?.id).toBe(old);

    await ctx.database.db.update(users).set({ accessLevel: 'pro' }).where(eq(users.id, userId));
    await changesHeard(ctx.database);
    expect(await listIds(c)).toEqual([recent, old]);
    expect(await listIds(c, '?q=ancient')).toEqual([old]);
    expect((await c.get(`/api/threads/${old}`)).status).toBe(200);

    await ctx.database.db.update(users).set({ accessLevel: 'free' }).where(eq(users.id, userId));
    await changesHeard(ctx.database);
    expect(await listIds(c)).toEqual([recent]);
  });
});

describeEachDatabase('threads: one thread', { exercises: [] }, (ctx) => {
  it('GET returns the thread, its messages in order and the active stream', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const id = await seedThread(ctx, userId, { title: 'Hello', activeAnswerId: 'stream-1' });
    const m1 = await seedMessage(ctx, userId, id, { text: 'first' });
    const m2 = await seedMessage(ctx, userId, id, { role: 'assistant', text: 'second', modelId: 'demo' });
    const m3 = await seedMessage(ctx, userId, id, { text: 'third' });
    const m4 = await seedMessage(ctx, userId, id, {
      role: 'assistant',
      text: 'fourth',
      status: 'streaming',
      modelId: 'demo',
    });
    const res = await c.get(`/api/threads/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const detail: ThreadDetail = threadDetailSchema.parse(await res.json());
    expect(detail.thread).toMatchObject({ id, title: 'Hello', starred: false, modelId: 'demo', toolId: 'web-main' });
    expect(detail.activeAnswerId).toBe('stream-1');
    expect(detail.messages.map((m) => m.id)).toEqual([m1, m2, m3, m4]);
    expect(detail.messages[1]).toEqual({
      id: m2,
      role: 'assistant',
      parts: [{ type: 'text', text: 'second' }],
      metadata: { modelId: 'demo', status: 'complete', createdAt: expect.any(String) },
    });
    expect(detail.messages[0]?.metadata).toEqual({ status: 'complete', createdAt: expect.any(String) });
    expect(detail.messages[3]?.metadata?.status).toBe('streaming');

    await expectError(await c.get('/api/threads/does-not-exist'), 404, 'NOT_FOUND');
    await expectError(await c.get('/api/threads/a'), 404, 'NOT_FOUND');
    await expectError(await c.get('/api/threads/%00%00%00%00%00%00%00%00'), 404, 'NOT_FOUND');
    await expectError(await c.get(`/api/threads/${'x'.repeat(65)}`), 404, 'NOT_FOUND');
  });

  it('a long thread opens with its newest page; older pages follow the cursor, each message once, in order', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const id = await seedThread(ctx, userId);
    const total = THREAD_MESSAGES_PAGE_SIZE * 2 + 7;
    const values = Array.from({ length: total }, (_, i) => ({
      id: `m${String(i).padStart(4, '0')}`,
      threadId: id,
      userId,
      role: i % 2 === 0 ? 'user' : 'assistant',
      parts: [{ type: 'text', text: `message ${i}` }],
      text: `message ${i}`,
      status: 'complete',
    }));
    await ctx.database.db.insert(messages).values(values);
    // Another thread's messages are interleaved in seq: a page must skip them.
    const other = await seedThread(ctx, userId);
    await seedMessage(ctx, userId, other, { text: 'elsewhere' });

    const res = await c.get(`/api/threads/${id}`);
    expect(res.status).toBe(200);
    const detail = threadDetailSchema.parse(await res.json());
    expect(detail.messages.map((m) => m.id)).toEqual(values.slice(-THREAD_MESSAGES_PAGE_SIZE).map((v) => v.id));
    expect(detail.olderCursor).not.toBeNull();

    const seen = detail.messages.map((m) => m.id);
    let cursor = detail.olderCursor;
    let pages = 0;
    while (cursor !== null) {
      const page = await c.get(`/api/threads/${id}/messages?cursor=${cursor}`);
      expect(page.status, await page.clone().text()).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const body = threadMessagesPageSchema.parse(await page.json());
      expect(body.messages.length).toBeLessThanOrEqual(THREAD_MESSAGES_PAGE_SIZE);
      seen.unshift(...body.messages.map((m) => m.id));
      cursor = body.olderCursor;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(values.map((v) => v.id));

    // A smaller page, and the last page says there is nothing before it.
    const small = threadMessagesPageSchema.parse(
      await (await c.get(`/api/threads/${id}/messages?cursor=${detail.olderCursor}&limit=3`)).json(),
    );
    const firstShown = values.length - THREAD_MESSAGES_PAGE_SIZE;
    expect(small.messages.map((m) => m.id)).toEqual(values.slice(firstShown - 3, firstShown).map((v) => v.id));
    expect(small.olderCursor).not.toBeNull();

    // A thread that fits one page has no cursor.
    const short = threadDetailSchema.parse(await (await c.get(`/api/threads/${other}`)).json());
    expect(short.messages.map((m) => m.parts)).toEqual([[{ type: 'text', text: 'elsewhere' }]]);
    expect(short.olderCursor).toBeNull();
  });

  it("older messages: a bad cursor or limit → 400; a missing, deleted or other user's thread → 404", async () => {
    const s = setup(ctx);
    const a = await user(s);
    const b = await user(s);
    const id = await seedThread(ctx, a.id);
    await seedMessage(ctx, a.id, id, { text: 'private words' });
    const deleted = await seedThread(ctx, a.id, { deletedAt: new Date() });
    for (const query of [
      '',
      '?cursor=',
      '?cursor=abc',
      '?cursor=0',
      '?cursor=-1',
      '?cursor=1e9',
      `?cursor=${'9'.repeat(16)}`,
      '?cursor=5&limit=0',
      `?cursor=5&limit=${THREAD_MESSAGES_PAGE_SIZE + 1}`,
      '?cursor=5&extra=1',
    ]) {
      await expectError(await a.c.get(`/api/threads/${id}/messages${query}`), 400, 'VALIDATION_FAILED');
    }
    const far = threadMessagesPageSchema.parse(
      await (await a.c.get(`/api/threads/${id}/messages?cursor=999999999`)).json(),
    );
    expect(far.messages.map((m) => m.parts)).toEqual([[{ type: 'text', text: 'private words' }]]);
    await expectError(await b.c.get(`/api/threads/${id}/messages?cursor=999999999`), 404, 'NOT_FOUND');
    await expectError(await a.c.get(`/api/threads/${deleted}/messages?cursor=999999999`), 404, 'NOT_FOUND');
    await expectError(await a.c.get('/api/threads/nope/messages?cursor=5'), 404, 'NOT_FOUND');
    await expectError(await client(s.app).get(`/api/threads/${id}/messages?cursor=5`), 401, 'UNAUTHORIZED');
  });

  it('rename: 50 characters are fine, 51 are refused with the spec message and nothing is written', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const id = await seedThread(ctx, userId, { title: 'Original', updatedAt: minutesAgo(10) });
    const newer = await seedThread(ctx, userId, { updatedAt: minutesAgo(5) });
    const before = await threadRow(ctx, id);

    const fifty = 'ş'.repeat(50);
    const res = await c.patch(`/api/threads/${id}`, { title: `  ${fifty}  ` });
    expect(res.status).toBe(200);
    const renamed = (await res.json()) as Thread;
    expect(renamed).toMatchObject({ id, title: fifty, updatedAt: before?.updatedAt.toISOString() });
    // Renaming is not activity: the order stays.
    expect(await listIds(c)).toEqual([newer, id]);
    expect((await threadRow(ctx, id))?.updatedAt).toEqual(before?.updatedAt);

    const tooLong = await expectError(
      await c.patch(`/api/threads/${id}`, { title: 'x'.repeat(51) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(tooLong.error.details?.fields).toEqual([{ path: 'title', message: VALIDATION_MESSAGES.titleMax }]);
    expect(VALIDATION_MESSAGES.titleMax).toBe('Title must be at most 50 characters long');
    for (const body of [
      {},
      { title: '' },
      { title: '   ' },
      { title: 42 },
      { title: 'nul\u0000byte' },
      { title: 'line\nbreak' },
      { starred: 'yes' },
      { title: 'ok', userId: 'someone-else' },
      { title: 'ok', updatedAt: new Date(0).toISOString() },
      [],
    ]) {
      await expectError(await c.patch(`/api/threads/${id}`, body), 400, 'VALIDATION_FAILED');
    }
    expect((await threadRow(ctx, id))?.title).toBe(fifty);

    // Both at once.
    const both = await c.patch(`/api/threads/${id}`, { title: 'Both', starred: true });
    expect(await both.json()).toMatchObject({ title: 'Both', starred: true });
    await expectError(await c.patch('/api/threads/missing-thread', { title: 'x' }), 404, 'NOT_FOUND');
  });

  it('delete hides a thread; restore brings it back; purge removes long-deleted threads', async () => {
    const s = setup(ctx);
    const { c, id: userId } = await user(s);
    const keep = await seedThread(ctx, userId, { updatedAt: minutesAgo(2) });
    const id = await seedThread(ctx, userId, { updatedAt: minutesAgo(1) });
    await seedMessage(ctx, userId, id, { text: 'searchable words' });

    const res = await c.delete(`/api/threads/${id}`);
    expect(res.status).toBe(204);
    expect(await listIds(c)).toEqual([keep]);
    expect(await listIds(c, '?q=searchable')).toEqual([]);
    await expectError(await c.get(`/api/threads/${id}`), 404, 'NOT_FOUND');
    await expectError(await c.patch(`/api/threads/${id}`, { title: 'x' }), 404, 'NOT_FOUND');
    await expectError(await c.delete(`/api/threads/${id}`), 404, 'NOT_FOUND');
    expect(await getOwnedThread(ctx.database.db, userId, id)).toBeNull();
    expect((await threadRow(ctx, id))?.deletedAt).toBeInstanceOf(Date);

    const restored = await c.post(`/api/threads/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as Thread).id).toBe(id);
    expect(await listIds(c)).toEqual([id, keep]);
    expect((await c.get(`/api/threads/${id}`)).status).toBe(200);
    await expectError(await c.post(`/api/threads/${id}/restore`), 404, 'NOT_FOUND');
    await expectError(await c.post('/api/threads/missing-thread/restore'), 404, 'NOT_FOUND');

    // Purge: only threads deleted before the cut-off go, with their messages.
    const db = ctx.database.db;
    const old = await seedThread(ctx, userId, { deletedAt: daysAgo(10) });
    await seedMessage(ctx, userId, old, { text: 'gone' });
    const fresh = await seedThread(ctx, userId, { deletedAt: daysAgo(1) });
    expect(await purgeDeletedThreads(db, daysAgo(7))).toBeGreaterThanOrEqual(1);
    expect(await threadRow(ctx, old)).toBeUndefined();
    expect(await db.select().from(messages).where(eq(messages.threadId, old))).toEqual([]);
    expect((await threadRow(ctx, fresh))?.id).toBe(fresh);
    expect((await threadRow(ctx, id))?.id).toBe(id);
    expect((await threadRow(ctx, keep))?.id).toBe(keep);
  });
});

describeEachDatabase('threads: one user can never read or change another user', { exercises: [] }, (ctx) => {
  it("another user's thread id → 404 on GET, PATCH, DELETE and restore; nothing changes", async () => {
    const s = setup(ctx);
    const a = await user(s);
    const b = await user(s);
    const live = await seedThread(ctx, a.id, { title: 'A live' });
    await seedMessage(ctx, a.id, live, { text: 'private words' });
    const deleted = await seedThread(ctx, a.id, { title: 'A deleted', deletedAt: new Date() });
    const rowsBefore = [await threadRow(ctx, live), await threadRow(ctx, deleted)];

    for (const id of [live, deleted]) {
      await expectError(await b.c.get(`/api/threads/${id}`), 404, 'NOT_FOUND');
      await expectError(await b.c.patch(`/api/threads/${id}`, { title: 'pwned', starred: true }), 404, 'NOT_FOUND');
      await expectError(await b.c.delete(`/api/threads/${id}`), 404, 'NOT_FOUND');
      await expectError(await b.c.post(`/api/threads/${id}/restore`), 404, 'NOT_FOUND');
    }
    expect(await listIds(b.c)).toEqual([]);
    expect(await listIds(b.c, '?q=private')).toEqual([]);
    expect(await getOwnedThread(ctx.database.db, b.id, live)).toBeNull();
    expect([await threadRow(ctx, live), await threadRow(ctx, deleted)]).toEqual(rowsBefore);
    expect(await listIds(a.c)).toEqual([live]);
  });

  it('401 UNAUTHORIZED on every route without a session; 403 for changes from another origin', async () => {
    const s = setup(ctx);
    const a = await user(s);
    const id = await seedThread(ctx, a.id);
    const anon = client(s.app);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/threads'],
      ['GET', '/api/threads?q=x'],
      ['GET', `/api/threads/${id}`],
      ['PATCH', `/api/threads/${id}`, { title: 'x' }],
      ['DELETE', `/api/threads/${id}`],
      ['POST', `/api/threads/${id}/restore`],
    ];
    for (const [method, path, json] of routes) {
      await expectError(await anon.request(method, path, { json }), 401, 'UNAUTHORIZED');
    }
    await expectError(
      await a.c.patch(`/api/threads/${id}`, { title: 'evil' }, { origin: 'https://evil.example' }),
      403,
      'WRONG_ORIGIN',
    );
    await expectError(
      await a.c.delete(`/api/threads/${id}`, undefined, { origin: 'https://evil.example' }),
      403,
      'WRONG_ORIGIN',
    );
    expect((await threadRow(ctx, id))?.title).not.toBe('evil');
    expect((await threadRow(ctx, id))?.deletedAt).toBeNull();
  });

  it('GET /api/openapi.json documents the thread routes', async () => {
    const { app } = setup(ctx);
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/threads',
        '/api/threads/{id}',
        '/api/threads/{id}/messages',
        '/api/threads/{id}/restore',
      ]),
    );
    expect(Object.keys(doc.paths['/api/threads/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
