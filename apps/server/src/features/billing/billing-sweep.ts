import { SUBSCRIPTION_ENTITLED_STATUSES } from '@polymath/shared';
import { and, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { billingEvents, subscriptions } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { defineJob, jobRef } from '../../lib/queue/job.ts';
import type { BillingRuntime } from './billing-runtime.ts';
import { endForeignSubscription, syncSubscription } from './subscriptions.service.ts';

/** Stripe retries a delivery for up to three days; an event id older than this cannot come back. */
const EVENT_MEMORY_MS = 30 * 86_400_000;

/**
 * Housekeeping every ten minutes. Access does not wait for it: whether a subscription gives Pro is
 * decided from its period end whenever it is asked (entitlement.ts); the sweep brings the stored
 * records up to date. Records still stored as giving Pro after their period end are re-read from
 * the provider (a renewal or an end whose webhook is late or lost; one whose renewal Stripe has not
 * made yet is read again next time, within RENEWAL_GRACE_MS). The sandbox has no servers of its own
 * to renew or end subscriptions when their period ends, so here it does that first, as Stripe
 * would. A sandbox subscription left from before the server had Stripe keys is known to no
 * provider: it ends here (in Stripe mode the provider would answer "no such subscription" forever).
 * Event ids older than any redelivery are forgotten.
 */
export async function sweepExpiredSubscriptions(billing: BillingRuntime, now = new Date()): Promise<number> {
  const due = await billing.database.db
    .select({
      userId: subscriptions.userId,
      subscriptionId: subscriptions.subscriptionId,
      provider: subscriptions.provider,
    })
    .from(subscriptions)
    .where(
      and(inArray(subscriptions.status, [...SUBSCRIPTION_ENTITLED_STATUSES]), lt(subscriptions.currentPeriodEnd, now)),
    );
  for (const row of due) {
    if (row.provider !== billing.provider.mode) {
      await endForeignSubscription(billing, row.userId, row.subscriptionId);
      continue;
    }
    if (billing.sandbox) await billing.sandbox.advanceClock(row.userId);
    await syncSubscription(billing, row.subscriptionId, row.userId);
  }
  await billing.database.db
    .delete(billingEvents)
    .where(lt(billingEvents.receivedAt, new Date(now.getTime() - EVENT_MEMORY_MS)));
  return due.length;
}

/** The sweep as a scheduled job: every ten minutes, by one instance at a time. */
export function billingSweepJob(billing: BillingRuntime) {
  return defineJob({
    name: 'billing-sweep',
    payload: z.object({}),
    schedule: '*/10 * * * *',
    retries: 2,
    retryDelaySeconds: 60,
    timeoutSeconds: 300,
    concurrency: 1,
    async handler(_payload, run) {
      const synced = await sweepExpiredSubscriptions(billing);
      if (synced > 0) run.logger.info({ synced }, 'billing sweep re-read subscriptions past their period end');
    },
  });
}

/**
 * What /payment shows must be what Stripe charges: at start-up the Stripe prices are compared with
 * the plans file and any difference is logged (not fatal). A job, so Stripe being down at that
 * moment only delays the check.
 */
export const stripePriceCheck = jobRef('stripe-price-check', z.object({}));

export function stripePriceCheckJob(billing: BillingRuntime, logger: Logger) {
  return defineJob({
    ...stripePriceCheck,
    retries: 5,
    retryDelaySeconds: 30,
    timeoutSeconds: 60,
    concurrency: 1,
    async handler() {
      const problems = (await billing.provider.checkPrices?.(billing.plans)) ?? [];
      for (const problem of problems) logger.error(`Stripe prices do not match the plans file: ${problem}`);
    },
  });
}
