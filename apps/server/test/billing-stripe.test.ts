import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { type ProviderFakes, type StripeEventObject, type StripeFake, startStripeFake } from '@polymath/provider-fakes';
import type { Profile, SubscriptionResponse } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { billingEvents, subscriptions, users } from '../src/db/schema/index.ts';
import { createBillingRuntime } from '../src/features/billing/billing-runtime.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  expectError,
  signedInUser,
  type TestClient,
} from './auth-helpers.ts';
import { json, stripeTestEnv, WEBHOOK_SECRET } from './billing-helpers.ts';
import { chat, newId, providerEnv, sendBody, startProviderFakes } from './chat-helpers.ts';
import { createTestApp, createTestDeps, type DatabaseContext, describeEachDatabase } from './databases.ts';

const PRICES = {
  price_week: { unit_amount: 699, currency: 'usd', interval: 'week', interval_count: 1 },
  price_monthly: { unit_amount: 1999, currency: 'usd', interval: 'month', interval_count: 1 },
  price_3month: { unit_amount: 3999, currency: 'usd', interval: 'month', interval_count: 3 },
  price_yearly: { unit_amount: 5499, currency: 'usd', interval: 'year', interval_count: 1 },
} as const;

let stripe: StripeFake;
let models: ProviderFakes;
beforeAll(async () => {
  stripe = await startStripeFake({ prices: PRICES });
  models = await startProviderFakes();
});
afterAll(async () => {
  await stripe?.close();
  await models?.close();
});

type Setup = { app: App; mailer: CaptureMailer };

function stripeEnv(): Record<string, string> {
  return { ...AUTH_TEST_ENV, ...providerEnv(models), ...stripeTestEnv(stripe.url) };
}

function setup(ctx: DatabaseContext): Setup {
  const mailer = captureMailer();
  return { app: createTestApp(ctx.database, { mailer, env: stripeEnv() }), mailer };
}

/** Posts an event to the webhook as Stripe would: the exact bytes, signed with the endpoint secret. */
function deliver(app: App, event: StripeEventObject, sign: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: sign.secret ?? WEBHOOK_SECRET,
    ...(sign.timestamp ? { timestamp: sign.timestamp } : {}),
  });
  return postWebhook(app, payload, signature);
}

function postWebhook(app: App, body: string, signature: string) {
  return app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
}

async function deliverAll(app: App, events: StripeEventObject[]) {
  for (const event of events) expect((await deliver(app, event)).status).toBe(200);
}

/** A signed-in user who started Stripe Checkout; returns the session id and the user id. */
async function startCheckout(c: TestClient, period = 'monthly') {
  const { url } = await json<{ url: string }>(await c.post('/api/billing/checkout', { period }));
  expect(url.startsWith(`${stripe.url}/checkout/`)).toBe(true);
  const sessionId = url.split('/').pop() ?? '';
  const me = await json<Profile>(await c.get('/api/me'));
  return { sessionId, userId: me.id };
}

function subscriptionIdOf(events: StripeEventObject[]): string {
  const created = events.find((e) => e.type === 'customer.subscription.created');
  if (!created) throw new Error('no customer.subscription.created event');
  return (created.data.object as { id: string }).id;
}

async function accessOf(ctx: DatabaseContext, userId: string) {
  const [row] = await ctx.database.db
    .select({ accessLevel: users.accessLevel })
    .from(users)
    .where(eq(users.id, userId));
  return row?.accessLevel;
}

