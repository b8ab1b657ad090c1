import { createClient } from 'redis';
import {
  createResumableStreamContext,
  type Publisher,
  type ResumableStreamContext,
  type Subscriber,
} from 'resumable-stream/generic';
import type { Logger } from '../../lib/logger.ts';

/**
 * Where live answers are relayed so a reloaded page (or another instance behind the load balancer)
 * can pick up a stream that is still being generated: Redis pub/sub when REDIS_URL is set, an
 * in-process bus otherwise (one instance: every stream lives here anyway).
 */
export type StreamContext = ResumableStreamContext & { close(): Promise<void> };

export function createStreamContext(options: { redisUrl?: string | undefined; logger: Logger }): StreamContext {
  if (options.redisUrl) return createRedisStreamContext(options.redisUrl, options.logger);
  const bus = createMemoryBus();
  const ctx = createResumableStreamContext({
    keyPrefix: 'polymath',
    waitUntil: null,
    publisher: bus.publisher,
    subscriber: bus.subscriber,
  });
  return { ...ctx, close: async () => bus.clear() };
}

function createRedisStreamContext(url: string, logger: Logger): StreamContext {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => logger.warn({ err }, 'redis (streams) error'));
  }
  // Connected once, on first use; every command waits for it.
  let ready: Promise<unknown> | undefined;
  const connected = () => {
    ready ??= Promise.all([pub.connect(), sub.connect()]);
    return ready;
  };
  const publisher: Publisher = {
    connect: connected,
    publish: async (channel, message) => {
      await connected();
      return pub.publish(channel, message);
    },
    set: async (key, value, options) => {
      await connected();
      return options?.EX ? pub.set(key, value, { expiration: { type: 'EX', value: options.EX } }) : pub.set(key, value);
    },
    get: async (key) => {
      await connected();
      return pub.get(key);
    },
    incr: async (key) => {
      await connected();
      return pub.incr(key);
    },
  };
  const subscriber: Subscriber = {
    connect: connected,
    subscribe: async (channel, callback) => {
      await connected();
      await sub.subscribe(channel, (message: string) => callback(message));
    },
    unsubscribe: async (channel) => {
      await connected();
      return sub.unsubscribe(channel);
    },
  };
  const ctx = createResumableStreamContext({ keyPrefix: 'polymath', waitUntil: null, publisher, subscriber });
  return {
    ...ctx,
    async close() {
      if (ready) await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** An in-process stand-in for Redis pub/sub and the few key commands resumable-stream uses. */
export function createMemoryBus() {
  const channels = new Map<string, Set<(message: string) => void>>();
  const values = new Map<string, { value: string; timer?: NodeJS.Timeout }>();
  const setValue = (key: string, value: string, ex?: number) => {
    clearTimeout(values.get(key)?.timer);
    const timer = ex ? setTimeout(() => values.delete(key), ex * 1000) : undefined;
    timer?.unref();
    values.set(key, { value, ...(timer ? { timer } : {}) });
  };
  const publisher: Publisher = {
    connect: async () => {},
    async publish(channel, message) {
      const listeners = channels.get(channel);
      if (!listeners) return 0;
      // Delivered asynchronously, like a network round trip, never re-entrantly.
      for (const listener of listeners) queueMicrotask(() => listener(message));
      return listeners.size;
    },
    async set(key, value, options) {
      setValue(key, value, options?.EX);
      return 'OK';
    },
    get: async (key) => values.get(key)?.value ?? null,
    async incr(key) {
      const current = values.get(key);
      const next = Number(current?.value ?? 0) + 1;
      if (Number.isNaN(next)) throw new Error('ERR value is not an integer');
      clearTimeout(current?.timer);
      values.set(key, { value: String(next) });
      return next;
    },
  };
  const subscriber: Subscriber = {
    connect: async () => {},
    async subscribe(channel, callback) {
      const set = channels.get(channel) ?? new Set();
      set.add(callback);
      channels.set(channel, set);
    },
    async unsubscribe(channel) {
      channels.delete(channel);
    },
  };
  return {
    publisher,
    subscriber,
    clear() {
      for (const { timer } of values.values()) clearTimeout(timer);
      values.clear();
      channels.clear();
    },
  };
}
