import type { BillingPeriod } from '@polymath/shared';
import Stripe from 'stripe';
import type { Env } from '../../env.ts';
import {
  type CheckoutSessionObject,
  type PaymentProvider,
  type SubscriptionObject,
  verifyStripeSignature,
} from './payment-provider.ts';
import { PLAN_RECURRING } from './plans.ts';
import { refundPaymentAgain, refundSubscriptionPayments } from './stripe-refund.ts';

type StripeEnv = Env & {
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
};

/** Stripe Checkout in subscription mode, the Customer Portal, refunds of duplicates, and Stripe's signed webhooks. */
export function createStripeProvider(env: StripeEnv): PaymentProvider {
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Polymath' },
    ...(api
      ? { host: api.hostname, port: api.port || undefined, protocol: api.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
  const priceIds: Record<BillingPeriod, string> = {
    week: env.STRIPE_PRICE_WEEK ?? '',
    '3month': env.STRIPE_PRICE_3MONTH ?? '',
    monthly: env.STRIPE_PRICE_MONTHLY ?? '',
    yearly: env.STRIPE_PRICE_YEARLY ?? '',
  };
  const missing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;

  return {
    mode: 'stripe',
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceIds[input.period], quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.userId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        metadata: { userId: input.userId, period: input.period },
        subscription_data: {
          metadata: { userId: input.userId, period: input.period },
          ...(env.STRIPE_TAX_RATE_ID ? { default_tax_rates: [env.STRIPE_TAX_RATE_ID] } : {}),
        },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(id) {
      try {
        return (await stripe.checkout.sessions.retrieve(id)) as unknown as CheckoutSessionObject;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async retrieveSubscription(id) {
      try {
        return (await stripe.subscriptions.retrieve(id)) as unknown as SubscriptionObject;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async setCancelAtPeriodEnd(id, cancel) {
      return (await stripe.subscriptions.update(id, {
        cancel_at_period_end: cancel,
      })) as unknown as SubscriptionObject;
    },
    async cancelDuplicate(id) {
      // Refund first: if a refund throws, the subscription is still live, so the retried webhook finds
      // it a duplicate again and comes back here. Cancelled first, the retry would see nothing to do.
      const outcome = await refundSubscriptionPayments(stripe, id);
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        // Already cancelled by an earlier attempt whose webhook failed later, or by a sync running alongside.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        if ((await stripe.subscriptions.retrieve(id)).status !== 'canceled') throw err;
      }
      return outcome;
    },
    refundPayment: (input) => refundPaymentAgain(stripe, input),
    async createPortal(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: portal.url };
    },
    async checkPrices(plans) {
      const problems: string[] = [];
      for (const { period, amount, currency } of plans.prices) {
        const price = await stripe.prices.retrieve(priceIds[period]);
        const { interval, interval_count: count } = PLAN_RECURRING[period];
        if (price.unit_amount !== amount || price.currency !== currency) {
          problems.push(
            `${period}: Stripe price ${price.id} is ${price.unit_amount} ${price.currency}, the plans file says ${amount} ${currency}`,
          );
        }
        if (price.recurring?.interval !== interval || price.recurring.interval_count !== count) {
          problems.push(`${period}: Stripe price ${price.id} does not renew every ${count} ${interval}`);
        }
      }
      return problems;
    },
    verifyEvent: (rawBody, signature) => verifyStripeSignature(rawBody, signature, env.STRIPE_WEBHOOK_SECRET),
    periodOfPrice: (priceId) =>
      (Object.entries(priceIds) as [BillingPeriod, string][]).find(([, id]) => id === priceId)?.[0],
  };
}
