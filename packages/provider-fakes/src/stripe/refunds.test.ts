/** The stand-in's invoice payments and refunds, driven by the real stripe SDK. */
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { type StripeFake, startStripeFake } from './stripe-fake.ts';

const START = Date.UTC(2027, 2, 1, 8, 0, 0) / 1000;

const fakes: StripeFake[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

/** A stand-in with one paid monthly subscription of 19.99 USD. */
async function paidSubscription() {
  const fake = await startStripeFake({
    prices: { price_monthly: { unit_amount: 1999, currency: 'usd', interval: 'month', interval_count: 1 } },
    now: () => START,
  });
  fakes.push(fake);
  const stripe = new Stripe('sk_test_x', { host: fake.host, port: fake.port, protocol: fake.protocol });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_monthly', quantity: 1 }],
    success_url: 'https://app.example/done',
    customer_email: 'ada@example.com',
  });
  await fake.completeCheckout(session.id);
  const subscription = String((await stripe.checkout.sessions.retrieve(session.id)).subscription);
  const [invoice] = (await stripe.invoices.list({ subscription, status: 'paid' })).data;
  const [payment] = (await stripe.invoicePayments.list({ invoice: invoice?.id ?? '' })).data;
  const paymentIntent = String(payment?.payment.payment_intent);
  return { fake, stripe, subscription, invoice, payment, paymentIntent };
}

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) return err;
    throw err;
  }
  throw new Error('expected a StripeError');
}

describe('the payments behind invoices (API 2026-10-28: an invoice payment names the PaymentIntent)', () => {
  it('a paid invoice has one paid invoice payment whose PaymentIntent succeeded with a charge for the total', async () => {
    const { stripe, subscription, invoice, payment, paymentIntent } = await paidSubscription();
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1999, currency: 'usd' });
    expect(invoice).not.toHaveProperty('payment_intent');
    expect(payment).toMatchObject({
      object: 'invoice_payment',
      invoice: invoice?.id,
      status: 'paid',
      amount_paid: 1999,
      amount_requested: 1999,
      is_default: true,
      payment: { type: 'payment_intent' },
    });
    const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] });
    expect(intent).toMatchObject({ status: 'succeeded', amount: 1999, amount_received: 1999, currency: 'usd' });
    expect(intent.latest_charge).toMatchObject({
      object: 'charge',
      amount_captured: 1999,
      amount_refunded: 0,
      refunded: false,
      payment_intent: paymentIntent,
    });
    expect((await stripe.invoices.list({ subscription, status: 'open' })).data).toEqual([]);
  });

  it('lists invoices newest first, a page at a time', async () => {
    const { fake, stripe, subscription, invoice } = await paidSubscription();
    await fake.endPeriod(subscription);
    const first = await stripe.invoices.list({ subscription, limit: 1 });
    expect(first.has_more).toBe(true);
    expect(first.data[0]?.billing_reason).toBe('subscription_cycle');
    const next = await stripe.invoices.list({ subscription, limit: 1, starting_after: first.data[0]?.id ?? '' });
    expect(next).toMatchObject({ has_more: false, data: [{ id: invoice?.id }] });
    const all: string[] = [];
    for await (const each of stripe.invoices.list({ subscription, limit: 1 })) all.push(each.id);
    expect(all).toEqual([first.data[0]?.id, invoice?.id]);
  });

  it('a declined renewal leaves an open invoice payment and a PaymentIntent with nothing to refund', async () => {
    const { fake, stripe, subscription } = await paidSubscription();
    await fake.failPayment(subscription);
    const [open] = (await stripe.invoices.list({ subscription, status: 'open' })).data;
    const [payment] = (await stripe.invoicePayments.list({ invoice: open?.id ?? '' })).data;
    expect(payment).toMatchObject({ status: 'open', amount_paid: null, amount_requested: 1999 });
    const intent = await stripe.paymentIntents.retrieve(String(payment?.payment.payment_intent));
    expect(intent).toMatchObject({ status: 'requires_payment_method', latest_charge: null, amount_received: 0 });
    const err = await rejection(stripe.refunds.create({ payment_intent: intent.id }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.message).toContain('does not have a successful charge to refund');
  });
});

describe('POST /v1/refunds', () => {
  it('refunds a PaymentIntent in full; the same Idempotency-Key replays it, another key is told it is refunded', async () => {
    const { fake, stripe, subscription, paymentIntent } = await paidSubscription();
    const params = { payment_intent: paymentIntent, reason: 'duplicate' as const, metadata: { subscription } };
    const refund = await stripe.refunds.create(params, { idempotencyKey: `refund-duplicate-${subscription}` });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1999,
      currency: 'usd',
      payment_intent: paymentIntent,
      reason: 'duplicate',
      status: 'succeeded',
      metadata: { subscription },
      created: START,
    });
    expect(refund.id).toMatch(/^re_/);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/refunds' });

    const again = await stripe.refunds.create(params, { idempotencyKey: `refund-duplicate-${subscription}` });
    expect(again.id).toBe(refund.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.refunds().map((r) => r.id)).toEqual([refund.id]);

    const err = await rejection(stripe.refunds.create(params, { idempotencyKey: 'another-key' }));
    expect(err).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded', statusCode: 400 });
    const charge = await stripe.charges.retrieve(String(refund.charge));
    expect(charge).toMatchObject({ amount_refunded: 1999, refunded: true });
  });

  it('takes part of a charge back with amount, never more than is left', async () => {
    const { stripe, paymentIntent } = await paidSubscription();
    const charge = String((await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge);
    expect((await stripe.refunds.create({ charge, amount: 500 })).amount).toBe(500);
    const tooMuch = await rejection(stripe.refunds.create({ charge, amount: 1500 }));
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    expect((await stripe.refunds.create({ charge })).amount).toBe(1499);
    expect(await stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 1999, refunded: true });
  });

  it('failNextRequests(n, status, only) fails just the requests it picks', async () => {
    const { fake, stripe, paymentIntent } = await paidSubscription();
    fake.failNextRequests(1, 400, (request) => request.path === '/v1/refunds');
    expect((await stripe.paymentIntents.retrieve(paymentIntent)).status).toBe('succeeded');
    const refused = await rejection(stripe.refunds.create({ payment_intent: paymentIntent }));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused.statusCode).toBe(400);
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(1999);
  });

  it('answers bad requests as Stripe does', async () => {
    const { stripe, paymentIntent } = await paidSubscription();
    expect(await rejection(stripe.refunds.create({}))).toMatchObject({ code: 'parameter_missing', statusCode: 400 });
    expect(await rejection(stripe.refunds.create({ payment_intent: 'pi_nope' }))).toMatchObject({
      code: 'resource_missing',
      param: 'payment_intent',
    });
    const reason = await rejection(stripe.refunds.create({ payment_intent: paymentIntent, reason: 'changed_mind' }));
    expect(reason).toMatchObject({ param: 'reason', statusCode: 400 });
    const reused = await rejection(stripe.refunds.create({ payment_intent: 'pi_nope' }, { idempotencyKey: 'k1' }));
    expect(reused.statusCode).toBe(400);
    const conflict = await rejection(
      stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: 'k1' }),
    );
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
