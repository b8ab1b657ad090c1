import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { SessionUserRow } from './session-user.ts';

/** How long a session read from the database is used without asking again. */
const SESSION_CACHE_MS = 10_000;
/** Enough for every active session of a busy instance; the oldest is forgotten first. */
const SESSION_CACHE_MAX = 10_000;
/**
 * The channel migration 0008's triggers notify when a session or a user changes: the user's id, or
 * '*' for everyone (a TRUNCATE). Payloads starting with '#' are caughtUp's markers.
 */
export const SESSION_CHANGE_CHANNEL = 'polymath_session_change';
/** How long caughtUp waits for its marker before it stops remembering sessions instead. */
const CATCH_UP_MS = 2000;

export type SessionCache = {
  /** A session read in the last few seconds and not changed since; undefined otherwise. */
  get(token: string, now: number): SessionUserRow | undefined;
  /** A counter to read before asking the database; `set` takes it back. */
  version(): number;
  /**
   * Remembers a session read from the database, unless a change was heard since `version` was
   * read (the row may predate it) or changes cannot be heard right now.
   */
  set(token: string, row: SessionUserRow, version: number, now: number): void;
  /**
   * Resolves once every change committed before the call has been heard here (PostgreSQL delivers
   * notifications in commit order): an account action's response waits for it, so the next request
   * on this instance sees the change. Other instances hear it within milliseconds.
   */
  caughtUp(): Promise<void>;
  /** Whether changes are being heard (nothing is remembered while they are not). */
  live(): boolean;
};

/**
 * Signed-in sessions remembered for a few seconds, so most requests learn who is asking without
 * a database round trip (issue 18, B1). Revocation is never waited out: migration 0008's triggers
 * NOTIFY every instance when a session or its user changes or goes (sign-out, revoking sessions, a
 * password reset, an account deletion, a plan or verification change, an operator's edit), and that
 * user's sessions are forgotten when it arrives. Nothing is remembered while the notifications are
 * not being heard (the listening connection is down, not yet up, or up but not passing them on:
 * a marker sent through it must come back first), and everything is forgotten when they come back,
 * since some may have been missed. The few seconds only bound how long a
 * session can outlive a change made outside PostgreSQL's triggers (none is known).
 */
export function createSessionCache(database: Pick<Database, 'notifications'>, ttlMs = SESSION_CACHE_MS): SessionCache {
  const entries = new Map<string, { row: SessionUserRow; until: number }>();
  const tokensOf = new Map<string, Set<string>>();
  let changes = 0;
  let live = false;
  const markers = new Map<string, () => void>();

  const forget = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = tokensOf.get(entry.row.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.row.id);
  };
  const forgetAll = () => {
    entries.clear();
    tokensOf.clear();
  };

  /** Sends a marker and waits for it to come back: true when it did. */
  async function roundTrip(): Promise<boolean> {
    const marker = `#${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), CATCH_UP_MS);
    });
    try {
      const sent = await database.notifications.notify(SESSION_CHANGE_CHANNEL, marker).then(
        () => true,
        () => false,
      );
      return sent && (await heard);
    } finally {
      clearTimeout(timer);
      markers.delete(marker);
    }
  }

  /** Changes are not (or not yet) heard: forget everything and remember nothing until they are. */
  const deaf = () => {
    changes++;
    live = false;
    forgetAll();
  };

  /** Counts the listening connection's starts, so a probe of an earlier one changes nothing. */
  let starts = 0;
  database.notifications.listen(SESSION_CHANGE_CHANNEL, {
    message(payload) {
      if (payload.startsWith('#')) {
        markers.get(payload)?.();
        return;
      }
      changes++;
      if (payload === '*') forgetAll();
      else for (const token of tokensOf.get(payload) ?? []) forget(token);
    },
    live(isLive) {
      deaf();
      const start = ++starts;
      // Listening is not yet hearing: sessions are remembered once a marker has come back.
      if (isLive) {
        void roundTrip().then((heard) => {
          if (heard && start === starts) live = true;
        });
      }
    },
  });

  return {
    get(token, now) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until > now) return entry.row;
      forget(token);
      return undefined;
    },
    version: () => changes,
    set(token, row, version, now) {
      if (!live || version !== changes) return;
      forget(token);
      if (entries.size >= SESSION_CACHE_MAX) forget(entries.keys().next().value as string);
      entries.set(token, { row, until: now + ttlMs });
      let tokens = tokensOf.get(row.id);
      if (!tokens) {
        tokens = new Set();
        tokensOf.set(row.id, tokens);
      }
      tokens.add(token);
    },
    live: () => live,
    async caughtUp() {
      // Nothing is remembered while changes are not heard: nothing to catch up with.
      if (!live) return;
      // A marker that does not come back (a pooler between us and PostgreSQL that does not pass
      // LISTEN on, say): nothing is remembered until the listening connection starts over.
      if (!(await roundTrip())) deaf();
    },
  };
}

const caches = new WeakMap<Pick<Database, 'notifications'>, SessionCache>();

/** The one session cache of a database in this process (every app on it shares what it hears). */
export function sessionCacheOf(database: Pick<Database, 'notifications'>): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = createSessionCache(database);
    caches.set(database, cache);
  }
  return cache;
}
