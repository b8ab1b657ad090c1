import { z } from 'zod';
import { opaqueIdSchema } from '../app/text.ts';
import { taxOn } from './tax.ts';

/** The plan periods of spec §3 and §9, shortest first. */
export const BILLING_PERIODS = ['week', '3month', 'monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const billingPeriodSchema = z.enum(BILLING_PERIODS);

/** Days a period covers on average; savings compare prices per day. */
export const PERIOD_DAYS: Record<BillingPeriod, number> = {
  week: 7,
  monthly: 365 / 12,
  '3month': 365 / 4,
  yearly: 365,
};

/** 'stripe' when the operator gave Stripe keys; 'sandbox' is the built-in test-mode provider. */
export const PAYMENT_MODES = ['stripe', 'sandbox'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Stripe's subscription statuses; see SUBSCRIPTION_ENTITLED_STATUSES for the ones that give Pro. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** past_due keeps Pro while Stripe retries the payment; Stripe ends the subscription when it gives up. */
export const SUBSCRIPTION_ENTITLED_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** One plan as offered on /payment. Amounts are in the currency's minor unit (cents). */
export const planOfferSchema = z.object({
  period: billingPeriodSchema,
  /** The price before tax: the subtotal. */
  amount: z.number().int(),
  /** ISO 4217, lower case as Stripe writes it ("usd"). */
  currency: z.string(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Saving against the dearest plan per day, in whole percent; null for the dearest itself. */
  savingsPercent: z.number().int().nullable(),
  /** True on the one plan with the largest saving: it carries the "Save N%" badge. */
  bestValue: z.boolean(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

/** GET /api/billing/plans (public). */
export const billingPlansSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  taxPercent: z.number(),
  plans: z.array(planOfferSchema),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;

/** POST /api/billing/checkout */
export const checkoutRequestSchema = z.strictObject({ period: billingPeriodSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
/** Where the browser goes next: Stripe Checkout, or the sandbox's test-mode checkout page. */
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** A checkout session id: Stripe's (`cs_test_…`, `cs_live_…`) or the sandbox's (`cs_sbx_…`). */
export const checkoutSessionIdSchema = opaqueIdSchema(255);

/** POST /api/billing/checkout/confirm: the browser came back from checkout with this session id. */
export const confirmCheckoutSchema = z.strictObject({ sessionId: checkoutSessionIdSchema });

/** The signed-in user's one subscription record. */
export const subscriptionSchema = z.object({
  provider: z.enum(PAYMENT_MODES),
  period: billingPeriodSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  /** ISO time the current billing period ends: the renewal date, or the end date when cancelling. */
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** Whether this subscription gives Pro right now. */
  entitled: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/billing/subscription, and the answer of confirm, cancel and resume. */
export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  /** ISO time Pro granted by an operator (without payment) ends; null when none is in force. */
  proGrantedUntil: z.string().nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** GET /api/billing/sandbox/checkout/:id: what the test-mode checkout page shows. */
export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  period: billingPeriodSchema,
  amount: z.number().int(),
  currency: z.string(),
  tax: z.number().int(),
  total: z.number().int(),
  email: z.string(),
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/**
 * Offers with their totals and savings. A plan's saving compares its price per day with the
 * dearest plan per day in the same currency; the largest saving gets the badge.
 */
export function buildPlanOffers(
  prices: readonly { period: BillingPeriod; amount: number; currency: string }[],
  taxPercent: number,
): PlanOffer[] {
  const perDay = (p: { period: BillingPeriod; amount: number }) => p.amount / PERIOD_DAYS[p.period];
  const offers = prices.map((p) => {
    const dearest = Math.max(...prices.filter((q) => q.currency === p.currency).map(perDay));
    const saving = Math.round((1 - perDay(p) / dearest) * 100);
    const tax = taxOn(p.amount, taxPercent);
    return { ...p, tax, total: p.amount + tax, savingsPercent: saving > 0 ? saving : null, bestValue: false };
  });
  const best = offers.reduce<PlanOffer | undefined>(
    (top, o) => ((o.savingsPercent ?? 0) > (top?.savingsPercent ?? 0) ? o : top),
    undefined,
  );
  if (best) best.bestValue = true;
  return offers.sort((a, b) => PERIOD_DAYS[a.period] - PERIOD_DAYS[b.period]);
}
