import { randomBytes } from 'node:crypto';
import { type BillingPeriod, nextPeriodEnd } from '@polymath/shared';
import { PLAN_RECURRING } from '../plans.ts';

/**
 * The sandbox's records, shaped like Stripe's objects and events (API 2026-10-28) so that the code
 * reading Stripe's reads them unchanged.
 */

export const SANDBOX_API_VERSION = '2026-10-28.endive';

export function sandboxId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}

export const sandboxPriceId = (period: BillingPeriod) => `price_sbx_${period}`;

export type SandboxPrice = { id: string; object: 'price'; unit_amount: number; currency: string };

export type SandboxCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string;
  customer: string | null;
  customer_email: string;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  /** Not a Stripe field on the session itself (Stripe keeps it in line_items); the page shows it. */
  price: SandboxPrice;
};

export type SandboxSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'canceled' | 'past_due';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  currency: string;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  livemode: false;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      subscription: string;
      quantity: 1;
      current_period_start: number;
      current_period_end: number;
      price: SandboxPrice & { recurring: { interval: 'week' | 'month' | 'year'; interval_count: number } };
    }[];
  };
};

/**
 * The end of the period after `after` (seconds) of a subscription anchored at `anchor`, by Stripe's
 * billing calendar (shared with the Stripe stand-in): 31 January renews on 28 February, then 31 March.
 */
export function periodEnd(anchor: number, period: BillingPeriod, after = anchor): number {
  const { interval, interval_count } = PLAN_RECURRING[period];
  return nextPeriodEnd(anchor, interval, interval_count, after);
}

export function newSubscription(
  session: SandboxCheckoutSession,
  customer: string,
  period: BillingPeriod,
  now: number,
): SandboxSubscription {
  const id = sandboxId('sub');
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: now,
    start_date: now,
    currency: session.price.currency,
    metadata: { ...session.metadata },
    latest_invoice: null,
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: sandboxId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          current_period_start: now,
          current_period_end: periodEnd(now, period),
          price: { ...session.price, recurring: PLAN_RECURRING[period] },
        },
      ],
    },
  };
}

export function paidInvoice(sub: SandboxSubscription, total: number, now: number) {
  return {
    id: sandboxId('in'),
    object: 'invoice',
    customer: sub.customer,
    status: 'paid',
    amount_due: total,
    amount_paid: total,
    currency: sub.currency,
    created: now,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
  };
}

export function event(type: string, object: unknown, now: number, previous?: Record<string, unknown>) {
  return {
    id: sandboxId('evt'),
    object: 'event',
    type,
    created: now,
    api_version: SANDBOX_API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: previous ? { object, previous_attributes: previous } : { object },
  };
}
