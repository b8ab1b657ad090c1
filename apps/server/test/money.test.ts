/**
 * The console's money (issue 28 part 4, decision 039): subscriptions' starts, cancellations and ends
 * as they happen, live subscriptions and MRR from the plans' prices, refunds made and refused by
 * Stripe (stored with its reason, retried), and webhook deliveries that failed.
 */
import { type StripeEventObject, type StripeFake, startStripeFake } from '@polymath/provider-fakes';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, createApp } from '../src/app.ts';
import { createBillingRuntime } from '../src/features/billing/billing-runtime.ts';
import {
  listRefunds,
  listWebhookFailures,
  moneyReport,
  retryRefund,
  subscriptionChangesOf,
} from '../src/features/billing/money.service.ts';
import { AppError } from '../src/lib/app-error.ts';
import { AUTH_TEST_ENV, captureMailer, signedInUser } from './auth-helpers.ts';
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

function setup(ctx: DatabaseContext, env: Record<string, string> = AUTH_TEST_ENV) {
  const mailer = captureMailer();
  const deps = createTestDeps(ctx.database, { env, mailer });
  const billing = createBillingRuntime({ ...deps, sessionSecret: deps.secrets.sessionSecret });
  return { app: createApp({ ...deps, billing }), billing, mailer };
}

