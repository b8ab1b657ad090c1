import { readFileSync } from 'node:fs';
import {
  BILLING_PERIODS,
  type BillingPeriod,
  billingPeriodSchema,
  buildPlanOffers,
  type PlanOffer,
} from '@polymath/shared';
import { z } from 'zod';

/**
 * Plans as configuration: an operator-edited JSON file (config/plans.json, PLANS_FILE to replace it)
 * with a price and currency per period and the tax added on top. What /payment shows comes from here.
 */
const plansFileSchema = z.object({
  taxPercent: z.number().min(0).max(100).default(0),
  plans: z
    .array(
      z.object({
        period: billingPeriodSchema,
        amount: z.number().int().min(1),
        currency: z
          .string()
          .regex(/^[a-zA-Z]{3}$/, 'must be an ISO 4217 code such as usd')
          .transform((c) => c.toLowerCase()),
      }),
    )
    .refine((plans) => BILLING_PERIODS.every((p) => plans.filter((x) => x.period === p).length === 1), {
      message: `must list each of ${BILLING_PERIODS.join(', ')} exactly once`,
    }),
});

/** How each plan renews, in Stripe's terms (a price's `recurring`). */
export const PLAN_RECURRING: Record<BillingPeriod, { interval: 'week' | 'month' | 'year'; interval_count: number }> = {
  week: { interval: 'week', interval_count: 1 },
  monthly: { interval: 'month', interval_count: 1 },
  '3month': { interval: 'month', interval_count: 3 },
  yearly: { interval: 'year', interval_count: 1 },
};

export type PlanPrice = { period: BillingPeriod; amount: number; currency: string };
export type PlansConfig = { taxPercent: number; prices: PlanPrice[]; offers: PlanOffer[] };

export class PlansError extends Error {}

/** Reads and checks the plans file; a broken file stops start-up with every problem listed. */
export function loadPlans(file: string): PlansConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new PlansError(`Cannot read the plans file ${file}: ${String(err)}`);
  }
  const parsed = plansFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new PlansError(`Invalid plans file ${file}:\n${problems.join('\n')}`);
  }
  const { taxPercent, plans } = parsed.data;
  return { taxPercent, prices: plans, offers: buildPlanOffers(plans, taxPercent) };
}

export function priceOf(plans: PlansConfig, period: BillingPeriod): PlanPrice {
  const price = plans.prices.find((p) => p.period === period);
  if (!price) throw new Error(`no price for ${period}`);
  return price;
}
