import type { ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, signedInUser } from './auth-helpers.ts';
import { chat, messageRow, newId, providerEnv, sendBody, startProviderFakes, textOf } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

describeEachDatabase('an answer whose final write fails once', { exercises: ['connection-loss'] }, (ctx) => {
  let app: App;
  let mailer: CaptureMailer;
  beforeAll(async () => {
    mailer = captureMailer();
    app = createTestApp(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, ...providerEnv(fakes) } });
    // The first write that settles an answer fails (as on a database connection killed at that
    // moment); a sequence counts the attempts, since a rolled-back insert would not.
    await ctx.database.db.execute(sql`create sequence settle_attempts`);
    await ctx.database.db.execute(sql`
      create function fail_first_settle() returns trigger language plpgsql as $$
      begin
        if old.status = 'streaming' and new.status <> 'streaming' and nextval('settle_attempts') = 1 then
          raise exception 'connection lost (simulated)';
        end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`
      create trigger fail_first_settle before update on messages
      for each row execute function fail_first_settle()`);
  });

  it('is written again: the answer is complete and its chat takes the next message', async () => {
    const c = await signedInUser(app, mailer);
    const threadId = newId('t');
    const first = await chat(c, sendBody(threadId, 'Hello [[fake tokens=3]]'));
    expect(first.res.status).toBe(200);
    expect(textOf(first.chunks)).toContain('w3');
    const answerId = first.chunks.find((chunk) => chunk.type === 'start')?.messageId as string;
    expect((await messageRow(ctx.database.db, answerId))?.status).toBe('complete');
    const detail = (await (await c.get(`/api/threads/${threadId}`)).json()) as { activeAnswerId: string | null };
    expect(detail.activeAnswerId).toBeNull();
    const next = await chat(c, sendBody(threadId, 'Again [[fake tokens=2]]'));
    expect(next.res.status).toBe(200);
  });
});
