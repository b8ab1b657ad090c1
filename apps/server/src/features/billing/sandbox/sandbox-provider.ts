import { createHmac } from 'node:crypto';
import { BILLING_PERIODS, type BillingPeriod, taxOn } from '@polymath/shared';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { sandboxObjects } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { PaymentProvider, SubscriptionObject } from '../payment-provider.ts';
import { verifyStripeSignature } from '../payment-provider.ts';
import { type PlansConfig, priceOf } from '../plans.ts';
import {
  event,
  newSubscription,
  paidInvoice,
  periodEnd,
  type SandboxCheckoutSession,
  type SandboxSubscription,
  sandboxId,
  sandboxPriceId,
} from './sandbox-objects.ts';

export type SandboxOptions = {
  db: Db;
  plans: PlansConfig;
  publicUrl: string;
  /** Derives the webhook signing secret, so every instance of one deployment shares it. */
  sessionSecret: string;
  /** Hands a signed delivery to the webhook handler, as Stripe's POST to /api/billing/webhook would. */
  deliver: (rawBody: string, signature: string) => Promise<unknown>;
  /** Seconds since the epoch. */
  now?: () => number;
};

export type SandboxProvider = PaymentProvider & {
  /** The checkout page's view of a session, for its owner only. */
  checkoutFor(sessionId: string, userId: string): Promise<SandboxCheckoutSession>;
  /** "Pay" on the test-mode checkout page: no card, the subscription starts now. Returns the success URL. */
  completeCheckout(sessionId: string, userId: string): Promise<string>;
  /** The test clock: the user's subscriptions reach the end of their period (renew, or end if cancelling). */
  advanceClock(userId: string): Promise<void>;
};

/**
 * A payment provider that needs no keys, so a fresh machine can reach Pro. It keeps Stripe-shaped
 * records in the database, signs Stripe-shaped events with a secret of its own and hands them to
 * the same webhook handler Stripe's deliveries reach.
 */
