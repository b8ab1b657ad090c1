import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber to one channel hears. */
export type NotificationHandlers = {
  message(payload: string): void;
  /**
   * Whether notifications are being heard. false when the connection that listens is lost (some
   * may be missed until it is back), then true again once it listens again. Called with true once
   * the subscription is in place.
   */
  live(isLive: boolean): void;
};

export type Notifications = {
  /** Subscribes to a channel (PostgreSQL LISTEN) for the life of the database handle. */
  listen(channel: string, handlers: NotificationHandlers): void;
  /** Sends a notification (delivered after every one committed before it, as PostgreSQL orders them). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * PostgreSQL: one connection of its own per process LISTENs to every subscribed channel (a pooled
 * connection cannot: LISTEN belongs to a session). NOTIFY reaches it from every instance at commit.
 * When it is lost, subscribers are told (live false) and it connects again every second.
 */
export function postgresNotifications(url: string): Notifications {
  const channels = new Map<string, Set<NotificationHandlers>>();
  /** Channels the current connection LISTENs to. */
  const heard = new Set<string>();
  let client: pg.Client | undefined;
  let connected = false;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const each = (channel: string, f: (h: NotificationHandlers) => void) => {
    for (const h of channels.get(channel) ?? []) f(h);
  };

  function lost(c: pg.Client) {
    if (client !== c) return;
    client = undefined;
    connected = false;
    c.end().catch(() => {});
    const missed = [...heard];
    heard.clear();
    for (const channel of missed) each(channel, (h) => h.live(false));
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  }

  async function hear(c: pg.Client, channel: string) {
    await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    if (client !== c || heard.has(channel)) return;
    heard.add(channel);
    each(channel, (h) => h.live(true));
  }

  function connect() {
    if (closed || client) return;
    const c = new pg.Client({ connectionString: url, application_name: 'polymath-notifications' });
    client = c;
    c.on('notification', (n) => each(n.channel, (h) => h.message(n.payload ?? '')));
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.connect()
      .then(async () => {
        connected = client === c;
        for (const channel of channels.keys()) await hear(c, channel);
      })
      .catch(() => lost(c));
  }

  return {
    listen(channel, handlers) {
      const known = channels.get(channel);
      if (known) known.add(handlers);
      else channels.set(channel, new Set([handlers]));
      if (heard.has(channel)) handlers.live(true);
      else if (client && connected) {
        const c = client;
        hear(c, channel).catch(() => lost(c));
      } else connect();
    },
    async notify(channel, payload) {
      // On the listening connection itself: no pool connection is taken, and it hears it too.
      if (!client || !connected) throw new Error('not connected');
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/** PGlite: one connection in this process, which hears its own NOTIFYs as the statement runs. */
export function pgliteNotifications(client: PGlite): Notifications {
  return {
    listen(channel, handlers) {
      client.listen(channel, handlers.message).then(
        () => handlers.live(true),
        () => {},
      );
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      // Closing PGlite ends its subscriptions with it.
    },
  };
}
