/** The Stripe stand-in driven by the real stripe SDK: checkout, subscriptions, portal, errors, webhooks, pages. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { type StripeFakeOptions, startStripeFake } from './stripe-fake.ts';
import { STRIPE_API_VERSION, type StripeEventObject } from './stripe-objects.ts';

const SECRET = 'whsec_test_standin';
const START = Date.UTC(2027, 0, 31, 8, 0, 0) / 1000; // Jan 31: the month steps clamp (Feb 28, Mar 31)
const PRICES: StripeFakeOptions['prices'] = {
  price_pro_monthly: { unit_amount: 1999, currency: 'usd', interval: 'month', interval_count: 1 },
  price_team_weekly: { unit_amount: 500, currency: 'eur', interval: 'week', interval_count: 2 },
};

type Received = { raw: string; signature: string; event: Stripe.Event };

/** A webhook endpoint like the server's: verifies the signature with `secret`, 400 when it does not hold. */
async function startReceiver(secret = SECRET) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      try {
        const event = Stripe.webhooks.constructEvent(raw, signature, secret);
        received.push({ raw, signature, event });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    types: () => received.map((r) => r.event.type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(options: Partial<StripeFakeOptions> & { receiverSecret?: string } = {}) {
  const receiver = await startReceiver(options.receiverSecret);
  cleanups.push(receiver.close);
  const clock = { now: START };
  const fake = await startStripeFake({
    prices: PRICES,
    webhook: { url: receiver.url, secret: SECRET },
    now: () => clock.now,
    ...options,
  });
  cleanups.push(() => fake.close());
  const stripe = new Stripe('sk_test_x', { host: fake.host, port: fake.port, protocol: fake.protocol });
  return { fake, stripe, receiver, clock };
}

function checkoutParams(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'subscription',
    line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
    success_url: 'https://app.example/payment?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.example/payment?canceled=1',
    client_reference_id: 'user_42',
    customer_email: 'ada@example.com',
    metadata: { userId: 'user_42' },
    subscription_data: { metadata: { userId: 'user_42', plan: 'pro' } },
    allow_promotion_codes: true,
    ...extra,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

const types = (events: StripeEventObject[]) => events.map((e) => e.type);

describe('checkout and subscriptions through the stripe SDK', () => {
  it('creates a session, pays it, and serves the subscription in API version 2026-10-28 shape', async () => {
    const { fake, stripe, receiver } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      customer: null,
      customer_email: 'ada@example.com',
      client_reference_id: 'user_42',
      metadata: { userId: 'user_42' },
      allow_promotion_codes: true,
      amount_subtotal: 1999,
      amount_total: 1999,
      currency: 'usd',
      created: START,
      expires_at: START + 86_400,
      success_url: 'https://app.example/payment?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example/payment?canceled=1',
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      body: {
        mode: 'subscription',
        line_items: [{ price: 'price_pro_monthly', quantity: '1' }],
        subscription_data: { metadata: { userId: 'user_42', plan: 'pro' } },
        allow_promotion_codes: 'true',
      },
    });

    const events = await fake.completeCheckout(session.id);
    expect(types(events)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(receiver.types()).toEqual(types(events));
    expect(receiver.received.map((r) => r.event.id)).toEqual(events.map((e) => e.id));
    for (const event of events) {
      expect(event).toMatchObject({
        object: 'event',
        api_version: STRIPE_API_VERSION,
        livemode: false,
        created: START,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      expect(event.id).toMatch(/^evt_/);
    }

    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(paid.subscription).toMatch(/^sub_/);
    expect(paid.customer).toMatch(/^cus_/);
    expect(paid.customer_details?.email).toBe('ada@example.com');

    const subscription = await stripe.subscriptions.retrieve(String(paid.subscription));
    expect(subscription).toMatchObject({
      object: 'subscription',
      customer: paid.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: START,
      start_date: START,
      currency: 'usd',
      metadata: { userId: 'user_42', plan: 'pro' },
      livemode: false,
    });
    expect(subscription).not.toHaveProperty('current_period_end');
    const item = subscription.items.data[0];
    expect(item).toMatchObject({
      object: 'subscription_item',
      subscription: subscription.id,
      quantity: 1,
      current_period_start: START,
      current_period_end: Date.UTC(2027, 1, 28, 8, 0, 0) / 1000,
      price: {
        id: 'price_pro_monthly',
        object: 'price',
        unit_amount: 1999,
        currency: 'usd',
        recurring: { interval: 'month', interval_count: 1 },
        type: 'recurring',
        active: true,
      },
    });
    expect(item?.id).toMatch(/^si_/);
    expect(subscription.latest_invoice).toMatch(/^in_/);
    expect(fake.subscription(subscription.id)).toEqual(JSON.parse(JSON.stringify(subscription)));

    const invoice = events[2]?.data.object as unknown as Stripe.Invoice;
    expect(invoice).toMatchObject({
      id: subscription.latest_invoice,
      object: 'invoice',
      customer: paid.customer,
      status: 'paid',
      amount_due: 1999,
      amount_paid: 1999,
      currency: 'usd',
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { userId: 'user_42', plan: 'pro' } },
      },
    });
    expect(invoice.lines.data[0]?.period).toEqual({ start: START, end: item?.current_period_end });
  });

  it('uses the customer given to the session instead of creating one, and expands on request', async () => {
    const { fake, stripe } = await setup();
    const first = await stripe.checkout.sessions.create(checkoutParams());
    await fake.completeCheckout(first.id);
    const customer = String((await stripe.checkout.sessions.retrieve(first.id)).customer);

    const second = await stripe.checkout.sessions.create(checkoutParams({ customer_email: undefined, customer }));
    expect(second.customer).toBe(customer);
    await fake.completeCheckout(second.id);
    const expanded = await stripe.checkout.sessions.retrieve(second.id, {
      expand: ['subscription.latest_invoice', 'customer', 'line_items'],
    });
    const subscription = expanded.subscription as Stripe.Subscription;
    expect(subscription.customer).toBe(customer);
    expect((subscription.latest_invoice as Stripe.Invoice).object).toBe('invoice');
    expect((expanded.customer as Stripe.Customer).email).toBe('ada@example.com');
    expect(expanded.line_items?.data[0]).toMatchObject({ quantity: 1, amount_total: 1999 });
  });

  it('updates cancel_at_period_end through the SDK and delivers customer.subscription.updated', async () => {
    const { fake, stripe, receiver, clock } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const [, created] = await fake.completeCheckout(session.id);
    const id = String(created?.data.object.id);
    const periodEnd = Date.UTC(2027, 1, 28, 8, 0, 0) / 1000;

    clock.now = START + 3600;
    const canceling = await stripe.subscriptions.update(id, {
      cancel_at_period_end: true,
      metadata: { reason: 'too expensive' },
    });
    expect(canceling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: START + 3600,
      status: 'active',
      metadata: { userId: 'user_42', plan: 'pro', reason: 'too expensive' },
    });
    await fake.flushWebhooks();
    const updated = receiver.received.at(-1)?.event;
    expect(updated?.type).toBe('customer.subscription.updated');
    expect(updated?.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { userId: 'user_42', plan: 'pro' },
    });

    // Resuming from the handle; setting the same value again changes nothing and emits nothing.
    const resumed = await fake.setCancelAtPeriodEnd(id, false);
    expect(types(resumed)).toEqual(['customer.subscription.updated']);
    expect(resumed[0]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd });
    expect(fake.subscription(id)).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    expect(await fake.setCancelAtPeriodEnd(id, false)).toEqual([]);

    await fake.setCancelAtPeriodEnd(id, true);
    clock.now = periodEnd;
    const ended = await fake.endPeriod(id);
    expect(types(ended)).toEqual(['customer.subscription.deleted']);
    expect(fake.subscription(id)).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
      cancel_at_period_end: true,
    });
    expect((await stripe.subscriptions.retrieve(id)).status).toBe('canceled');
    await expect(fake.endPeriod(id)).rejects.toThrow(/canceled/);
    expect(receiver.types().at(-1)).toBe('customer.subscription.deleted');
  });

  it('renews, fails a renewal payment, recovers, and cancels now', async () => {
    const { fake, stripe, receiver, clock } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const [, created] = await fake.completeCheckout(session.id);
    const id = String(created?.data.object.id);
    const feb28 = Date.UTC(2027, 1, 28, 8, 0, 0) / 1000;
    const mar31 = Date.UTC(2027, 2, 31, 8, 0, 0) / 1000;
    const apr30 = Date.UTC(2027, 3, 30, 8, 0, 0) / 1000;

    clock.now = feb28;
    const renewed = await fake.endPeriod(id);
    expect(types(renewed)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const [invoicePaid, update] = renewed;
    expect(invoicePaid?.data.object).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 1999,
    });
    const previousItems = update?.data.previous_attributes?.items as Stripe.ApiList<Stripe.SubscriptionItem>;
    expect(previousItems.data[0]).toMatchObject({ current_period_start: START, current_period_end: feb28 });
    expect(update?.data.previous_attributes?.latest_invoice).toBe(created?.data.object.latest_invoice);
    let item = (await stripe.subscriptions.retrieve(id)).items.data[0];
    expect(item).toMatchObject({ current_period_start: feb28, current_period_end: mar31 });

    clock.now = mar31;
    const failed = await fake.failPayment(id);
    expect(types(failed)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(failed[0]?.data.object).toMatchObject({ status: 'open', amount_paid: 0, amount_due: 1999 });
    expect(failed[1]?.data.previous_attributes).toMatchObject({ status: 'active' });
    const pastDue = await stripe.subscriptions.retrieve(id);
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.items.data[0]).toMatchObject({ current_period_start: mar31, current_period_end: apr30 });
    expect(types(await fake.failPayment(id))).toEqual(['invoice.payment_failed']);

    clock.now = apr30;
    await fake.endPeriod(id);
    item = (await stripe.subscriptions.retrieve(id)).items.data[0];
    expect(fake.subscription(id)?.status).toBe('active');
    expect(item?.current_period_end).toBe(Date.UTC(2027, 4, 31, 8, 0, 0) / 1000);

    clock.now = apr30 + 60;
    expect(types(await fake.cancelNow(id))).toEqual(['customer.subscription.deleted']);
    expect(fake.subscription(id)).toMatchObject({ status: 'canceled', canceled_at: apr30 + 60, ended_at: apr30 + 60 });
    expect(receiver.types()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });

  it('computes tax from declared tax rates and intervals of several weeks', async () => {
    const { fake, stripe } = await setup({ taxRates: { txr_vat: { percentage: 20, inclusive: false } } });
    const session = await stripe.checkout.sessions.create(
      checkoutParams({
        line_items: [{ price: 'price_team_weekly', quantity: 3 }],
        subscription_data: { default_tax_rates: ['txr_vat'] },
      }),
    );
    expect(session).toMatchObject({ amount_subtotal: 1500, amount_total: 1800, currency: 'eur' });
    expect(session.total_details?.amount_tax).toBe(300);
    const [, created, paid] = await fake.completeCheckout(session.id);
    const sub = created?.data.object as unknown as Stripe.Subscription;
    expect(sub.default_tax_rates?.[0]).toMatchObject({ id: 'txr_vat', object: 'tax_rate', percentage: 20 });
    expect(sub.items.data[0]).toMatchObject({ quantity: 3, current_period_end: START + 14 * 86_400 });
    expect(paid?.data.object).toMatchObject({ amount_paid: 1800, subtotal: 1500, total: 1800 });
  });

  it('creates billing portal sessions for known customers', async () => {
    const { fake, stripe } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    await fake.completeCheckout(session.id);
    const customer = String((await stripe.checkout.sessions.retrieve(session.id)).customer);
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: 'https://app.example/account' });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer,
      return_url: 'https://app.example/account',
      url: `${fake.url}/billing_portal/${portal.id}`,
    });
    expect(portal.id).toMatch(/^bps_/);

    const err = await rejection(stripe.billingPortal.sessions.create({ customer: 'cus_nobody' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });
  });

  it('replays a request made again with the same idempotency key', async () => {
    const { fake, stripe } = await setup();
    const first = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'key-1' });
    const again = await stripe.checkout.sessions.create(checkoutParams(), { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    const err = await rejection(
      stripe.checkout.sessions.create(checkoutParams({ client_reference_id: 'other' }), { idempotencyKey: 'key-1' }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(fake.requests).toHaveLength(3);
  });
});

