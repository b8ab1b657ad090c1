import { type StripeEventObject, type StripeFake, startStripeFake } from '@polymath/provider-fakes';
import type { Profile, SubscriptionResponse } from '@polymath/shared';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import { sandboxObjects, subscriptions, users } from '../src/db/schema/index.ts';
import { type BillingRuntime, createBillingRuntime } from '../src/features/billing/billing-runtime.ts';
import { sweepExpiredSubscriptions } from '../src/features/billing/billing-sweep.ts';
import type { SandboxSubscription } from '../src/features/billing/sandbox/sandbox-objects.ts';
import { createSandboxProvider } from '../src/features/billing/sandbox/sandbox-provider.ts';
import { createLogger, type Logger } from '../src/lib/logger.ts';
import { AUTH_TEST_ENV, captureMailer, client, expectError, signedInUser, type TestClient } from './auth-helpers.ts';
import { buyThroughSandbox, json, stripeTestEnv, WEBHOOK_SECRET } from './billing-helpers.ts';
import { createTestDeps, type DatabaseContext, describeEachDatabase } from './databases.ts';

let stripe: StripeFake;
beforeAll(async () => {
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
});

const stripeEnv = () => ({ ...AUTH_TEST_ENV, ...stripeTestEnv(stripe.url) });

/** An app with its billing runtime at hand (sandbox without Stripe keys, Stripe with them). */
function setup(ctx: DatabaseContext, env: Record<string, string> = AUTH_TEST_ENV, logger?: Logger) {
  const mailer = captureMailer();
  const deps = createTestDeps(ctx.database, { env, mailer, ...(logger ? { logger } : {}) });
  const billing = createBillingRuntime({ ...deps, sessionSecret: deps.secrets.sessionSecret });
  return { app: createApp({ ...deps, billing }), billing, mailer };
}

const profileOf = async (c: TestClient) => json<Profile>(await c.get('/api/me'));
const myPlan = async (c: TestClient) =>
  (await json<SubscriptionResponse>(await c.get('/api/billing/subscription'))).subscription;

async function sandboxSubscriptions(ctx: DatabaseContext, userId: string) {
  const rows = await ctx.database.db
    .select()
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.userId, userId), eq(sandboxObjects.kind, 'subscription')));
  return rows.map((r) => r.data as SandboxSubscription);
}

function deliver(app: App, event: StripeEventObject) {
  const payload = JSON.stringify(event);
  return app.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
}

/** A person who paid two Stripe checkouts (monthly, then week); the events of each, not yet delivered. */
async function twoPaidCheckouts(ctx: DatabaseContext, logger?: Logger) {
  const s = setup(ctx, stripeEnv(), logger);
  const c = await signedInUser(s.app, s.mailer);
  const me = await profileOf(c);
  const start = async (period: string) =>
    (await json<{ url: string }>(await c.post('/api/billing/checkout', { period }))).url.split('/').pop() ?? '';
  const monthly = await start('monthly');
  const week = await start('week');
  const first = await stripe.completeCheckout(monthly);
  const second = await stripe.completeCheckout(week);
  return { ...s, c, me, first, second };
}

const idOf = (events: StripeEventObject[]) =>
  (events.find((e) => e.type === 'customer.subscription.created')?.data.object as { id?: string } | undefined)?.id ??
  '';

/** The paid invoice among a checkout's events and the PaymentIntent that paid it (read through the SDK). */
async function paymentOf(events: StripeEventObject[]) {
  const invoice = events.find((e) => e.type === 'invoice.paid')?.data.object as { id: string; amount_paid: number };
  const api = new Stripe('sk_test_polymath', { host: stripe.host, port: stripe.port, protocol: stripe.protocol });
  const [payment] = (await api.invoicePayments.list({ invoice: invoice.id, status: 'paid' })).data;
  const paymentIntent = String(payment?.payment.payment_intent);
  const charge = String((await api.paymentIntents.retrieve(paymentIntent)).latest_charge);
  return { amountPaid: invoice.amount_paid, paymentIntent, charge: () => api.charges.retrieve(charge) };
}

