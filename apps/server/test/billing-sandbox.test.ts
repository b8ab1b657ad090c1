import type { BillingPlans, Credits, Profile, SubscriptionResponse } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import { billingEvents, subscriptions } from '../src/db/schema/index.ts';
import { createBillingRuntime } from '../src/features/billing/billing-runtime.ts';
import { sweepExpiredSubscriptions } from '../src/features/billing/billing-sweep.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { buyThroughSandbox, json } from './billing-helpers.ts';
import { createTestApp, createTestDeps, type DatabaseContext, describeEachDatabase } from './databases.ts';

type Setup = { app: App; mailer: CaptureMailer };

function setup(ctx: DatabaseContext): Setup {
  const mailer = captureMailer();
  return { app: createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer }), mailer };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describeEachDatabase('billing through the sandbox', { exercises: ['locks'] }, (ctx) => {
  it('offers four plans with the computed saving badge, subtotal, tax and total', async () => {
    const { app } = setup(ctx);
    const plans = await json<BillingPlans>(await app.request('/api/billing/plans'));
    expect(plans.mode).toBe('sandbox');
    expect(plans.plans.map((p) => p.period)).toEqual(['week', 'monthly', '3month', 'yearly']);
    const badged = plans.plans.filter((p) => p.bestValue);
    expect(badged).toEqual([expect.objectContaining({ period: 'yearly', savingsPercent: 85 })]);
    for (const p of plans.plans) expect(p.total).toBe(p.amount + p.tax);
  });

  it('a free user buys a plan, becomes Pro, cancels, keeps Pro until the period ends, then is free', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    const me = await json<Profile>(await c.get('/api/me'));
    expect(me.accessLevel).toBe('free');

    const bought = await buyThroughSandbox(c, 'monthly');
    expect(bought.subscription).toMatchObject({
      provider: 'sandbox',
      period: 'monthly',
      status: 'active',
      amount: 1999,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      entitled: true,
    });
    const end = new Date(bought.subscription?.currentPeriodEnd ?? 0).getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect((await json<Profile>(await c.get('/api/me'))).accessLevel).toBe('pro');
    expect((await json<Credits>(await c.get('/api/credits'))).dailyLimit).toBeNull();
    // The three events the sandbox delivered were recorded once each.
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(row?.revision).toBe(1);

    // Already Pro: no second checkout. A renewing subscription blocks account deletion.
    await expectError(await c.post('/api/billing/checkout', { period: 'yearly' }), 409, 'ALREADY_SUBSCRIBED');
    await expectError(await c.delete('/api/me', { confirm: true }), 409, 'SUBSCRIPTION_ACTIVE');

    const cancelled = await json<SubscriptionResponse>(await c.post('/api/billing/cancel'));
    expect(cancelled.subscription).toMatchObject({ cancelAtPeriodEnd: true, entitled: true, status: 'active' });
    expect((await json<Profile>(await c.get('/api/me'))).accessLevel).toBe('pro');
    // Resume and cancel again: undo works.
    expect(
      (await json<SubscriptionResponse>(await c.post('/api/billing/resume'))).subscription?.cancelAtPeriodEnd,
    ).toBe(false);
    await json(await c.post('/api/billing/cancel'));

    const ended = await json<SubscriptionResponse>(await c.post('/api/billing/sandbox/clock/advance'));
    expect(ended.subscription).toMatchObject({ status: 'canceled', entitled: false });
    expect((await json<Profile>(await c.get('/api/me'))).accessLevel).toBe('free');
    expect((await json<Credits>(await c.get('/api/credits'))).dailyLimit).not.toBeNull();
    await expectError(await c.post('/api/billing/cancel'), 404, 'NO_SUBSCRIPTION');
  });

  it.each([
    ['week', 699, 7],
    ['monthly', 1999, 28],
    ['3month', 3999, 89],
    ['yearly', 5499, 365],
  ] as const)('each plan can be bought: %s', async (period, amount, minDays) => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    const { subscription } = await buyThroughSandbox(c, period);
    expect(subscription).toMatchObject({ period, amount, currency: 'usd', status: 'active', entitled: true });
    const days = (Date.parse(subscription?.currentPeriodEnd ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(minDays - 1);
    expect(days).toBeLessThan(minDays + 4);
    expect(await json<SubscriptionResponse>(await c.get('/api/billing/subscription'))).toEqual({
      subscription,
      proGrantedUntil: null,
    });
  });

  it('a renewing subscription renews at the end of its period and stays Pro', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    const first = (await buyThroughSandbox(c, 'week')).subscription;
    const renewed = await json<SubscriptionResponse>(await c.post('/api/billing/sandbox/clock/advance'));
    const days =
      (Date.parse(renewed.subscription?.currentPeriodEnd ?? '') - Date.parse(first?.currentPeriodEnd ?? '')) /
      86_400_000;
    expect(days).toBeCloseTo(7, 5);
    expect(renewed.subscription).toMatchObject({ status: 'active', entitled: true });
  });

  it('checkout sessions and the portal belong to their user only', async () => {
    const s = setup(ctx);
    const a = await signedInUser(s.app, s.mailer);
    const b = await signedInUser(s.app, s.mailer);
    const { url } = await json<{ url: string }>(await a.post('/api/billing/checkout', { period: 'yearly' }));
    const sessionId = url.split('/').pop() ?? '';
    await expectError(await b.get(`/api/billing/sandbox/checkout/${sessionId}`), 404, 'CHECKOUT_NOT_FOUND');
    await expectError(await b.post(`/api/billing/sandbox/checkout/${sessionId}/complete`), 404, 'CHECKOUT_NOT_FOUND');
    await expectError(await b.post('/api/billing/checkout/confirm', { sessionId }), 404, 'CHECKOUT_NOT_FOUND');
    await expectError(await b.post('/api/billing/portal'), 404, 'NO_SUBSCRIPTION');
    await expectError(await a.post('/api/billing/checkout', { period: 'daily' }), 400, 'VALIDATION_FAILED');
    await expectError(await s.app.request('/api/billing/subscription'), 401, 'UNAUTHORIZED');
    const portal = await json<{ url: string }>(await (await buyAndReturn(a, sessionId)).post('/api/billing/portal'));
    expect(pathOf(portal.url)).toBe('/payment/sandbox/portal');
  });

  it('the sweep ends a cancelled sandbox subscription whose period passed, and renews a renewing one', async () => {
    const mailer = captureMailer();
    const deps = createTestDeps(ctx.database, { env: AUTH_TEST_ENV, mailer });
    const billing = createBillingRuntime({ ...deps, sessionSecret: deps.secrets.sessionSecret });
    const app = createApp({ ...deps, billing });
    const leaving = await signedInUser(app, mailer);
    const staying = await signedInUser(app, mailer);
    const ends = (await buyThroughSandbox(leaving, 'week')).subscription?.currentPeriodEnd ?? '';
    await buyThroughSandbox(staying, 'week');
    await json(await leaving.post('/api/billing/cancel'));

    // Before the period ends nothing is due.
    expect(await sweepExpiredSubscriptions(billing, new Date(Date.parse(ends) - 3_600_000))).toBe(0);
    expect((await json<Profile>(await leaving.get('/api/me'))).accessLevel).toBe('pro');

    // These two, and any week plan bought by the tests before.
    expect(await sweepExpiredSubscriptions(billing, new Date(Date.parse(ends) + 60_000))).toBeGreaterThanOrEqual(2);
    expect((await json<Profile>(await leaving.get('/api/me'))).accessLevel).toBe('free');
    const renewed = await json<SubscriptionResponse>(await staying.get('/api/billing/subscription'));
    expect(renewed.subscription).toMatchObject({ status: 'active', entitled: true });
    expect(Date.parse(renewed.subscription?.currentPeriodEnd ?? '')).toBeGreaterThan(Date.parse(ends));
    expect((await json<Profile>(await staying.get('/api/me'))).accessLevel).toBe('pro');

    // Event ids are kept for 30 days (Stripe retries for three), then forgotten.
    const { db } = ctx.database;
    const events = await db.select().from(billingEvents);
    expect(events.length).toBeGreaterThan(0);
    const newest = Math.max(...events.map((e) => e.receivedAt.getTime()));
    await sweepExpiredSubscriptions(billing, new Date(newest + 29 * 86_400_000));
    const kept = new Set((await db.select().from(billingEvents)).map((e) => e.id));
    expect(events.every((e) => kept.has(e.id))).toBe(true);
    await sweepExpiredSubscriptions(billing, new Date(newest + 31 * 86_400_000));
    expect(await db.select().from(billingEvents)).toHaveLength(0);
  });

  it('starting checkouts is limited per user (30 an hour), with a clear 429', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    for (let i = 0; i < 30; i++) await json(await c.post('/api/billing/checkout', { period: 'week' }));
    await expectError(await c.post('/api/billing/checkout', { period: 'week' }), 429, 'RATE_LIMITED');
    // Another person is not affected.
    const other = await signedInUser(s.app, s.mailer);
    await json(await other.post('/api/billing/checkout', { period: 'week' }));
  });

  it('a webhook with a bad signature is refused and records nothing', async () => {
    const { app } = setup(ctx);
    const before = await ctx.database.db.select().from(billingEvents);
    const res = await app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=deadbeef', 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_forged', type: 'customer.subscription.updated', data: { object: {} } }),
    });
    await expectError(res, 400, 'WEBHOOK_SIGNATURE_INVALID');
    expect(await ctx.database.db.select().from(billingEvents)).toHaveLength(before.length);
  });
});

async function buyAndReturn(c: TestClient, sessionId: string): Promise<TestClient> {
  await json(await c.post(`/api/billing/sandbox/checkout/${sessionId}/complete`));
  await json(await c.post('/api/billing/checkout/confirm', { sessionId }));
  return c;
}
