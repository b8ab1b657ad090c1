import type { UIMessageChunk } from 'ai';
import { createClient } from 'redis';
import { createResumableStreamContext, type Publisher, type Subscriber } from 'resumable-stream/generic';
import type { Logger } from '../../lib/logger.ts';

/**
 * Where live answers are relayed, so a reloaded page (or another instance behind the load balancer)
 * can pick up an answer that is still being generated.
 *
 * Every answer running in this process is a LiveAnswer here: its frames (the UI message stream's
 * SSE lines) go straight to each listener's stream, and a log of them is kept for whoever resumes.
 * A resume on this instance reads the log and joins directly, with no bus in between. With
 * REDIS_URL set, another instance resumes through Redis with the resumable-stream package's
 * protocol (its sentinel key, request and chunk channels), so its own resumeExistingStream is the
 * client; this side answers requests for every local answer through one pattern subscription
 * instead of one subscription per answer.
 */
export type AnswerRelay = {
  /** Starts relaying an answer; `undefined` when this stream id is already live here. */
  open(streamId: string): Promise<LiveAnswer | undefined>;
  /** The frames of a running answer from its start, then as they come; null when none is running. */
  resume(streamId: string): Promise<ReadableStream<Uint8Array> | null>;
  close(): Promise<void>;
};

export type LiveAnswer = {
  /** Sends one chunk to every listener and keeps it for later ones. */
  push(chunk: UIMessageChunk): void;
  /** A stream of this answer's frames (UTF-8) from now on (whoever started it listens before the first push). */
  listen(): ReadableStream<Uint8Array>;
  /** The end of the stream (`data: [DONE]`); listeners close and the answer is forgotten. */
  end(): Promise<void>;
};

/** resumable-stream's names and markers, so its resumeExistingStream on another instance understands us. */
const KEY_PREFIX = 'polymath:rs';
const DONE_MESSAGE = '\n\n\nDONE_SENTINEL_hasdfasudfyge374%$%^$EDSATRTYFtydryrte\n';
const DONE_VALUE = 'DONE';
const SENTINEL_TTL_SECONDS = 24 * 60 * 60;
const END_FRAME = 'data: [DONE]\n\n';

/** Frames go out as bytes, encoded once for every listener (no encoding stream per response). */
const encoder = new TextEncoder();

type Listener = { write(frame: Uint8Array): void; end(): void };

/** A delta kept in the log, merged with the next ones of the same part: a replay sends one frame per part. */
type LoggedDelta = { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string };

const frameOf = (chunk: UIMessageChunk | LoggedDelta) => `data: ${JSON.stringify(chunk)}\n\n`;