export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, plans, publicUrl } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const webhookSecret = `whsec_${createHmac('sha256', options.sessionSecret).update('sandbox-webhook').digest('hex')}`;

  /** A stored record and the user it belongs to. */
  const load = async <T>(id: string, kind: string): Promise<{ object: T; userId: string | null } | undefined> => {
    const [row] = await db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.kind, kind)));
    return row ? { object: row.data as T, userId: row.userId } : undefined;
  };
  const save = async (id: string, kind: string, userId: string, data: object) => {
    await db
      .insert(sandboxObjects)
      .values({ id, kind, userId, data })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data } });
  };
  const emit = async (events: ReturnType<typeof event>[]) => {
    for (const e of events) {
      const payload = JSON.stringify(e);
      await options.deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
    }
  };
  const totalOf = (sub: SandboxSubscription) => {
    const amount = sub.items.data[0]?.price.unit_amount ?? 0;
    return amount + taxOn(amount, plans.taxPercent);
  };
  const periodOfPrice = (priceId: string) => BILLING_PERIODS.find((p) => sandboxPriceId(p) === priceId);

  return {
    mode: 'sandbox',
    periodOfPrice,

    async createCheckout(input) {
      const price = priceOf(plans, input.period);
      const session: SandboxCheckoutSession = {
        id: sandboxId('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: input.userId,
        customer: input.customerId ?? null,
        customer_email: input.email,
        metadata: { userId: input.userId, period: input.period },
        subscription: null,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        created: now(),
        price: {
          id: sandboxPriceId(input.period),
          object: 'price',
          unit_amount: price.amount,
          currency: price.currency,
        },
      };
      await save(session.id, session.object, input.userId, session);
      return { id: session.id, url: `${publicUrl}/payment/sandbox/checkout/${session.id}` };
    },

    async retrieveCheckout(id) {
      return (await load<SandboxCheckoutSession>(id, 'checkout.session'))?.object ?? null;
    },

    async retrieveSubscription(id) {
      return (await load<SandboxSubscription>(id, 'subscription'))?.object ?? null;
    },

    async setCancelAtPeriodEnd(id, cancel) {
      const stored = await load<SandboxSubscription>(id, 'subscription');
      if (!stored?.userId || stored.object.status === 'canceled') throw new AppError('NO_SUBSCRIPTION');
      const sub = stored.object;
      const end = sub.items.data[0]?.current_period_end ?? now();
      const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? end : null;
      await save(sub.id, sub.object, stored.userId, sub);
      await emit([event('customer.subscription.updated', sub, now(), previous)]);
      return sub as SubscriptionObject;
    },

    async cancelDuplicate(id) {
      // Nothing to give back: the sandbox never takes money.
      const nothing = { refunded: [], notRefunded: [] };
      const stored = await load<SandboxSubscription>(id, 'subscription');
      if (!stored?.userId || stored.object.status === 'canceled') return nothing;
      const sub = stored.object;
      const at = now();
      Object.assign(sub, { status: 'canceled', canceled_at: at, ended_at: at });
      await save(sub.id, sub.object, stored.userId, sub);
      await emit([event('customer.subscription.deleted', sub, at)]);
      return nothing;
    },

    async expireOpenCheckouts(userId) {
      const rows = await db
        .select()
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.userId, userId), eq(sandboxObjects.kind, 'checkout.session')));
      for (const row of rows) {
        const session = row.data as SandboxCheckoutSession;
        if (session.status !== 'open') continue;
        session.status = 'expired';
        await save(session.id, session.object, userId, session);
      }
    },

    async createPortal() {
      return { url: `${publicUrl}/payment/sandbox/portal` };
    },

    verifyEvent: (rawBody, signature) => verifyStripeSignature(rawBody, signature, webhookSecret),

    async checkoutFor(sessionId, userId) {
      const stored = await load<SandboxCheckoutSession>(sessionId, 'checkout.session');
      if (!stored || stored.userId !== userId) throw new AppError('CHECKOUT_NOT_FOUND');
      return stored.object;
    },

    async completeCheckout(sessionId, userId) {
      const stored = await load<SandboxCheckoutSession>(sessionId, 'checkout.session');
      if (!stored || stored.userId !== userId) throw new AppError('CHECKOUT_NOT_FOUND');
      const session = stored.object;
      const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
      if (session.status !== 'open') return successUrl;
      const period = periodOfPrice(session.price.id) as BillingPeriod;
      const at = now();
      const sub = newSubscription(session, session.customer ?? sandboxId('cus'), period, at);
      const invoice = paidInvoice(sub, totalOf(sub), at);
      sub.latest_invoice = invoice.id;
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: sub.id,
        customer: sub.customer,
      });
      await save(sub.id, sub.object, userId, sub);
      await save(session.id, session.object, userId, session);
      // Stripe's order; the handler must not depend on it.
      await emit([
        event('checkout.session.completed', session, at),
        event('customer.subscription.created', sub, at),
        event('invoice.paid', invoice, at),
      ]);
      return successUrl;
    },

    async advanceClock(userId) {
      const rows = await db
        .select()
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.userId, userId), eq(sandboxObjects.kind, 'subscription')));
      for (const row of rows) {
        const sub = row.data as SandboxSubscription;
        const item = sub.items.data[0];
        if (sub.status === 'canceled' || !item) continue;
        const at = item.current_period_end;
        if (sub.cancel_at_period_end) {
          Object.assign(sub, { status: 'canceled', canceled_at: at, ended_at: at });
          await save(sub.id, sub.object, userId, sub);
          await emit([event('customer.subscription.deleted', sub, at)]);
          continue;
        }
        const previous = { items: structuredClone(sub.items) };
        const period = periodOfPrice(item.price.id) as BillingPeriod;
        item.current_period_start = at;
        item.current_period_end = periodEnd(sub.start_date, period, at);
        const invoice = paidInvoice(sub, totalOf(sub), at);
        sub.latest_invoice = invoice.id;
        await save(sub.id, sub.object, userId, sub);
        await emit([event('invoice.paid', invoice, at), event('customer.subscription.updated', sub, at, previous)]);
      }
    },
  };
}
