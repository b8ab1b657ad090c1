import Stripe from 'stripe';
import { refunds } from '../../lib/metrics.ts';
import type { DuplicateEnded } from './payment-provider.ts';

/**
 * Gives back, in full, every payment on the subscription's paid invoices (a duplicate is usually caught at
 * its first invoice, but one caught late may have renewed). In API 2026-10-28 an invoice names its payments
 * only through invoice payments, each pointing at a PaymentIntent (or, for old charges, a charge).
 *
 * Safe to repeat: each refund carries an idempotency key, so a second attempt within Stripe's 24 hours
 * replays the first refund, and after that Stripe answers `charge_already_refunded`, counted as refunded.
 * A refund Stripe refuses (disputed, too old, not allowed for the key) is final and is reported, not
 * thrown: retrying cannot change the answer, and the webhook would fail for days. An outage, a rate limit
 * or a conflicting request in flight is thrown, so the webhook answers 5xx and Stripe retries it.
 */
export async function refundSubscriptionPayments(stripe: Stripe, subscriptionId: string): Promise<DuplicateEnded> {
  const outcome: DuplicateEnded = { refunded: [], notRefunded: [] };
  for await (const invoice of stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 })) {
    for await (const paid of stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid', limit: 100 })) {
      if (!paid.amount_paid) continue;
      const target = refundTarget(paid.payment);
      const money = { amount: paid.amount_paid, currency: paid.currency };
      if (!target) {
        const reason = `a ${paid.payment.type} payment cannot be refunded through the Refunds API`;
        outcome.notRefunded.push({ payment: paid.id, ...money, reason });
        continue;
      }
      const payment = target.payment_intent ?? target.charge;
      try {
        const refund = await stripe.refunds.create(
          { ...target, reason: 'duplicate', metadata: { subscription: subscriptionId } },
          { idempotencyKey: `refund-duplicate-${subscriptionId}-${payment}` },
        );
        outcome.refunded.push({ payment, refund: refund.id, amount: refund.amount, currency: refund.currency });
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeError) || !isFinal(err)) throw err;
        if (err.code === 'charge_already_refunded') outcome.refunded.push({ payment, refund: null, ...money });
        else outcome.notRefunded.push({ payment, ...money, reason: `${err.code ?? err.type}: ${err.message}` });
      }
    }
  }
  refunds.inc({ outcome: 'refunded' }, outcome.refunded.length);
  refunds.inc({ outcome: 'not_refunded' }, outcome.notRefunded.length);
  return outcome;
}

type Target = { payment_intent: string; charge?: undefined } | { charge: string; payment_intent?: undefined };

function refundTarget(payment: Stripe.InvoicePayment.Payment): Target | undefined {
  const id = (ref: string | { id: string } | undefined) => (typeof ref === 'string' ? ref : ref?.id);
  const intent = id(payment.payment_intent);
  if (intent) return { payment_intent: intent };
  const charge = id(payment.charge);
  return charge ? { charge } : undefined;
}

/** A 4xx other than 409 (a request with the same key still running) and 429 (slow down): asking again gets the same no. */
function isFinal(err: Stripe.errors.StripeError): boolean {
  const status = err.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/**
 * One payment refunded again, in full, by an operator (the console's retry of a refused refund). A new
 * idempotency key per attempt: Stripe would replay the first attempt's refusal under the old one.
 * Refusals come back as `{ refunded: false, reason }`; outages and rate limits are thrown.
 */
export async function refundPaymentAgain(
  stripe: Stripe,
  input: { payment: string; subscriptionId: string; attempt: number },
): Promise<{ refunded: true; refundId: string | null } | { refunded: false; reason: string }> {
  const target: Target | undefined = /^pi_/.test(input.payment)
    ? { payment_intent: input.payment }
    : /^(ch|py)_/.test(input.payment)
      ? { charge: input.payment }
      : undefined;
  if (!target) return { refunded: false, reason: 'this payment cannot be refunded through the Refunds API' };
  try {
    const refund = await stripe.refunds.create(
      { ...target, reason: 'duplicate', metadata: { subscription: input.subscriptionId } },
      { idempotencyKey: `refund-duplicate-${input.subscriptionId}-${input.payment}-retry-${input.attempt}` },
    );
    return { refunded: true, refundId: refund.id };
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError) || !isFinal(err)) throw err;
    if (err.code === 'charge_already_refunded') return { refunded: true, refundId: null };
    return { refunded: false, reason: `${err.code ?? err.type}: ${err.message}` };
  }
}
