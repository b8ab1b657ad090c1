import { type ProviderFakes, type StripeFake, startProviderFakes, startStripeFake } from '@polymath/provider-fakes';
import type { Credits, Profile, SubscriptionResponse, ThreadListResponse } from '@polymath/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { subscriptions, threads } from '../src/db/schema/index.ts';
import { sessionCacheOf } from '../src/features/auth/session-cache.ts';
import { createBillingRuntime } from '../src/features/billing/billing-runtime.ts';
import { RENEWAL_GRACE_MS } from '../src/features/billing/entitlement.ts';
import {
  AUTH_TEST_ENV,
  captureMailer,
  changesHeard,
  client,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { buyThroughSandbox, json, stripeTestEnv } from './billing-helpers.ts';
import { chat, newId, providerEnv, sendBody, until } from './chat-helpers.ts';
import { createTestDeps, type DatabaseContext, describeEachDatabase } from './databases.ts';

/**
 * Pro lasts until the subscription's period end (plus the renewal grace for one that renews), decided
 * whenever it is asked, not when the ten-minute sweep next runs (billing/entitlement.ts). The period
 * end is set in the stored record, as time passing would leave it; nothing sweeps in these tests.
 */

let fakes: ProviderFakes;
let stripe: StripeFake;
beforeAll(async () => {
  fakes = await startProviderFakes();
  stripe = await startStripeFake({
    prices: {
      price_week: { unit_amount: 699, currency: 'usd', interval: 'week', interval_count: 1 },
      price_monthly: { unit_amount: 1999, currency: 'usd', interval: 'month', interval_count: 1 },
      price_3month: { unit_amount: 3999, currency: 'usd', interval: 'month', interval_count: 3 },
      price_yearly: { unit_amount: 5499, currency: 'usd', interval: 'year', interval_count: 1 },
    },
  });
});
afterAll(async () => {
  await stripe?.close();
  await fakes?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const sandboxEnv = () => ({ ...AUTH_TEST_ENV, ...providerEnv(fakes) });
const stripeEnv = () => ({ ...sandboxEnv(), ...stripeTestEnv(stripe.url) });

function setup(ctx: DatabaseContext, env: Record<string, string>) {
  const mailer = captureMailer();
  const deps = createTestDeps(ctx.database, { env, mailer });
  const billing = createBillingRuntime({ ...deps, sessionSecret: deps.secrets.sessionSecret });
  return { app: createApp({ ...deps, billing }), billing, mailer };
}

const profileOf = async (c: TestClient) => json<Profile>(await c.get('/api/me'));
const planOf = async (c: TestClient) => (await profileOf(c)).accessLevel;

/**
 * The stored record's period end moves to `at`, as the passing of time would leave it. The user row
 * is touched too, as every write of the record does, so sessions remembered before are read again
 * (a remembered session whose period ends is the last test).
 */
async function endPeriodAt(ctx: DatabaseContext, userId: string, at: Date): Promise<void> {
  const { db } = ctx.database;
  await db.update(subscriptions).set({ currentPeriodEnd: at }).where(eq(subscriptions.userId, userId));
  await db.execute(sql`update users set updated_at = now() where id = ${userId}`);
  await changesHeard(ctx.database);
}

async function recordOf(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** A thread last active 31 days ago: outside a free person's history, inside Pro's. */
async function oldThread(db: Db, userId: string): Promise<string> {
  const id = newId('old');
  await db.insert(threads).values({
    id,
    userId,
    toolId: 'web-main',
    title: 'old',
    modelId: 'demo',
    updatedAt: new Date(Date.now() - 31 * 86_400_000),
  });
  return id;
}

const threadIds = async (c: TestClient) =>
  (await json<ThreadListResponse>(await c.get('/api/threads'))).threads.map((t) => t.id);

describeEachDatabase('Pro ends at the period end, whenever it is asked', (ctx) => {
  it('in Stripe mode a leftover sandbox subscription gives Pro until its period end, then nothing Pro is left', async () => {
    const sandboxApp = setup(ctx, sandboxEnv());
    const bought = await signedInUser(sandboxApp.app, sandboxApp.mailer);
    await buyThroughSandbox(bought, 'week');
    const { id: userId } = await profileOf(bought);
    const old = await oldThread(ctx.database.db, userId);

    // The server now has Stripe keys: the sandbox's subscription is renewed by nobody.
    const { app } = setup(ctx, stripeEnv());
    const c = client(app, { jar: bought.jar });
    expect(await planOf(c)).toBe('pro');
    expect((await chat(c, sendBody(newId('t'), 'hello', 'gpt-4o'))).res.status).toBe(200);
    expect(await threadIds(c)).toContain(old);

    await endPeriodAt(ctx, userId, new Date(Date.now() - 60_000));
    // No sweep ran: the record still says active.
    expect(await recordOf(ctx.database.db, userId)).toMatchObject({ provider: 'sandbox', status: 'active' });

    expect(await planOf(c)).toBe('free');
    const credits = await json<Credits>(await c.get('/api/credits'));
    expect(credits).toMatchObject({ plan: 'free', dailyLimit: expect.any(Number) });
    const proModel = await chat(c, sendBody(newId('t'), 'hello again', 'gpt-4o'));
    expect({ status: proModel.res.status, code: JSON.parse(proModel.raw).error.code }).toEqual({
      status: 403,
      code: 'MODEL_REQUIRES_PRO',
    });
    const proTool = await chat(c, { ...sendBody(newId('t'), 'a red fox'), toolId: 'image-generator' });
    expect({ status: proTool.res.status, code: JSON.parse(proTool.raw).error.code }).toEqual({
      status: 403,
      code: 'TOOL_REQUIRES_PRO',
    });
    await expectError(
      await c.post('/api/whatsapp/link/code', { phone: '+905321234567', country: 'TR', locale: 'en' }),
      403,
      'WHATSAPP_REQUIRES_PRO',
    );
    expect(await threadIds(c)).not.toContain(old);
    const mine = await json<SubscriptionResponse>(await c.get('/api/billing/subscription'));
    expect(mine.subscription).toMatchObject({ provider: 'sandbox', status: 'active', entitled: false });
  });

  it('sandbox: a cancelled subscription ends at its period end; a renewing one keeps Pro for the renewal grace', async () => {
    const { app, mailer } = setup(ctx, sandboxEnv());
    const leaving = await signedInUser(app, mailer);
    const staying = await signedInUser(app, mailer);
    await buyThroughSandbox(leaving, 'week');
    await buyThroughSandbox(staying, 'week');
    await json(await leaving.post('/api/billing/cancel'));
    const leavingId = (await profileOf(leaving)).id;
    const stayingId = (await profileOf(staying)).id;

    const justEnded = new Date(Date.now() - 60_000);
    await endPeriodAt(ctx, leavingId, justEnded);
    await endPeriodAt(ctx, stayingId, justEnded);
    expect(await planOf(leaving)).toBe('free');
    expect((await json<Credits>(await leaving.get('/api/credits'))).plan).toBe('free');
    // The sweep renews it within minutes; meanwhile nothing changes for the person.
    expect(await planOf(staying)).toBe('pro');
    expect(
      (await json<SubscriptionResponse>(await staying.get('/api/billing/subscription'))).subscription,
    ).toMatchObject({ entitled: true });

    // A renewal that has not come within the grace gives no more Pro.
    await endPeriodAt(ctx, stayingId, new Date(Date.now() - RENEWAL_GRACE_MS - 60_000));
    expect(await planOf(staying)).toBe('free');
  });

  it('a remembered session turns free the moment its period ends', async () => {
    const { app, mailer } = setup(ctx, sandboxEnv());
    const c = await signedInUser(app, mailer);
    await buyThroughSandbox(c, 'week');
    await json(await c.post('/api/billing/cancel'));
    const { id: userId } = await profileOf(c);
    const end = Date.now() + 5_000;
    await endPeriodAt(ctx, userId, new Date(end));
    await until(async () => sessionCacheOf(ctx.database).live());
    expect(await planOf(c)).toBe('pro'); // read, and remembered for 10 s

    // The session's rows go where no trigger sees it: only the remembered session can answer now.
    await ctx.database.db.execute(sql`alter table sessions disable trigger sessions_change_notify`);
    try {
      await ctx.database.db.execute(sql`delete from sessions where user_id = ${userId}`);
    } finally {
      await ctx.database.db.execute(sql`alter table sessions enable trigger sessions_change_notify`);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(end + 1000);
    const res = await c.get('/api/me');
    vi.useRealTimers();
    expect((await json<Profile>(res)).accessLevel).toBe('free');
  });
});