async function recordOf(ctx: DatabaseContext, userId: string) {
  const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

const retrievals = (subscriptionId: string) =>
  stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length;

/** What these tests rely on that PGlite and PostgreSQL do differently (databases.ts, runsOnPostgres). */
const DATABASE_USE = { exercises: ['concurrent-writes', 'locks'] } as const;

describeEachDatabase('billing through Stripe (SDK against the local stand-in)', DATABASE_USE, (ctx) => {
  it('checkout creates a subscription-mode session for the plan price and the user', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId, userId } = await startCheckout(c, 'yearly');
    const created = stripe.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created?.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_yearly', quantity: '1' }],
      client_reference_id: userId,
      subscription_data: { metadata: { userId, period: 'yearly' } },
      success_url: 'http://localhost:3000/payment?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/payment?checkout=cancelled',
    });
    // Not paid yet: confirm answers with no subscription, and the user is still free.
    expect(await json<SubscriptionResponse>(await c.post('/api/billing/checkout/confirm', { sessionId }))).toEqual({
      subscription: null,
      proGrantedUntil: null,
    });
    expect(await accessOf(ctx, userId)).toBe('free');
  });

  it('at start-up the Stripe prices are checked against the plans file', async () => {
    const env = (extra: Record<string, string> = {}) =>
      createTestDeps(ctx.database, { env: { ...stripeEnv(), ...extra } });
    const runtime = (deps: ReturnType<typeof env>) =>
      createBillingRuntime({ ...deps, sessionSecret: deps.secrets.sessionSecret });
    expect(await runtime(env()).provider.checkPrices?.(runtime(env()).plans)).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), 'plans-'));
    const file = join(dir, 'plans.json');
    writeFileSync(
      file,
      JSON.stringify({
        plans: [
          { period: 'week', amount: 799, currency: 'usd' },
          { period: 'monthly', amount: 1999, currency: 'usd' },
          { period: '3month', amount: 3999, currency: 'usd' },
          { period: 'yearly', amount: 5499, currency: 'usd' },
        ],
      }),
    );
    const swapped = runtime(env({ PLANS_FILE: file, STRIPE_PRICE_YEARLY: 'price_monthly' }));
    rmSync(dir, { recursive: true, force: true }); // read at start, as the server reads it
    expect(await swapped.provider.checkPrices?.(swapped.plans)).toEqual([
      'week: Stripe price price_week is 699 usd, the plans file says 799 usd',
      'yearly: Stripe price price_monthly is 1999 usd, the plans file says 5499 usd',
      'yearly: Stripe price price_monthly does not renew every 1 year',
    ]);
  });

  it('the three checkout events make the user Pro with one subscription record', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId, userId } = await startCheckout(c, 'monthly');
    const events = await stripe.completeCheckout(sessionId);
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    await deliverAll(app, events);
    const id = subscriptionIdOf(events);
    const record = await recordOf(ctx, userId);
    const item = (stripe.subscription(id) as { items: { data: { current_period_end: number }[] } }).items.data[0];
    expect(record).toMatchObject({
      provider: 'stripe',
      subscriptionId: id,
      status: 'active',
      period: 'monthly',
      amount: 1999,
      currency: 'usd',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date((item?.current_period_end ?? 0) * 1000),
    });
    expect(await accessOf(ctx, userId)).toBe('pro');
    // Returning from checkout afterwards shows the same record.
    const confirmed = await json<SubscriptionResponse>(await c.post('/api/billing/checkout/confirm', { sessionId }));
    expect(confirmed.subscription).toMatchObject({ period: 'monthly', status: 'active', entitled: true });
  });

  it('refuses a bad signature, a stale timestamp and a re-serialized body, and changes nothing', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId, userId } = await startCheckout(c);
    const [completed] = await stripe.completeCheckout(sessionId);
    if (!completed) throw new Error('no event');
    const payload = JSON.stringify(completed);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    await expectError(
      await deliver(app, completed, { secret: 'whsec_someone_else' }),
      400,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    await expectError(await deliver(app, completed, { timestamp: stale }), 400, 'WEBHOOK_SIGNATURE_INVALID');
    const reserialized = JSON.stringify(JSON.parse(payload), null, 2);
    await expectError(await postWebhook(app, reserialized, good), 400, 'WEBHOOK_SIGNATURE_INVALID');
    await expectError(await postWebhook(app, payload, ''), 400, 'WEBHOOK_SIGNATURE_INVALID');

    expect(await ctx.database.db.select().from(billingEvents).where(eq(billingEvents.id, completed.id))).toEqual([]);
    expect(await recordOf(ctx, userId)).toBeUndefined();
    expect(await accessOf(ctx, userId)).toBe('free');
    // The genuine delivery still works afterwards.
    expect((await postWebhook(app, payload, good)).status).toBe(200);
    expect(await accessOf(ctx, userId)).toBe('pro');
  });

  it('the same event delivered 10 times in parallel changes state once', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId, userId } = await startCheckout(c);
    const events = await stripe.completeCheckout(sessionId);
    const created = events.find((e) => e.type === 'customer.subscription.created');
    if (!created) throw new Error('no event');
    const id = subscriptionIdOf(events);
    const before = retrievals(id);

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(app, created)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const results = await Promise.all(answers.map(async (r) => ((await r.json()) as { result: string }).result));
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);
    expect(retrievals(id) - before).toBe(1);
    expect(await ctx.database.db.select().from(billingEvents).where(eq(billingEvents.id, created.id))).toHaveLength(1);
    expect((await recordOf(ctx, userId))?.revision).toBe(1);
    expect(await accessOf(ctx, userId)).toBe('pro');
  });

  it('cancel keeps Pro until the period ends; the deletion event then makes the user free', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId, userId } = await startCheckout(c, 'week');
    const events = await stripe.completeCheckout(sessionId);
    await deliverAll(app, events);
    const id = subscriptionIdOf(events);

    const cancelled = await json<SubscriptionResponse>(await c.post('/api/billing/cancel'));
    expect(cancelled.subscription).toMatchObject({ cancelAtPeriodEnd: true, entitled: true });
    expect(stripe.subscription(id)).toMatchObject({ cancel_at_period_end: true });
    expect(await accessOf(ctx, userId)).toBe('pro');

    // Stripe's own update event for the same change is harmless.
    const updates = stripe.events.filter(
      (e) => e.type === 'customer.subscription.updated' && (e.data.object as { id: string }).id === id,
    );
    expect(updates).toHaveLength(1);
    await deliverAll(app, updates);
    expect(await accessOf(ctx, userId)).toBe('pro');

    await deliverAll(app, await stripe.endPeriod(id));
    expect(await accessOf(ctx, userId)).toBe('free');
    expect(await recordOf(ctx, userId)).toMatchObject({ status: 'canceled', subscriptionId: id });
  });

  it('a failed renewal keeps Pro while Stripe retries (past_due); the end of the subscription ends it', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId, userId } = await startCheckout(c);
    const events = await stripe.completeCheckout(sessionId);
    await deliverAll(app, events);
    const id = subscriptionIdOf(events);
    const failed = await stripe.failPayment(id);
    expect(failed.map((e) => e.type)).toContain('invoice.payment_failed');
    await deliverAll(app, failed);
    expect(await recordOf(ctx, userId)).toMatchObject({ status: 'past_due' });
    expect(await accessOf(ctx, userId)).toBe('pro');
    await deliverAll(app, await stripe.cancelNow(id));
    expect(await accessOf(ctx, userId)).toBe('free');
  });

  it('Pro → free takes effect on the very next chat request', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    const { sessionId } = await startCheckout(c);
    const events = await stripe.completeCheckout(sessionId);
    await deliverAll(app, events);
    const first = await chat(c, sendBody(newId('t'), 'hello', 'gpt-4o'));
    expect(first.res.status).toBe(200);

    await deliverAll(app, await stripe.cancelNow(subscriptionIdOf(events)));
    const next = await chat(c, sendBody(newId('t'), 'hello again', 'gpt-4o'));
    expect({ status: next.res.status, code: JSON.parse(next.raw).error.code }).toEqual({
      status: 403,
      code: 'MODEL_REQUIRES_PRO',
    });
  });

  it('the Customer Portal opens for the subscription’s customer', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    await expectError(await c.post('/api/billing/portal'), 404, 'NO_SUBSCRIPTION');
    const { sessionId, userId } = await startCheckout(c);
    await deliverAll(app, await stripe.completeCheckout(sessionId));
    const { url } = await json<{ url: string }>(await c.post('/api/billing/portal'));
    expect(url.startsWith(`${stripe.url}/billing_portal/`)).toBe(true);
    const portal = stripe.requests.findLast((r) => r.path === '/v1/billing_portal/sessions');
    expect(portal?.body).toMatchObject({
      customer: (await recordOf(ctx, userId))?.customerId,
      return_url: 'http://localhost:3000/settings/my-plan',
    });
  });

  it('Stripe being down is a clear 503, and an event that failed is handled when redelivered', async () => {
    const { app, mailer } = setup(ctx);
    const c = await signedInUser(app, mailer);
    stripe.failNextRequests(3);
    await expectError(await c.post('/api/billing/checkout', { period: 'week' }), 503, 'PAYMENTS_UNAVAILABLE');

    const { sessionId, userId } = await startCheckout(c);
    const events = await stripe.completeCheckout(sessionId);
    const created = events.find((e) => e.type === 'customer.subscription.created');
    if (!created) throw new Error('no event');
    stripe.failNextRequests(3);
    await expectError(await deliver(app, created), 503, 'PAYMENTS_UNAVAILABLE');
    expect(await ctx.database.db.select().from(billingEvents).where(eq(billingEvents.id, created.id))).toEqual([]);
    expect(await accessOf(ctx, userId)).toBe('free');
    expect((await deliver(app, created)).status).toBe(200);
    expect(await accessOf(ctx, userId)).toBe('pro');
  });

  it('over real HTTP: Stripe’s checkout page pays, its signed webhooks reach the server, the portal cancels', async () => {
    let app: App | undefined;
    const server = serve({ fetch: (req) => (app as App).fetch(req), hostname: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const live = await startStripeFake({
      prices: PRICES,
      webhook: { url: `http://127.0.0.1:${port}/api/billing/webhook`, secret: WEBHOOK_SECRET },
    });
    try {
      const mailer = captureMailer();
      app = createTestApp(ctx.database, { mailer, env: { ...stripeEnv(), STRIPE_API_URL: live.url } });
      const c = await signedInUser(app, mailer);
      const userId = (await json<Profile>(await c.get('/api/me'))).id;
      const { url } = await json<{ url: string }>(await c.post('/api/billing/checkout', { period: '3month' }));
      const sessionId = url.split('/').pop() ?? '';
      expect(await (await fetch(url)).text()).toContain('Pay');

      const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `http://localhost:3000/payment?checkout=success&session_id=${sessionId}`,
      );
      // The stand-in POSTed three signed events through the Node HTTP adapter, raw body and all.
      expect(live.deliveries.map((d) => [d.type, d.status])).toEqual([
        ['checkout.session.completed', 200],
        ['customer.subscription.created', 200],
        ['invoice.paid', 200],
      ]);
      expect(await recordOf(ctx, userId)).toMatchObject({ period: '3month', amount: 3999, status: 'active' });
      expect(await accessOf(ctx, userId)).toBe('pro');

      // Manage subscription: the Customer Portal's "Cancel at period end" comes back as a webhook.
      const portal = await json<{ url: string }>(await c.post('/api/billing/portal'));
      const sub = (await recordOf(ctx, userId))?.subscriptionId ?? '';
      const cancel = await fetch(`${portal.url}/subscriptions/${sub}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(cancel.status).toBeLessThan(400);
      await live.flushWebhooks();
      expect(await recordOf(ctx, userId)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
      expect(await accessOf(ctx, userId)).toBe('pro');
    } finally {
      await live.close();
      server.close();
    }
  });

  it('any arrival order of the events ends in the state Stripe holds (property)', async () => {
    const { app, mailer } = setup(ctx);
    // What can happen to a subscription after checkout, in Stripe's order of events.
    const actions = ['cancelAtPeriodEnd', 'resume', 'failPayment', 'endPeriod', 'cancelNow', 'checkoutAgain'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...actions), { maxLength: 5 }),
        fc.infiniteStream(fc.nat()),
        async (script, shuffleSeeds) => {
          const c = await signedInUser(app, mailer);
          const first = await startCheckout(c, 'monthly');
          const events = await stripe.completeCheckout(first.sessionId);
          const owned = [subscriptionIdOf(events)];
          for (const action of script) {
            const current = owned.at(-1) as string;
            const state = stripe.subscription(current) as { status: string; cancel_at_period_end: boolean };
            const live = state.status !== 'canceled';
            if (action === 'checkoutAgain' && !live) {
              // A new subscription after the old one ended: the API allows it because no events came yet.
              const next = await startCheckout(c, 'yearly');
              const more = await stripe.completeCheckout(next.sessionId);
              owned.push(subscriptionIdOf(more));
              events.push(...more);
            }
            if (!live) continue;
            if (action === 'cancelAtPeriodEnd') events.push(...(await stripe.setCancelAtPeriodEnd(current, true)));
            if (action === 'resume') events.push(...(await stripe.setCancelAtPeriodEnd(current, false)));
            // Stripe makes no renewal attempt for a subscription that ends at its period end.
            if (action === 'failPayment' && !state.cancel_at_period_end) {
              events.push(...(await stripe.failPayment(current)));
            }
            if (action === 'endPeriod') events.push(...(await stripe.endPeriod(current)));
            if (action === 'cancelNow') events.push(...(await stripe.cancelNow(current)));
          }
          // Deliver in a shuffled order, with one event delivered twice.
          const seeds = shuffleSeeds.take(events.length + 1)[Symbol.iterator]();
          const order = [...events, events[(seeds.next().value as number) % events.length] as StripeEventObject]
            .map((event) => ({ event, key: seeds.next().value ?? 0 }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.event);
          await deliverAll(app, order);

          const entitledStatuses = ['active', 'trialing', 'past_due'];
          const statusOf = (id: string) => (stripe.subscription(id) as { status: string }).status;
          const latest = owned.at(-1) as string;
          const record = await recordOf(ctx, first.userId);
          if (entitledStatuses.includes(statusOf(latest))) {
            // The one live subscription holds the record, whatever came last.
            const final = stripe.subscription(latest) as { status: string; cancel_at_period_end: boolean };
            expect(record).toMatchObject({
              subscriptionId: latest,
              status: final.status,
              cancelAtPeriodEnd: final.cancel_at_period_end,
            });
            expect(await accessOf(ctx, first.userId)).toBe('pro');
          } else {
            // All ended: the record is one of them, as Stripe holds it, and the user is free.
            expect(owned).toContain(record?.subscriptionId);
            expect(record?.status).toBe(statusOf(record?.subscriptionId ?? ''));
            expect(await accessOf(ctx, first.userId)).toBe('free');
          }
        },
      ),
      { numRuns: 15 },
    );
    // Fifteen whole purchase scripts over HTTP: ~3 s alone, far longer on a busy 2-core machine.
  }, 120_000);
});