const refundsOf = (paymentIntent: string) => stripe.refunds().filter((r) => r.payment_intent === paymentIntent);
const refundRequests = (paymentIntent: string) =>
  stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === paymentIntent);

describeEachDatabase('one live subscription per person', { exercises: ['locks'] }, (ctx) => {
  it('sandbox: of two open checkouts only the newest can be paid; My Plan shows it', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    const first = await json<{ url: string }>(await c.post('/api/billing/checkout', { period: 'monthly' }));
    const second = await json<{ url: string }>(await c.post('/api/billing/checkout', { period: 'week' }));
    const firstId = first.url.split('/').pop() ?? '';
    const secondId = second.url.split('/').pop() ?? '';

    // The first page now says its checkout is over, and paying it starts nothing.
    expect((await json<{ status: string }>(await c.get(`/api/billing/sandbox/checkout/${firstId}`))).status).toBe(
      'expired',
    );
    await json(await c.post(`/api/billing/sandbox/checkout/${firstId}/complete`));
    expect((await profileOf(c)).accessLevel).toBe('free');
    await json(await c.post(`/api/billing/sandbox/checkout/${secondId}/complete`));
    const { id } = await profileOf(c);
    expect((await profileOf(c)).accessLevel).toBe('pro');
    expect(await myPlan(c)).toMatchObject({ period: 'week', entitled: true });
    expect((await sandboxSubscriptions(ctx, id)).map((sub) => sub.status)).toEqual(['active']);
  });

  it('sandbox: a second subscription that appears anyway is refused at once; cancel then stops the only one', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    const me = await profileOf(c);
    const sandbox = s.billing.sandbox as NonNullable<BillingRuntime['sandbox']>;
    // Two sessions made straight at the provider (as two tabs racing past the checkout route would).
    const input = (period: 'monthly' | 'week') => ({
      userId: me.id,
      email: me.email,
      customerId: undefined,
      period,
      successUrl: 'http://localhost:3000/payment?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/payment',
    });
    const a = await sandbox.createCheckout(input('monthly'));
    const b = await sandbox.createCheckout(input('week'));
    await sandbox.completeCheckout(a.id, me.id);
    await sandbox.completeCheckout(b.id, me.id);

    const subs = await sandboxSubscriptions(ctx, me.id);
    expect(subs.map((sub) => [sub.items.data[0]?.price.id, sub.status]).sort()).toEqual([
      ['price_sbx_monthly', 'active'],
      ['price_sbx_week', 'canceled'],
    ]);
    expect(await myPlan(c)).toMatchObject({ period: 'monthly', status: 'active', entitled: true });

    await json(await c.post('/api/billing/cancel'));
    await json(await c.post('/api/billing/sandbox/clock/advance'));
    expect((await profileOf(c)).accessLevel).toBe('free');
    expect((await sandboxSubscriptions(ctx, me.id)).filter((sub) => sub.status !== 'canceled')).toEqual([]);
  });

  it('Stripe: two paid checkouts — the second subscription is refunded in full and cancelled at once, the record keeps the first', async () => {
    const s = await twoPaidCheckouts(ctx);
    const { c, me, first, second } = s;
    // The first subscription's events arrive first: it holds the record.
    for (const event of [...first, ...second]) expect((await deliver(s.app, event)).status).toBe(200);
    await stripe.flushWebhooks();

    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${idOf(second)}`)).toBe(
      true,
    );
    expect(stripe.subscription(idOf(second))).toMatchObject({ status: 'canceled' });
    expect(stripe.subscription(idOf(first))).toMatchObject({ status: 'active' });
    // The person does not pay for the duplicate: its whole payment is back; the first one's is untouched.
    const duplicate = await paymentOf(second);
    expect(duplicate.amountPaid).toBe(699);
    expect(refundsOf(duplicate.paymentIntent)).toEqual([
      expect.objectContaining({
        amount: 699,
        currency: 'usd',
        status: 'succeeded',
        reason: 'duplicate',
        metadata: { subscription: idOf(second) },
      }),
    ]);
    expect(await duplicate.charge()).toMatchObject({ amount_refunded: 699, refunded: true });
    expect(refundsOf((await paymentOf(first)).paymentIntent)).toEqual([]);
    const [record] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(record).toMatchObject({ subscriptionId: idOf(first), period: 'monthly', status: 'active', amount: 1999 });
    expect((await profileOf(c)).accessLevel).toBe('pro');

    // Delivered again (same events, and the same news in new events): nothing is refunded twice.
    for (const event of second) {
      expect(await json<{ result: string }>(await deliver(s.app, event))).toMatchObject({ result: 'duplicate' });
      const anew = { ...event, id: `${event.id}_again` };
      expect((await deliver(s.app, anew)).status).toBe(200);
    }
    // Ending the duplicate again (two syncs racing) replays the refund and finds it cancelled already.
    const again = await s.billing.provider.cancelDuplicate(idOf(second));
    expect(again).toEqual({
      refunded: [expect.objectContaining({ payment: duplicate.paymentIntent, amount: 699, currency: 'usd' })],
      notRefunded: [],
    });
    expect(again.refunded[0]?.refund).toBe(refundsOf(duplicate.paymentIntent)[0]?.id);
    expect(refundsOf(duplicate.paymentIntent)).toHaveLength(1);

    // The cancelled one's own events change nothing.
    const cancelled = await json<SubscriptionResponse>(await c.post('/api/billing/cancel'));
    expect(cancelled.subscription).toMatchObject({ period: 'monthly', cancelAtPeriodEnd: true });
    expect(stripe.subscription(idOf(first))).toMatchObject({ cancel_at_period_end: true });
  });

  it('Stripe: when the cancel fails after the refund, the retried webhook cancels and does not refund again', async () => {
    const s = await twoPaidCheckouts(ctx);
    const { me, first, second } = s;
    for (const event of first) expect((await deliver(s.app, event)).status).toBe(200);
    const duplicate = await paymentOf(second);
    // Stripe is down for the cancel only (the SDK tries three times).
    stripe.failNextRequests(3, 500, (r) => r.method === 'DELETE');
    const [completed, ...rest] = second;
    if (!completed) throw new Error('no checkout event');
    expect((await deliver(s.app, completed)).status).toBe(503);
    expect(refundsOf(duplicate.paymentIntent)).toHaveLength(1);
    expect(stripe.subscription(idOf(second))).toMatchObject({ status: 'active' });

    // Stripe retries the delivery: still live, so still a duplicate; the refund is replayed, not made again.
    expect(await json<{ result: string }>(await deliver(s.app, completed))).toMatchObject({ result: 'refused' });
    for (const event of rest) expect((await deliver(s.app, event)).status).toBe(200);
    expect(stripe.subscription(idOf(second))).toMatchObject({ status: 'canceled' });
    expect(refundRequests(duplicate.paymentIntent)).toHaveLength(2);
    expect(refundsOf(duplicate.paymentIntent)).toEqual([expect.objectContaining({ amount: 699 })]);
    const [record] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, me.id));
    expect(record).toMatchObject({ subscriptionId: idOf(first), status: 'active' });
  });

  it('Stripe: a refund Stripe refuses is logged for an operator; the duplicate is still cancelled and the webhook succeeds', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const s = await twoPaidCheckouts(ctx, logger);
    for (const event of s.first) expect((await deliver(s.app, event)).status).toBe(200);
    const duplicate = await paymentOf(s.second);
    stripe.failNextRequests(1, 400, (r) => r.path === '/v1/refunds');
    for (const event of s.second) expect((await deliver(s.app, event)).status).toBe(200);

    expect(stripe.subscription(idOf(s.second))).toMatchObject({ status: 'canceled' });
    expect(refundsOf(duplicate.paymentIntent)).toEqual([]);
    const refused = lines.map((line) => JSON.parse(line)).find((l) => l.msg?.includes('refused to refund'));
    expect(refused).toMatchObject({
      level: 50,
      subscriptionId: idOf(s.second),
      notRefunded: [{ payment: duplicate.paymentIntent, amount: 699, currency: 'usd' }],
    });
  });

  it('a sandbox subscription ends at its period end once the server runs with Stripe keys', async () => {
    const sandboxApp = setup(ctx);
    const c = await signedInUser(sandboxApp.app, sandboxApp.mailer);
    const bought = await buyThroughSandbox(c, 'week');
    const { id } = await profileOf(c);
    const end = new Date(bought.subscription?.currentPeriodEnd ?? 0);

    const stripeApp = setup(ctx, stripeEnv());
    // Before the end: still Pro, and a Stripe checkout is possible (the sandbox's Pro was a test).
    expect(await sweepExpiredSubscriptions(stripeApp.billing, new Date(end.getTime() - 60_000))).toBe(0);
    const [before] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(before?.accessLevel).toBe('pro');

    // Past the end (and Stripe's grace hour): ended here, since Stripe has never heard of it.
    await sweepExpiredSubscriptions(stripeApp.billing, new Date(end.getTime() + 2 * 3_600_000));
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(after?.accessLevel).toBe('free');
    const [record] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(record).toMatchObject({ provider: 'sandbox', status: 'canceled' });
  });

  it('in Stripe mode a leftover sandbox subscription does not block checkout, and cancel works on it', async () => {
    const sandboxApp = setup(ctx);
    const c = await signedInUser(sandboxApp.app, sandboxApp.mailer);
    await buyThroughSandbox(c, 'monthly');
    const stripeApp = setup(ctx, stripeEnv());
    const same = client(stripeApp.app, { jar: c.jar });
    const cancelled = await json<SubscriptionResponse>(await same.post('/api/billing/cancel'));
    expect(cancelled.subscription).toMatchObject({ provider: 'sandbox', cancelAtPeriodEnd: true, entitled: true });
    const started = await json<{ url: string }>(await same.post('/api/billing/checkout', { period: 'yearly' }));
    expect(started.url.startsWith(`${stripe.url}/checkout/`)).toBe(true);
    await expectError(await c.post('/api/billing/checkout', { period: 'week' }), 409, 'ALREADY_SUBSCRIBED');
  });
});

describeEachDatabase('the sandbox billing calendar', { exercises: ['locks'] }, (ctx) => {
  it('31 January + 1 month is 28 February, then 31 March (as Stripe), not 3 March', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    const me = await profileOf(c);
    let clock = Date.parse('2026-01-31T10:00:00Z') / 1000;
    const sandbox = createSandboxProvider({
      db: ctx.database.db,
      plans: s.billing.plans,
      publicUrl: 'http://localhost:3000',
      sessionSecret: 'x'.repeat(32),
      deliver: async () => undefined,
      now: () => clock,
    });
    const session = await sandbox.createCheckout({
      userId: me.id,
      email: me.email,
      customerId: undefined,
      period: 'monthly',
      successUrl: 'http://localhost:3000/payment',
      cancelUrl: 'http://localhost:3000/payment',
    });
    await sandbox.completeCheckout(session.id, me.id);
    const end = async () => {
      const [sub] = await sandboxSubscriptions(ctx, me.id);
      return new Date((sub?.items.data[0]?.current_period_end ?? 0) * 1000).toISOString();
    };
    expect(await end()).toBe('2026-02-28T10:00:00.000Z');
    clock = Date.parse('2026-02-28T10:00:00Z') / 1000;
    await sandbox.advanceClock(me.id);
    expect(await end()).toBe('2026-03-31T10:00:00.000Z');
  });
});
