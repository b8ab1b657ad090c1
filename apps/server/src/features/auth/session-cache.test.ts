import { describe, expect, it } from 'vitest';
import type { NotificationHandlers, Notifications } from '../../db/notifications.ts';
import { createSessionCache, SESSION_CHANGE_CHANNEL } from './session-cache.ts';
import type { SessionUserRow } from './session-user.ts';

/** A stand-in for the database's notifications: the test says what is heard and when. */
function fakeNotifications() {
  let handlers: NotificationHandlers | undefined;
  const sent: string[] = [];
  const notifications: Notifications = {
    listen(channel, h) {
      expect(channel).toBe(SESSION_CHANGE_CHANNEL);
      handlers = h;
    },
    async notify(_channel, payload) {
      sent.push(payload);
      // PostgreSQL delivers it after everything committed before: here, right away.
      queueMicrotask(() => handlers?.message(payload));
    },
    close: async () => {},
  };
  return {
    database: { notifications },
    sent,
    hear: (payload: string) => handlers?.message(payload),
    live: (isLive: boolean) => handlers?.live(isLive),
  };
}

/** Until the cache's marker has come back through the fake (a few turns of the event loop). */
const heard = () => new Promise((resolve) => setImmediate(resolve));

const row = (id: string): SessionUserRow => ({
  expiresAt: new Date(Date.now() + 3600_000),
  id,
  email: `${id}@example.com`,
  emailVerified: true,
  name: id,
  accessLevel: 'free',
  subscription: null,
});

describe('session cache', () => {
  it('remembers a session for its time, and only while changes are heard', async () => {
    const n = fakeNotifications();
    const cache = createSessionCache(n.database, 1000);
    cache.set('t1', row('u1'), cache.version(), 0);
    expect(cache.get('t1', 1)).toBeUndefined(); // not listening yet: nothing kept

    n.live(true);
    cache.set('t1', row('u1'), cache.version(), 0);
    expect(cache.get('t1', 1)).toBeUndefined(); // listening, but not yet heard its own marker
    await heard();
    cache.set('t1', row('u1'), cache.version(), 0);
    expect(cache.get('t1', 999)?.id).toBe('u1');
    expect(cache.get('t1', 1000)).toBeUndefined(); // its time is up

    cache.set('t1', row('u1'), cache.version(), 2000);
    n.live(false); // the listening connection is lost: some changes may be missed
    expect(cache.get('t1', 2001)).toBeUndefined();
    cache.set('t1', row('u1'), cache.version(), 2001);
    expect(cache.get('t1', 2002)).toBeUndefined();
  });

  it("a change of a user forgets that user's sessions, and only theirs; '*' forgets everyone", async () => {
    const n = fakeNotifications();
    const cache = createSessionCache(n.database, 60_000);
    n.live(true);
    await heard();
    cache.set('a-phone', row('a'), cache.version(), 0);
    cache.set('a-laptop', row('a'), cache.version(), 0);
    cache.set('b', row('b'), cache.version(), 0);
    n.hear('a');
    expect(cache.get('a-phone', 1)).toBeUndefined();
    expect(cache.get('a-laptop', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.id).toBe('b');
    n.hear('*');
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('a session read before a change was heard is not kept (it may predate the change)', async () => {
    const n = fakeNotifications();
    const cache = createSessionCache(n.database, 60_000);
    n.live(true);
    await heard();
    const before = cache.version();
    // …the database answers, but meanwhile a change is heard (a sign-out somewhere)…
    n.hear('a');
    cache.set('a-phone', row('a'), before, 0);
    expect(cache.get('a-phone', 1)).toBeUndefined();
    cache.set('a-phone', row('a'), cache.version(), 0);
    expect(cache.get('a-phone', 1)?.id).toBe('a');
  });

  it('caughtUp waits for its own marker; a marker changes nothing', async () => {
    const n = fakeNotifications();
    const cache = createSessionCache(n.database, 60_000);
    await cache.caughtUp();
    expect(n.sent).toEqual([]); // not listening: nothing is remembered, nothing to wait for
    n.live(true);
    await heard();
    expect(n.sent).toHaveLength(1); // the marker that says notifications come back
    cache.set('a-phone', row('a'), cache.version(), 0);
    const version = cache.version();
    await cache.caughtUp();
    expect(n.sent).toHaveLength(2);
    expect(n.sent[1]).toMatch(/^#/);
    expect(cache.version()).toBe(version);
    expect(cache.get('a-phone', 1)?.id).toBe('a');
  });

  it('when its marker does not come back, caughtUp forgets everything and remembers nothing until heard again', async () => {
    const n = fakeNotifications();
    const cache = createSessionCache(n.database, 60_000);
    n.live(true);
    await heard();
    cache.set('a-phone', row('a'), cache.version(), 0);
    const notify = n.database.notifications.notify;
    n.database.notifications.notify = () => Promise.reject(new Error('connection lost'));
    await cache.caughtUp();
    expect(cache.get('a-phone', 1)).toBeUndefined();
    expect(cache.live()).toBe(false);
    cache.set('a-phone', row('a'), cache.version(), 0);
    expect(cache.get('a-phone', 1)).toBeUndefined();

    n.database.notifications.notify = notify;
    n.live(true); // the listening connection started over, and its marker comes back
    await heard();
    cache.set('a-phone', row('a'), cache.version(), 0);
    expect(cache.get('a-phone', 1)?.id).toBe('a');
  });

  it('a listening connection that does not pass notifications on is never trusted', async () => {
    const n = fakeNotifications();
    n.database.notifications.notify = async (_channel, payload) => {
      n.sent.push(payload); // sent, but never delivered back (a transaction-mode pooler)
    };
    const cache = createSessionCache(n.database, 60_000);
    n.live(true);
    await heard();
    expect(n.sent).toHaveLength(1);
    cache.set('a-phone', row('a'), cache.version(), 0);
    expect(cache.get('a-phone', 1)).toBeUndefined();
    expect(cache.live()).toBe(false);
  });
});
