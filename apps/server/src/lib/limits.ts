import {
  type IRateLimiterRedisOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { AppError } from './app-error.ts';
import type { Logger } from './logger.ts';

/**
 * Every counted limit of the app (chat messages, sign-in and sign-up, mails, uploads, …) goes
 * through one limit store, so that several instances give the same answer (decision 033). With
 * `REDIS_URL` the counters live in Redis (rate-limiter-flexible's `RateLimiterRedis`, one atomic
 * script per hit); without it, in this process (`RateLimiterMemory`: PGlite is one process anyway).
 * While Redis cannot be reached, each limit falls back to an in-process counter of its own (the
 * "insurance" limiter), so a Redis outage neither opens every limit nor refuses every request.
 *
 * Counting is by fixed windows: a key's window starts with its first hit and lasts `durationSeconds`.
 */
export type LimitStore = {
  readonly kind: 'redis' | 'memory';
  /** The limit `name` (one per limited action): `points` hits per key per `durationSeconds`. */
  limit(name: string, points: number, durationSeconds: number): Limit;
  /** Resolves once Redis answers (or at once without it), or after `timeoutMs` whatever happens. */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export type LimitResult = {
  /** False once the key has used all its points in this window (the hit is still counted). */
  allowed: boolean;
  /** Hits left in this window. */
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
};

export type Limit = {
  /** Counts one hit against `key`. */
  hit(key: string): Promise<LimitResult>;
  /** Whether `key` has used every point of its window; counts nothing. */
  exceeded(key: string): Promise<boolean>;
  /** Forgets `key`'s window (a success that should clear earlier failures, tests). */
  reset(key: string): Promise<void>;
};

export type LimitStoreOptions = {
  redisUrl?: string | undefined;
  logger: Logger;
  /** The prefix of every Redis key (tests give each run its own). */
  prefix?: string;
};

const DEFAULT_PREFIX = 'polymath:limit';

export function createLimitStore(options: LimitStoreOptions): LimitStore {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const limits = new Map<string, Limit>();
  let redis: ReturnType<typeof createClient> | undefined;
  let connected: Promise<unknown> = Promise.resolve();
  if (options.redisUrl) {
    const client = createClient({
      url: options.redisUrl,
      // A lost Redis: try again every second at most, and meanwhile count in process (insurance).
      socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 1000) },
      // Commands fail at once while disconnected instead of waiting in a queue.
      disableOfflineQueue: true,
    });
    let warned = false;
    client.on('error', (err: unknown) => {
      if (warned) return;
      warned = true;
      options.logger.warn({ err }, 'redis (limits) unavailable: counting in this process until it is back');
    });
    client.on('ready', () => {
      warned = false;
    });
    connected = client.connect().catch(() => {}); // reported by the error handler; reconnects on its own
    redis = client;
  }

  const make = (name: string, points: number, duration: number): Limit => {
    const keyPrefix = `${prefix}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          keyPrefix,
          points,
          duration,
          insuranceLimiter: memory,
        } satisfies IRateLimiterRedisOptions)
      : memory;
    const result = (res: RateLimiterRes, allowed: boolean): LimitResult => ({
      allowed,
      remaining: res.remainingPoints,
      retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
    return {
      async hit(key) {
        try {
          return result(await limiter.consume(key), true);
        } catch (err) {
          if (err instanceof RateLimiterRes) return result(err, false);
          throw err;
        }
      },
      async exceeded(key) {
        const res = await limiter.get(key).catch(() => memory.get(key));
        return res !== null && res.consumedPoints >= points;
      },
      async reset(key) {
        await Promise.allSettled([limiter.delete(key), memory.delete(key)]);
      },
    };
  };

  return {
    kind: redis ? 'redis' : 'memory',
    limit(name, points, durationSeconds) {
      const id = `${name}:${points}:${durationSeconds}`;
      let limit = limits.get(id);
      if (!limit) {
        limit = make(name, points, durationSeconds);
        limits.set(id, limit);
      }
      return limit;
    },
    async ready(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        connected,
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    async close() {
      const client = redis;
      if (!client) return;
      if (client.isReady) await client.quit().catch(() => {});
      try {
        if (client.isOpen) client.destroy();
      } catch {
        // already closed
      }
    },
  };
}

/** Counts one hit of `limit` for `key`, or refuses it with RATE_LIMITED once the key is past it. */
export async function enforceLimit(limit: Limit, key: string): Promise<void> {
  if (!(await limit.hit(key)).allowed) throw new AppError('RATE_LIMITED');
}
