import type { BillingPeriod, PaymentMode } from '@polymath/shared';
import Stripe from 'stripe';
import type { PlansConfig } from './plans.ts';

/**
 * What billing needs from a payment provider. Stripe (stripe-provider.ts) and the built-in sandbox
 * (sandbox/sandbox-provider.ts) both implement it and both speak Stripe's object and event shapes,
 * so one piece of code (subscriptions.service.ts, billing-events.ts) reads either.
 */
export interface PaymentProvider {
  readonly mode: PaymentMode;
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<CheckoutSessionObject | null>;
  retrieveSubscription(id: string): Promise<SubscriptionObject | null>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionObject>;
  /**
   * Ends a second subscription of a person who already has one, at once, and gives its money back:
   * Stripe refunds every payment of its paid invoices in full, then cancels it (stripe-refund.ts);
   * the sandbox ends it before it was ever charged. Safe to call again for the same subscription.
   * Throws when worth retrying (the webhook answers 5xx); a refund Stripe refuses for good comes
   * back in `notRefunded` for an operator to settle in Stripe's dashboard.
   */
  cancelDuplicate(subscriptionId: string): Promise<DuplicateEnded>;
  /**
   * Refunds one payment in full once more (an operator retrying a refused refund). Refusals come
   * back with the provider's reason; a provider that takes no payments (the sandbox) has none.
   */
  refundPayment?(input: { payment: string; subscriptionId: string; attempt: number }): Promise<RefundAnswer>;
  /** Open checkouts of the user that cannot be paid any more once another one starts. */
  expireOpenCheckouts?(userId: string): Promise<void>;
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Checks a webhook delivery's signature on the raw body; throws WebhookSignatureError. */
  verifyEvent(rawBody: string, signature: string | undefined): EventObject;
  /** Which plan a price id sells. */
  periodOfPrice(priceId: string): BillingPeriod | undefined;
  /** Differences between the provider's prices and the plans file; checked at start-up. */
  checkPrices?(plans: PlansConfig): Promise<string[]>;
}

/** What ending a duplicate did with its money; amounts in the currency's smallest unit. */
export type DuplicateEnded = {
  /** `refund` is null when Stripe said the payment had been refunded already. */
  refunded: { payment: string; refund: string | null; amount: number; currency: string }[];
  notRefunded: { payment: string; amount: number; currency: string; reason: string }[];
};

export type RefundAnswer = { refunded: true; refundId: string | null } | { refunded: false; reason: string };

export type CheckoutInput = {
  userId: string;
  email: string;
  /** The customer of an earlier subscription, so one person stays one customer. */
  customerId: string | undefined;
  period: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
};

type Ref = string | { id: string };

/** The fields we read of a Stripe subscription (API 2026-10-28: the period lives on the items). */
export type SubscriptionObject = {
  id: string;
  customer: Ref;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  metadata: Record<string, string> | null;
  items: {
    data: { current_period_end: number; price: { id: string; unit_amount: number | null; currency: string } }[];
  };
};

/** The fields we read of a Stripe Checkout Session. */
export type CheckoutSessionObject = {
  id: string;
  mode: string | null;
  status: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  subscription: Ref | null;
  customer: Ref | null;
};

export type EventObject = { id: string; type: string; data: { object: Record<string, unknown> } };

export class WebhookSignatureError extends Error {}

export function refId(ref: Ref | null | undefined): string | undefined {
  if (!ref) return undefined;
  return typeof ref === 'string' ? ref : ref.id;
}

/** Five minutes, as Stripe recommends: an older signed delivery is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's own verification (HMAC-SHA256 over "timestamp.rawBody", constant-time compare, tolerance). */
export function verifyStripeSignature(rawBody: string, signature: string | undefined, secret: string): EventObject {
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
    ) as unknown as EventObject;
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
  }
}