function deliver(app: App, event: StripeEventObject, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return app.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

const changes = async (ctx: DatabaseContext, userId: string) =>
  (
    (await ctx.database.db.execute(
      sql`select change, period from subscription_changes where user_id = ${userId} order by id`,
    )) as unknown as { rows: { change: string; period: string }[] }
  ).rows;

it('changes between two records: started, cancel requested, resumed, ended', () => {
  const base = {
    subscriptionId: 's1',
    status: 'active',
    cancelAtPeriodEnd: false,
    period: 'monthly',
    amount: 1999,
    currency: 'usd',
    provider: 'stripe',
  };
  const changed = (a: typeof base | undefined, b: typeof base) => subscriptionChangesOf(a, b).map((c) => c.change);
  expect(changed(undefined, base)).toEqual(['started']);
  expect(changed(undefined, { ...base, status: 'incomplete' })).toEqual([]);
  expect(changed(base, { ...base, cancelAtPeriodEnd: true })).toEqual(['cancel_requested']);
  expect(changed({ ...base, cancelAtPeriodEnd: true }, base)).toEqual(['resumed']);
  expect(
    changed({ ...base, cancelAtPeriodEnd: true }, { ...base, status: 'canceled', cancelAtPeriodEnd: true }),
  ).toEqual(['ended']);
  expect(changed(base, { ...base, subscriptionId: 's2' })).toEqual(['ended', 'started']);
  expect(changed(base, base)).toEqual([]);
});

describeEachDatabase('money', { exercises: ['locks'] }, (ctx) => {
  it('sandbox: a purchase, a cancellation and a resume are counted per day; live subscriptions and MRR', async () => {
    const s = setup(ctx);
    const c = await signedInUser(s.app, s.mailer);
    await buyThroughSandbox(c, 'yearly');
    const me = await json<{ id: string }>(await c.get('/api/me'));
    await json(await c.post('/api/billing/cancel'));
    await json(await c.post('/api/billing/resume'));
    expect(await changes(ctx, me.id)).toEqual([
      { change: 'started', period: 'yearly' },
      { change: 'cancel_requested', period: 'yearly' },
      { change: 'resumed', period: 'yearly' },
    ]);
    const report = await moneyReport(ctx.database.db, s.billing.plans, { days: 7 });
    expect(report.daily).toHaveLength(7);
    expect(report.daily.at(-1)).toMatchObject({ started: 1, cancelRequested: 1, ended: 0 });
    expect(report.live).toEqual([{ period: 'yearly', count: 1 }]);
    // 5,499 cents a year is 458 cents a month.
    expect(report.mrr).toEqual({ amount: 458, currency: 'usd' });
  });

  it('Stripe: a refused refund is stored with its reason, retried by an operator, and not made twice', async () => {
    const s = setup(ctx, { ...AUTH_TEST_ENV, ...stripeTestEnv(stripe.url) });
    const c = await signedInUser(s.app, s.mailer);
    const start = async (period: string) =>
      (await json<{ url: string }>(await c.post('/api/billing/checkout', { period }))).url.split('/').pop() ?? '';
    const monthly = await start('monthly');
    const week = await start('week');
    const first = await stripe.completeCheckout(monthly);
    const second = await stripe.completeCheckout(week);
    for (const event of first) expect((await deliver(s.app, event)).status).toBe(200);
    stripe.failNextRequests(1, 400, (r) => r.path === '/v1/refunds');
    for (const event of second) expect((await deliver(s.app, event)).status).toBe(200);

    const refused = await listRefunds(ctx.database.db, { limit: 10, status: 'refused' });
    expect(refused.items).toHaveLength(1);
    const [row] = refused.items;
    expect(row).toMatchObject({ provider: 'stripe', status: 'refused', amount: 699, currency: 'usd', attempts: 1 });
    expect(row?.payment).toMatch(/^pi_/);
    expect(row?.reason).toBeTruthy();
    expect(stripe.refunds().filter((r) => r.payment_intent === row?.payment)).toEqual([]);

    const { before, after } = await retryRefund(ctx.database.db, s.billing.provider, row?.id ?? '');
    expect(before.status).toBe('refused');
    expect(after).toMatchObject({ status: 'refunded', reason: null, attempts: 2 });
    expect(after.refundId).toMatch(/^re_/);
    expect(stripe.refunds().filter((r) => r.payment_intent === row?.payment)).toHaveLength(1);
    await expect(retryRefund(ctx.database.db, s.billing.provider, row?.id ?? '')).rejects.toMatchObject({
      code: 'ALREADY_REFUNDED',
    });
    await expect(retryRefund(ctx.database.db, s.billing.provider, '999999')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(stripe.refunds().filter((r) => r.payment_intent === row?.payment)).toHaveLength(1);
    // The duplicate never took the record: one start, for the monthly plan.
    const me = await json<{ id: string }>(await c.get('/api/me'));
    expect(await changes(ctx, me.id)).toEqual([{ change: 'started', period: 'monthly' }]);
  });

  it('webhook deliveries that failed: a bad signature counted per day, a failed event until its redelivery works', async () => {
    const s = setup(ctx, { ...AUTH_TEST_ENV, ...stripeTestEnv(stripe.url) });
    const c = await signedInUser(s.app, s.mailer);
    const session = (await json<{ url: string }>(await c.post('/api/billing/checkout', { period: 'week' }))).url
      .split('/')
      .pop();
    const events = await stripe.completeCheckout(session ?? '');
    const event = events.find((e) => e.type === 'customer.subscription.created') as StripeEventObject;

    expect((await deliver(s.app, event, 'whsec_wrong')).status).toBe(400);
    expect((await deliver(s.app, event, 'whsec_wrong')).status).toBe(400);
    // Stripe is down for a while (the SDK's own retries fail too).
    stripe.failNextRequests(10, 500, (r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions/'));
    expect((await deliver(s.app, event)).status).toBe(503);
    stripe.failNextRequests(0);

    let failures = (await listWebhookFailures(ctx.database.db, { limit: 50 })).items;
    const signature = failures.find((f) => f.reason === 'signature');
    expect(signature).toMatchObject({ provider: 'stripe', attempts: 2, eventId: null });
    expect(signature?.error).not.toContain('whsec_wrong');
    const handling = failures.find((f) => f.eventId === event.id);
    expect(handling).toMatchObject({ reason: 'handling', eventType: event.type, resolvedAt: null, attempts: 1 });

    expect((await deliver(s.app, event)).status).toBe(200);
    failures = (await listWebhookFailures(ctx.database.db, { limit: 50 })).items;
    expect(failures.find((f) => f.eventId === event.id)?.resolvedAt).not.toBeNull();
  });

  it('lists page by keyset; a cursor the server did not make is a 400', async () => {
    await ctx.database.db.execute(sql`insert into refunds (provider, subscription_id, payment, amount, currency, status, reason, created_at)
      values ('stripe', 'sub_a', 'pi_page_1', 100, 'usd', 'refused', 'x', now() - interval '1 hour'),
             ('stripe', 'sub_b', 'pi_page_2', 100, 'usd', 'refused', 'y', now() - interval '2 hours'),
             ('stripe', 'sub_c', 'pi_page_3', 100, 'usd', 'refunded', null, now() - interval '3 hours')`);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listRefunds(ctx.database.db, { limit: 1, cursor });
      seen.push(...page.items.map((r) => r.payment));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const mine = seen.filter((p) => p.startsWith('pi_page_'));
    expect(mine).toEqual(['pi_page_1', 'pi_page_2', 'pi_page_3']);
    expect(new Set(seen).size).toBe(seen.length);
    await expect(listRefunds(ctx.database.db, { limit: 1, cursor: 'nonsense' })).rejects.toBeInstanceOf(AppError);
  });
});
