import { type PaymentMode, type Plan, SUBSCRIPTION_ENTITLED_STATUSES } from '@polymath/shared';
import type { Env } from '../../env.ts';

/**
 * Stripe renews a subscription within about an hour of its period end, and its webhook brings the
 * new period; the sandbox's sweep renews its own within ten minutes. Until then a subscription that
 * renews keeps giving Pro.
 */
export const RENEWAL_GRACE_MS = 3_600_000;

/** What the stored subscription record says about Pro (features/billing/subscriptions.service.ts). */
export type SubscriptionTerm = {
  provider: string;
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

/**
 * What a person's plan is decided from: users.access_level (written with the subscription record,
 * or by an operator for an account without one) and the record, when there is one.
 */
export type PlanFacts = {
  accessLevel: string;
  subscription: SubscriptionTerm | null;
  /** Pro an operator granted without payment, until then (users.pro_granted_until; decision 037). */
  proGrantedUntil?: Date | null;
};

/** Stripe with keys, the sandbox without (the same test as createBillingRuntime's). */
export function paymentModeOf(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>): PaymentMode {
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'sandbox';
}

/** Statuses that give Pro while the period lasts: active, trialing and past_due (while Stripe retries). */
export function isEntitledStatus(status: string): boolean {
  return (SUBSCRIPTION_ENTITLED_STATUSES as readonly string[]).includes(status);
}

/**
 * The moment a subscription stops giving Pro (ms since the epoch), or null when it gives none.
 * A subscription ends at its period end, exactly, unless it renews: one of the server's own payment
 * provider that is not cancelled gets RENEWAL_GRACE_MS for the renewal to arrive. One of the other
 * provider (a sandbox subscription once the server has Stripe keys) is renewed by nobody.
 */
export function proEndsAt(sub: SubscriptionTerm, mode: PaymentMode): number | null {
  if (!isEntitledStatus(sub.status)) return null;
  const renews = sub.provider === mode && !sub.cancelAtPeriodEnd;
  return sub.currentPeriodEnd.getTime() + (renews ? RENEWAL_GRACE_MS : 0);
}

/** Whether the subscription gives Pro at `now`: decided by the clock, not by when the sweep last ran. */
export function givesPro(sub: SubscriptionTerm, mode: PaymentMode, now: number): boolean {
  const end = proEndsAt(sub, mode);
  return end !== null && now < end;
}

/**
 * A person's plan at `now`, the one rule every place that decides Pro asks (the session, and with
 * it the profile, credits, models, tools and history; WhatsApp; My Plan): Pro granted by an operator
 * while it lasts; otherwise users.access_level, and, when a subscription set it, only while that
 * subscription gives Pro.
 */
export function planAt(facts: PlanFacts, mode: PaymentMode, now: number): Plan {
  // Granted Pro (an operator's, without payment) lasts until its end, whatever the subscription says.
  if (facts.proGrantedUntil && now < facts.proGrantedUntil.getTime()) return 'pro';
  if (facts.accessLevel !== 'pro') return 'free';
  if (facts.subscription && !givesPro(facts.subscription, mode, now)) return 'free';
  return 'pro';
}
