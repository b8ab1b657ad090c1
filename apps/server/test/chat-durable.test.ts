import type { ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, signedInUser } from './auth-helpers.ts';
import { chat, newId, providerEnv, sendBody, startProviderFakes, textOf, until } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

/**
 * On PostgreSQL a new chat's first turn is committed without waiting for the disk, then confirmed
 * by a small synchronous write while the provider is called (first-turn.ts). When that confirmation
 * fails, the person must get none of the answer, and the free message comes back.
 */
/** What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). */
const DATABASE_USE = { exercises: ['commit-durability', 'connection-loss'] } as const;

describeEachDatabase('a new chat whose turn cannot be confirmed durable', DATABASE_USE, (ctx) => {
  let app: App;
  let mailer: CaptureMailer;
  beforeAll(async () => {
    mailer = captureMailer();
    app = createTestApp(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, ...providerEnv(fakes) } });
    // The first write to a fresh streaming answer (the confirmation: the answer's own saves come
    // later, with its text) fails, as it would with the database gone at that moment.
    await ctx.database.db.execute(sql`create sequence confirm_attempts`);
    await ctx.database.db.execute(sql`
      create function fail_first_confirm() returns trigger language plpgsql as $$
      begin
        if old.status = 'streaming' and new.status = 'streaming' and new.parts = '[]'::jsonb
          and nextval('confirm_attempts') = 1 then
          raise exception 'connection lost (simulated)';
        end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`
      create trigger fail_first_confirm before update on messages
      for each row execute function fail_first_confirm()`);
  });

  it.skipIf(ctx.kind === 'pglite')('gets no answer: the answer is failed and its free message given back', async () => {
    const c = await signedInUser(app, mailer);
    const threadId = newId('t');
    const first = await chat(c, sendBody(threadId, 'Hello [[fake tokens=3]]'));
    expect(first.res.status).toBe(200);
    expect(textOf(first.chunks)).toBe('');
    // Not even the answer's start: only the error.
    expect(first.chunks.map((chunk) => chunk.type)).toEqual(['error']);
    const row = await until(async () => {
      const { rows } = (await ctx.database.db.execute(
        sql`select status, credit_refunded from messages where thread_id = ${threadId} and role = 'assistant'`,
      )) as unknown as { rows: { status: string; credit_refunded: boolean }[] };
      return rows[0]?.status === 'failed' && rows[0];
    });
    expect(row.credit_refunded).toBe(true);
    expect(((await (await c.get('/api/credits')).json()) as { used: number }).used).toBe(0);

    // The next message of the chat is answered as usual.
    const next = await chat(c, sendBody(threadId, 'Again [[fake tokens=2]]'));
    expect(textOf(next.chunks)).toContain('w2');
  });
});