/** Only plain deltas merge: one with provider metadata keeps its own frame. */
function isPlainDelta(chunk: UIMessageChunk): chunk is LoggedDelta {
  return (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') && chunk.providerMetadata === undefined;
}

type Remote = {
  /** Called once per answer before its first frame; the sentinel tells other instances it is running. */
  opened(streamId: string): Promise<void>;
  ended(streamId: string, listenerIds: string[]): Promise<void>;
  publish(listenerId: string, message: string): void;
  resume(streamId: string): Promise<ReadableStream<Uint8Array> | null>;
  close(): Promise<void>;
};

type Entry = {
  log: (string | LoggedDelta)[];
  listeners: Set<Listener>;
  /** Listeners on other instances (Redis channel ids). */
  remote: string[];
};

export function createAnswerRelay(options: { redisUrl?: string | undefined; logger: Logger }): AnswerRelay {
  const live = new Map<string, Entry>();
  const replay = (entry: Entry) => entry.log.map((item) => (typeof item === 'string' ? item : frameOf(item))).join('');
  const remote = options.redisUrl
    ? createRedisRemote(options.redisUrl, options.logger, (streamId, listenerId, skip) => {
        const entry = live.get(streamId);
        if (!entry) return; // another instance's answer: it answers
        remote?.publish(listenerId, replay(entry).slice(skip));
        entry.remote.push(listenerId);
      })
    : undefined;

  const listen = (entry: Entry, fromStart: boolean): ReadableStream<Uint8Array> => {
    let listener: Listener | undefined;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        if (fromStart && entry.log.length > 0) controller.enqueue(encoder.encode(replay(entry)));
        listener = {
          write: (frame) => controller.enqueue(frame),
          end: () => controller.close(),
        };
        entry.listeners.add(listener);
      },
      cancel() {
        // A listener that goes away (a closed tab) stops getting frames; the answer goes on.
        if (listener) entry.listeners.delete(listener);
      },
    });
  };

  return {
    async open(streamId) {
      if (live.has(streamId)) return undefined;
      const entry: Entry = { log: [], listeners: new Set(), remote: [] };
      live.set(streamId, entry);
      await remote?.opened(streamId);
      return {
        push(chunk) {
          const last = entry.log.at(-1);
          if (isPlainDelta(chunk) && typeof last === 'object' && last.type === chunk.type && last.id === chunk.id) {
            last.delta += chunk.delta;
          } else {
            entry.log.push(
              isPlainDelta(chunk) ? { type: chunk.type, id: chunk.id, delta: chunk.delta } : frameOf(chunk),
            );
          }
          if (entry.listeners.size === 0 && entry.remote.length === 0) return;
          const frame = frameOf(chunk);
          const bytes = encoder.encode(frame);
          for (const listener of entry.listeners) listener.write(bytes);
          for (const id of entry.remote) remote?.publish(id, frame);
        },
        listen: () => listen(entry, false),
        async end() {
          if (live.get(streamId) !== entry) return;
          live.delete(streamId);
          const end = encoder.encode(END_FRAME);
          for (const listener of entry.listeners) {
            listener.write(end);
            listener.end();
          }
          entry.listeners.clear();
          for (const id of entry.remote) remote?.publish(id, END_FRAME);
          await remote?.ended(streamId, entry.remote);
        },
      };
    },
    async resume(streamId) {
      const entry = live.get(streamId);
      if (entry) return listen(entry, true);
      return remote ? remote.resume(streamId) : null;
    },
    async close() {
      live.clear();
      await remote?.close();
    },
  };
}

function createRedisRemote(
  url: string,
  logger: Logger,
  onRequest: (streamId: string, listenerId: string, skipCharacters: number) => void,
): Remote {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => logger.warn({ err }, 'redis (streams) error'));
  }
  const requestPrefix = `${KEY_PREFIX}:request:`;
  // Connected once, on first use, with the one subscription to every resume request.
  let ready: Promise<unknown> | undefined;
  const connected = () => {
    ready ??= Promise.all([pub.connect(), sub.connect()]).then(() =>
      sub.pSubscribe(`${requestPrefix}*`, (message, channel) => {
        try {
          const request = JSON.parse(message) as { listenerId: string; skipCharacters?: number };
          onRequest(channel.slice(requestPrefix.length), request.listenerId, request.skipCharacters ?? 0);
        } catch (err) {
          logger.warn({ err }, 'bad resume request');
        }
      }),
    );
    return ready;
  };
  const warn = (err: unknown) => logger.warn({ err }, 'could not relay a frame');
  const sentinel = (streamId: string) => `${KEY_PREFIX}:sentinel:${streamId}`;

  // The resuming side is resumable-stream's own client (it subscribes per listener, which is rare).
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
  const client = createResumableStreamContext({ keyPrefix: 'polymath', waitUntil: null, publisher, subscriber });

  return {
    async opened(streamId) {
      await connected();
      await pub.set(sentinel(streamId), '1', { expiration: { type: 'EX', value: SENTINEL_TTL_SECONDS } });
    },
    async ended(streamId, listenerIds) {
      await connected();
      await Promise.all([
        pub.set(sentinel(streamId), DONE_VALUE, { expiration: { type: 'EX', value: SENTINEL_TTL_SECONDS } }),
        ...listenerIds.map((id) => pub.publish(`${KEY_PREFIX}:chunk:${id}`, DONE_MESSAGE)),
      ]).catch(warn);
    },
    publish(listenerId, message) {
      pub.publish(`${KEY_PREFIX}:chunk:${listenerId}`, message).catch(warn);
    },
    async resume(streamId) {
      const stream = await client.resumeExistingStream(streamId);
      return stream ? stream.pipeThrough(new TextEncoderStream()) : null;
    },
    async close() {
      if (ready) await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
