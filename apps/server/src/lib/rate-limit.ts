/**
 * A fixed-window counter per key, in process memory: each instance of the server counts on its
 * own (several instances behind a load balancer allow that many times the limit). One limiter per
 * limited action. `hit` counts and says whether the key is still within the limit; `exceeded`
 * only looks (for counting failures after the fact).
 */
export type RateLimiter = { hit(key: string): boolean; exceeded(key: string): boolean };

export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const t = now();
      if (t - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (t - w.start >= options.windowMs) windows.delete(k);
        lastSweep = t;
      }
      const w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= options.limit;
    },
    exceeded(key) {
      const w = windows.get(key);
      return Boolean(w && now() - w.start < options.windowMs && w.count >= options.limit);
    },
  };
}
