import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { sessionCacheOf } from '../src/features/auth/session-cache.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  changesHeard,
  client,
  expectError,
  signedInUser,
} from './auth-helpers.ts';
import { until } from './chat-helpers.ts';
import {
  createScratchPostgres,
  createTestApp,
  type DatabaseContext,
  describeEachDatabase,
  TEST_DATABASE_URL,
} from './databases.ts';

function setup(database: Database): { app: App; mailer: CaptureMailer } {
  const mailer = captureMailer();
  return { app: createTestApp(database, { env: AUTH_TEST_ENV, mailer }), mailer };
}

/** Deletes a user's sessions where migration 0008's trigger does not see it (nothing is notified). */
async function deleteSessionsUnseen(db: Db, userId: string): Promise<void> {
  await db.execute(sql`alter table sessions disable trigger sessions_change_notify`);
  try {
    await db.execute(sql`delete from sessions where user_id = ${userId}`);
  } finally {
    await db.execute(sql`alter table sessions enable trigger sessions_change_notify`);
  }
}

async function myId(c: ReturnType<typeof client>): Promise<string> {
  return ((await (await c.get('/api/me')).json()) as { id: string }).id;
}

/** What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). */
const DATABASE_USE = { exercises: ['notifications'] } as const;

describeEachDatabase('sessions remembered for a few seconds', DATABASE_USE, (ctx: DatabaseContext) => {
  it('a remembered session needs no database; a change the triggers report is applied at once', async () => {
    const { app, mailer } = setup(ctx.database);
    const c = await signedInUser(app, mailer);
    const id = await myId(c);
    await until(async () => sessionCacheOf(ctx.database).live());
    expect((await c.get('/api/me')).status).toBe(200); // read and remembered

    // The session rows go without the triggers seeing it: the remembered session still answers.
    const { db } = ctx.database;
    await deleteSessionsUnseen(db, id);
    expect((await c.get('/api/credits')).status).toBe(200);

    // Any change of the user is reported: that user's sessions are forgotten and the next request
    // finds none.
    await db.execute(sql`update users set name = name where id = ${id}`);
    await changesHeard(ctx.database);
    await expectError(await c.get('/api/credits'), 401, 'UNAUTHORIZED');
  });

  it('sign-out: the old cookie is refused on the very next request, though the session was remembered', async () => {
    const { app, mailer } = setup(ctx.database);
    const c = await signedInUser(app, mailer);
    const stolen = c.jar.copy();
    await until(async () => sessionCacheOf(ctx.database).live());
    expect((await client(app, { jar: stolen }).get('/api/me')).status).toBe(200);
    expect((await c.post('/api/auth/sign-out', {})).status).toBe(200);
    await expectError(await client(app, { jar: stolen }).get('/api/me'), 401, 'UNAUTHORIZED');
  });
});

describe.skipIf(!TEST_DATABASE_URL)('sessions remembered by several instances [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    scratch = await createScratchPostgres();
    one = await openDatabase({ url: scratch.url });
    await one.migrate();
    two = await openDatabase({ url: scratch.url });
  });
  afterAll(async () => {
    await one?.close().catch(() => {});
    await two?.close().catch(() => {});
    await scratch?.drop();
  });

  it('a sign-out on one instance reaches the session another instance remembered', async () => {
    const a = setup(one);
    const b = createTestApp(two, { env: AUTH_TEST_ENV, mailer: a.mailer });
    const onA = await signedInUser(a.app, a.mailer);
    const onB = client(b, { jar: onA.jar.copy() });
    await until(async () => sessionCacheOf(two).live());
    expect((await onB.get('/api/me')).status).toBe(200); // B remembers it now

    expect((await onA.post('/api/auth/sign-out', {})).status).toBe(200);
    await changesHeard(two);
    await expectError(await onB.get('/api/me'), 401, 'UNAUTHORIZED');
  });

  it('while the listening connection is lost nothing is remembered; when it is back, it is again', async () => {
    const { app, mailer } = setup(one);
    const c = await signedInUser(app, mailer);
    const id = await myId(c);
    const cache = sessionCacheOf(one);
    await until(async () => cache.live());
    const { db } = one;
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'polymath-notifications' and datname = current_database()`,
    );
    await until(async () => !cache.live());
    expect((await c.get('/api/me')).status).toBe(200);
    // A change now is not heard by `one`; it is not fooled, since it remembered nothing meanwhile.
    await db.execute(sql`delete from sessions where user_id = ${id}`);
    await expectError(await c.get('/api/me'), 401, 'UNAUTHORIZED');

    // Back (it reconnects within a second or so): sessions are remembered again.
    await until(async () => cache.live(), 10_000);
    const again = await signedInUser(app, mailer);
    await deleteSessionsUnseen(db, await myId(again));
    expect((await again.get('/api/credits')).status).toBe(200);
  });
});
