import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows `limit` hits per window per key, then refuses until the window ends', () => {
    let t = 1_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000, now: () => t });
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    t += 999;
    expect(limiter.hit('a')).toBe(false);
    t += 1;
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
  });

  it('forgets old windows (memory stays bounded by active keys)', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 100, now: () => t });
    for (let i = 0; i < 1000; i++) limiter.hit(`k${i}`);
    t = 250;
    expect(limiter.hit('k0')).toBe(true);
    expect(limiter.hit('k0')).toBe(false);
  });
});
