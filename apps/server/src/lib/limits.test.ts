import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLimitStore, type LimitStore } from './limits.ts';
import { createLogger } from './logger.ts';

const logger = createLogger('silent');
const REDIS_URL = process.env.REDIS_URL?.trim() || undefined;

const hits = async (store: LimitStore, name: string, key: string, n: number, points = 3, duration = 60) => {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await store.limit(name, points, duration).hit(key)).allowed);
  return out;
};

describe('limit store in process', () => {
  let store: LimitStore;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    store = createLimitStore({ logger });
  });
  afterEach(async () => {
    await store.close();
    vi.useRealTimers();
  });

  it('allows `points` hits per key per window, then refuses until the window ends', async () => {
    expect(store.kind).toBe('memory');
    expect(await hits(store, 'chat', 'a', 4)).toEqual([true, true, true, false]);
    // Another key and another limit count on their own.
    expect(await hits(store, 'chat', 'b', 1)).toEqual([true]);
    expect(await hits(store, 'mail', 'a', 1)).toEqual([true]);
    const refused = await store.limit('chat', 3, 60).hit('a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    vi.advanceTimersByTime(59_000);
    expect(await hits(store, 'chat', 'a', 1)).toEqual([false]);
    vi.advanceTimersByTime(1_100);
    expect(await hits(store, 'chat', 'a', 4)).toEqual([true, true, true, false]);
  });

  it('says when a key is used up without counting, and forgets a key on reset', async () => {
    const limit = store.limit('sign-in-failures', 2, 60);
    expect(await limit.exceeded('x')).toBe(false);
    await limit.hit('x');
    expect(await limit.exceeded('x')).toBe(false);
    await limit.hit('x');
    expect(await limit.exceeded('x')).toBe(true);
    expect(await limit.exceeded('x')).toBe(true);
    await limit.reset('x');
    expect(await limit.exceeded('x')).toBe(false);
    expect((await limit.hit('x')).remaining).toBe(1);
  });

  it('gives the same limiter for the same name and numbers', () => {
    expect(store.limit('chat', 3, 60)).toBe(store.limit('chat', 3, 60));
  });
});

describe.skipIf(!REDIS_URL)('limit store in Redis', () => {
  const prefix = `test:limits:${randomBytes(6).toString('hex')}`;
  const stores: LimitStore[] = [];
  const open = async (redisUrl = REDIS_URL) => {
    const store = createLimitStore({ redisUrl, logger, prefix });
    stores.push(store);
    await store.ready(500);
    return store;
  };
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  it('two stores (two instances) share every count exactly, also when they hit at once', async () => {
    const a = await open();
    const b = await open();
    expect(a.kind).toBe('redis');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).limit('chat', 5, 60).hit('user-1')),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(await a.limit('chat', 5, 60).exceeded('user-1')).toBe(true);
    expect(await b.limit('chat', 5, 60).exceeded('user-1')).toBe(true);
    expect((await b.limit('chat', 5, 60).hit('user-2')).remaining).toBe(4);
    expect((await a.limit('chat', 5, 60).hit('user-2')).remaining).toBe(3);
    await a.limit('chat', 5, 60).reset('user-1');
    expect((await b.limit('chat', 5, 60).hit('user-1')).allowed).toBe(true);
  });

  it('with Redis out of reach, each instance still limits in its own memory (insurance)', async () => {
    const down = await open('redis://127.0.0.1:1');
    const limit = down.limit('chat', 2, 60);
    expect([(await limit.hit('k')).allowed, (await limit.hit('k')).allowed, (await limit.hit('k')).allowed]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limit.exceeded('k')).toBe(true);
  });
});
