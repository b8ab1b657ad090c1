import { createClient } from 'redis';
import type { Env } from '../../env.ts';
import { createLimitStore, type Limit, type LimitStore } from '../../lib/limits.ts';
import type { Logger } from '../../lib/logger.ts';
import { createModelRegistry, type ModelRegistry } from '../models/index.ts';
import { type AnswerRelay, createAnswerRelay } from './answer-relay.ts';

/** Why a generation was aborted: the user pressed stop, or the process is shutting down. */
export type AbortReason = 'stopped' | 'shutdown';

/** A generation running in this process, keyed by its answer id (also its stream id). */
export type RunningGeneration = { abort(reason: AbortReason): void; done: Promise<void> };

/**
 * What the chat needs beyond the database, for the life of the process: the model registry, the
 * live-stream relay, the generations running here (for stop and drain) and the fair-use limiter.
 */
export type ChatRuntime = {
  models: ModelRegistry;
  streams: AnswerRelay;
  running: Map<string, RunningGeneration>;
  /**
   * This process's lease id (instance-lease.ts), written on every answer it starts so another
   * instance can take them over once the lease expires; set by index.ts. Null: no lease (tests'
   * in-process apps), the answer's heartbeat decides.
   */
  instanceId: string | null;
  /** Chat messages per person per window (CHAT_RATE_LIMIT_*), counted across instances. */
  fairUse: Limit;
  /** Stops a generation wherever it runs (this process, or another one through Redis). */
  stop(answerId: string): Promise<void>;
  /** Lets running answers finish for up to graceMs, then aborts the rest (stored as interrupted). */
  drain(graceMs: number): Promise<void>;
  close(): Promise<void>;
};

const STOP_CHANNEL = 'polymath:chat-stop';

export function createChatRuntime(
  env: Env,
  logger: Logger,
  models: ModelRegistry = createModelRegistry(env),
  limits: LimitStore = createLimitStore({ logger }),
): ChatRuntime {
  const running = new Map<string, RunningGeneration>();
  const streams = createAnswerRelay({ redisUrl: env.REDIS_URL, logger });
  const stopLocal = (answerId: string) => running.get(answerId)?.abort('stopped');

  // With several instances the generation may run elsewhere: stop requests go through Redis.
  let publishStop: ((answerId: string) => Promise<void>) | undefined;
  let closeStopBus = async () => {};
  if (env.REDIS_URL) {
    const pub = createClient({ url: env.REDIS_URL });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err: unknown) => logger.warn({ err }, 'redis (stop) error'));
    const ready = Promise.all([pub.connect(), sub.connect()]).then(() => sub.subscribe(STOP_CHANNEL, stopLocal));
    ready.catch((err: unknown) => logger.warn({ err }, 'redis (stop) unavailable'));
    publishStop = async (answerId) => {
      await ready;
      await pub.publish(STOP_CHANNEL, answerId);
    };
    closeStopBus = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  return {
    models,
    streams,
    running,
    instanceId: null,
    fairUse: limits.limit('chat-messages', env.CHAT_RATE_LIMIT_MAX, env.CHAT_RATE_LIMIT_WINDOW_SECONDS),
    async stop(answerId) {
      if (running.has(answerId) || !publishStop) {
        stopLocal(answerId);
        return;
      }
      await publishStop(answerId).catch((err: unknown) => logger.warn({ err }, 'could not relay stop'));
    },
    async drain(graceMs) {
      if (running.size === 0) return;
      logger.info({ streams: running.size, graceMs }, 'waiting for running answers');
      const all = Promise.allSettled([...running.values()].map((g) => g.done));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs);
      });
      const outcome = await Promise.race([all, timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        for (const g of running.values()) g.abort('shutdown');
        await Promise.allSettled([...running.values()].map((g) => g.done));
      }
    },
    async close() {
      await Promise.allSettled([streams.close(), closeStopBus()]);
    },
  };
}
