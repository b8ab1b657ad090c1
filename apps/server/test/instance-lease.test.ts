import type { ProviderFakes } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import type { ChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { createChatRuntime } from '../src/features/chat/chat-runtime.ts';
import { type InstanceLease, startInstanceLease } from '../src/features/chat/instance-lease.ts';
import { markStaleAnswersInterrupted } from '../src/features/chat/stream-recovery.ts';
import { createLogger } from '../src/lib/logger.ts';
import { AUTH_TEST_ENV, type CaptureMailer, captureMailer, signedInUser, type TestClient } from './auth-helpers.ts';
import { messageRow, newId, parseSse, providerEnv, sendBody, startProviderFakes, until } from './chat-helpers.ts';
import { createTestDeps, describeEachDatabase } from './databases.ts';

/**
 * The takeover rule (decision 034): an answer belongs to the instance whose lease it carries; once
 * that lease has expired (or its row is gone) a living instance marks the answer interrupted with its
 * partial text, settles its credit once and frees its thread. A living instance's answer is never
 * taken, however long its provider says nothing and however old its last save.
 */
let fakes: ProviderFakes;
beforeAll(async () => {
  fakes = await startProviderFakes();
});
afterAll(async () => {
  await fakes.close();
});

describeEachDatabase('instance leases', { exercises: ['several-instances'] }, (ctx) => {
  let app: App;
  let runtime: ChatRuntime;
  let mailer: CaptureMailer;
  const leases: InstanceLease[] = [];
  beforeAll(() => {
    mailer = captureMailer();
    const deps = createTestDeps(ctx.database, { mailer, env: { ...AUTH_TEST_ENV, ...providerEnv(fakes) } });
    runtime = createChatRuntime(deps.env, createLogger('silent'), undefined, deps.limits);
    app = createApp({ ...deps, chat: runtime });
  });
  afterAll(async () => {
    for (const g of runtime.running.values()) g.abort('stopped');
    await Promise.all(leases.map((l) => l.stop()));
    await runtime.close();
  });

  const lease = async (ttlSeconds: number) => {
    const l = await startInstanceLease(ctx.database.db, { ttlSeconds, onError: () => {} });
    leases.push(l);
    return l;
  };

  /** Starts an answer whose provider sends a few tokens and then says nothing; returns its id. */
  const startSilentAnswer = async (c: TestClient, threadId: string) => {
    const res = await c.post('/api/chat', sendBody(threadId, 'Think it over [[fake hang]]'));
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    const id = String(parseSse(first).find((ch) => ch.type === 'start')?.messageId);
    void reader?.cancel();
    return id;
  };

  const usedCredits = async (userId: string) => {
    const result = (await ctx.database.db.execute(
      sql`select coalesce(sum(used), 0)::int as used from credit_usage where user_id = ${userId}`,
    )) as unknown as { rows: { used: number }[] };
    return result.rows[0]?.used ?? 0;
  };

  it('a living instance keeps its silent answer, whatever the age of its last save; once its lease is gone the answer is taken over once', async () => {
    const c = await signedInUser(app, mailer);
    const me = (await (await c.get('/api/me')).json()) as { id: string };
    const living = await lease(2);
    runtime.instanceId = living.id;
    const threadId = newId('t');
    const answerId = await startSilentAnswer(c, threadId);
    expect(await usedCredits(me.id)).toBe(1);
    // As if the answer had not been saved for a minute: the heartbeat no longer decides.
    await ctx.database.db.execute(
      sql`update messages set heartbeat_at = now() - interval '60 seconds' where id = ${answerId}`,
    );
    // Several lease lifetimes of sweeps: the lease is renewed, so the answer stays.
    for (let i = 0; i < 6; i++) {
      expect(await markStaleAnswersInterrupted(ctx.database.db, new Date())).toBe(0);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await messageRow(ctx.database.db, answerId))?.status).toBe('streaming');

    // The instance dies: no more renewals. Two survivors sweep at once; one takes the answer.
    await ctx.database.db.execute(
      sql`update instance_leases set expires_at = now() - interval '1 second' where id = ${living.id}`,
    );
    await living.stop();
    const taken = await Promise.all([
      markStaleAnswersInterrupted(ctx.database.db, new Date()),
      markStaleAnswersInterrupted(ctx.database.db, new Date()),
    ]);
    expect(taken[0] + taken[1]).toBe(1);
    const row = await messageRow(ctx.database.db, answerId);
    expect(row?.status).toBe('interrupted');
    // Nothing was answered: the free message comes back, exactly once.
    expect(row?.credit_refunded).toBe(true);
    expect(await usedCredits(me.id)).toBe(0);
    expect(await markStaleAnswersInterrupted(ctx.database.db, new Date())).toBe(0);
    expect(await usedCredits(me.id)).toBe(0);
    const detail = (await (await c.get(`/api/threads/${threadId}`)).json()) as { activeAnswerId: string | null };
    expect(detail.activeAnswerId).toBeNull();

    // The generation that was still running here settles later without undoing any of it.
    for (const g of runtime.running.values()) g.abort('stopped');
    await until(async () => runtime.running.size === 0);
    expect((await messageRow(ctx.database.db, answerId))?.status).toBe('interrupted');
    expect(await usedCredits(me.id)).toBe(0);
  });

  it('an expired lease gives up its answers with the text they had; answers of another living lease stay', async () => {
    const c = await signedInUser(app, mailer);
    const dead = await lease(2);
    const alive = await lease(30);
    runtime.instanceId = dead.id;
    const deadThread = newId('t');
    const deadRes = await c.post('/api/chat', sendBody(deadThread, 'Long one [[fake tokens=400 pace=20]]'));
    const reader = deadRes.body?.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes(' w5"')) seen += decoder.decode((await reader?.read())?.value);
    const deadId = String(parseSse(seen).find((ch) => ch.type === 'start')?.messageId);
    void reader?.cancel();
    runtime.instanceId = alive.id;
    const aliveId = await startSilentAnswer(c, newId('t'));
    // Wait for a save of the dead one's partial text, then let its lease run out.
    await until(async () => ((await messageRow(ctx.database.db, deadId))?.text ?? '').includes('w5'));
    await ctx.database.db.execute(
      sql`update instance_leases set expires_at = now() - interval '1 second' where id = ${dead.id}`,
    );
    await dead.stop();
    expect(await markStaleAnswersInterrupted(ctx.database.db, new Date())).toBe(1);
    const row = await messageRow(ctx.database.db, deadId);
    expect(row?.status).toBe('interrupted');
    expect(row?.text).toContain('w5');
    expect(row?.text).not.toContain('w400');
    expect(row?.credit_refunded).toBe(false);
    expect((await messageRow(ctx.database.db, aliveId))?.status).toBe('streaming');
  });

  it('an answer written without a lease is judged by its heartbeat, as before', async () => {
    runtime.instanceId = null;
    const c = await signedInUser(app, mailer);
    const answerId = await startSilentAnswer(c, newId('t'));
    expect(await markStaleAnswersInterrupted(ctx.database.db, new Date(Date.now() - 30_000))).toBe(0);
    await ctx.database.db.execute(
      sql`update messages set heartbeat_at = now() - interval '60 seconds' where id = ${answerId}`,
    );
    expect(await markStaleAnswersInterrupted(ctx.database.db, new Date(Date.now() - 30_000))).toBe(1);
    expect((await messageRow(ctx.database.db, answerId))?.status).toBe('interrupted');
  });
});