describe('errors through the stripe SDK', () => {
  it('answers unknown prices, sessions and subscriptions with resource_missing', async () => {
    const { stripe } = await setup();
    const price = await rejection(
      stripe.checkout.sessions.create(checkoutParams({ line_items: [{ price: 'price_nope', quantity: 1 }] })),
    );
    expect(price).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(price).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });

    const sub = await rejection(stripe.subscriptions.retrieve('sub_nope'));
    expect(sub).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(sub).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such subscription: 'sub_nope'",
    });
    const update = await rejection(stripe.subscriptions.update('sub_nope', { cancel_at_period_end: true }));
    expect(update).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const session = await rejection(stripe.checkout.sessions.retrieve('cs_test_nope'));
    expect(session).toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const both = await rejection(stripe.checkout.sessions.create(checkoutParams({ customer: 'cus_1' })));
    expect(both).toMatchObject({ statusCode: 400, param: 'customer' });
    const url = await rejection(stripe.checkout.sessions.create(checkoutParams({ success_url: 'not a url' })));
    expect(url).toMatchObject({ statusCode: 400, code: 'url_invalid', param: 'success_url' });
  });

  it('refuses keys that are not secret keys with StripeAuthenticationError', async () => {
    const { fake } = await setup();
    const publishable = new Stripe('pk_test_abcdefghijklmnop', { host: fake.host, port: fake.port, protocol: 'http' });
    const err = await rejection(publishable.subscriptions.retrieve('sub_x'));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err).toMatchObject({ statusCode: 401, rawType: 'invalid_request_error' });
    expect((err as Error).message).toMatch(/^Invalid API Key provided: pk_test_\*+mnop$/);

    const none = await fetch(`${fake.url}/v1/subscriptions/sub_x`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('fails the next requests with StripeAPIError to simulate an outage', async () => {
    const { fake, stripe } = await setup();
    const noRetries = new Stripe('sk_test_x', {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    fake.failNextRequests(1);
    const err = await rejection(noRetries.checkout.sessions.create(checkoutParams()));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(err).toMatchObject({ statusCode: 500, rawType: 'api_error' });
    expect((await noRetries.checkout.sessions.create(checkoutParams())).status).toBe('open');

    fake.failNextRequests(1, 503);
    const before = fake.requests.length;
    // The SDK retries a 5xx (twice by default) with the same idempotency key: the outage is over by then.
    const session = await stripe.checkout.sessions.create(checkoutParams());
    expect(session.status).toBe('open');
    expect(fake.requests.length - before).toBe(2);
  });

  it('answers paths it does not have with Stripe’s 404', async () => {
    const { fake, stripe } = await setup();
    const err = await rejection(stripe.customers.retrieve('cus_x'));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404 });
    expect((err as Error).message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\/cus_x\)/);
    expect(fake.requests.at(-1)).toEqual({ method: 'GET', path: '/v1/customers/cus_x', body: {} });
  });
});

describe('webhooks', () => {
  it('signs each event so stripe.webhooks.constructEvent verifies it', async () => {
    const { fake, stripe, receiver } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    await fake.completeCheckout(session.id);
    expect(receiver.received).toHaveLength(3);
    for (const { raw, signature } of receiver.received) {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(raw, signature, SECRET);
      expect(event.api_version).toBe(STRIPE_API_VERSION);
      expect(() => stripe.webhooks.constructEvent(raw, signature, 'whsec_other')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
    expect(fake.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
  });

  it('rejects the state change call when the endpoint refuses a delivery', async () => {
    const { fake, stripe } = await setup({ receiverSecret: 'whsec_something_else' });
    const session = await stripe.checkout.sessions.create(checkoutParams());
    await expect(fake.completeCheckout(session.id)).rejects.toThrow(/webhook delivery .* failed: .*HTTP 400/);
    expect(fake.deliveries).toHaveLength(3);
  });

  it('emits without delivering when no webhook is configured', async () => {
    const fake = await startStripeFake({ prices: PRICES });
    cleanups.push(() => fake.close());
    const stripe = new Stripe('sk_test_x', { host: fake.host, port: fake.port, protocol: 'http' });
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const events = await fake.completeCheckout(session.id);
    expect(events.map((e) => e.pending_webhooks)).toEqual([0, 0, 0]);
    expect(fake.events).toEqual(events);
    expect(fake.deliveries).toEqual([]);
    await expect(fake.completeCheckout(session.id)).rejects.toThrow(/complete, not open/);
    await expect(fake.completeCheckout('cs_test_nope')).rejects.toThrow(/no checkout session/);
  });
});

describe('browser pages', () => {
  it('pays from the checkout page and redirects to the success URL with the session id', async () => {
    const { fake, stripe, receiver } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const page = await fetch(String(session.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stripe test mode (local stand-in)');
    expect(html).toContain('$19.99');
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
    expect(html).toContain('>Pay</button>');
    expect(html).toContain('href="https://app.example/payment?canceled=1">Cancel</a>');

    const pay = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`https://app.example/payment?session_id=${session.id}`);
    // The webhooks went out before the redirect.
    expect(receiver.types()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');

    const again = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(await (await fetch(`${fake.url}/checkout/${session.id}`)).text()).toContain('is complete');
  });

  it('cancels at period end and resumes from the billing portal page', async () => {
    const { fake, stripe, receiver } = await setup();
    const session = await stripe.checkout.sessions.create(checkoutParams());
    const [, created] = await fake.completeCheckout(session.id);
    const subId = String(created?.data.object.id);
    const customer = String(created?.data.object.customer);
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: 'https://app.example/account' });

    let html = await (await fetch(portal.url)).text();
    expect(html).toContain('Stripe test mode (local stand-in)');
    expect(html).toContain(subId);
    expect(html).toContain('Renews on 2027-02-28');
    expect(html).toContain('>Cancel at period end</button>');
    expect(html).toContain('href="https://app.example/account">Return</a>');

    const cancel = await fetch(`${portal.url}/subscriptions/${subId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`/billing_portal/${portal.id}`);
    expect(fake.subscription(subId)).toMatchObject({ cancel_at_period_end: true });
    expect(receiver.types().at(-1)).toBe('customer.subscription.updated');
    html = await (await fetch(portal.url)).text();
    expect(html).toContain('Cancels on 2027-02-28');
    expect(html).toContain('>Resume</button>');

    const resume = await fetch(`${portal.url}/subscriptions/${subId}/resume`, { method: 'POST', redirect: 'manual' });
    expect(resume.status).toBe(303);
    expect(fake.subscription(subId)).toMatchObject({ cancel_at_period_end: false });

    const missing = await fetch(`${portal.url}/subscriptions/sub_other/cancel`, { method: 'POST', redirect: 'manual' });
    expect(missing.status).toBe(404);
  });
});
