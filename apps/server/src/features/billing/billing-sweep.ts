import { SUBSCRIPTION_ENTITLED_STATUSES } from '@polymath/shared';
import { and, inArray, lt } from 'drizzle-orm';
import { billingEvents, subscriptions } from '../../db/schema/index.ts';
import type { BillingRuntime } from './billing-runtime.ts';
import { endForeignSubscription, syncSubscription } from './subscriptions.service.ts';

/** Stripe renews or ends a subscription within about an hour of its period end. */
const STRIPE_GRACE_MS = 3_600_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Stripe retries a delivery for up to three days; an event id older than this cannot come back. */
const EVENT_MEMORY_MS = 30 * 86_400_000;

/**
 * Housekeeping every ten minutes. Subscriptions that still give Pro an hour after their period ended
 * mean a webhook went missing:
 * re-sync them from the provider. The sandbox has no servers of its own to renew or end
 * subscriptions when their period ends, so here it does that first, as Stripe would. A sandbox
 * subscription left from before the server had Stripe keys is known to no provider: it ends here at
 * its period end (in Stripe mode the provider would answer "no such subscription" forever). Event ids
 * older than any redelivery are forgotten.
 */
export async function sweepExpiredSubscriptions(billing: BillingRuntime, now = new Date()): Promise<number> {
  const grace = billing.sandbox ? 0 : STRIPE_GRACE_MS;
  const due = await billing.database.db
    .select({
      userId: subscriptions.userId,
      subscriptionId: subscriptions.subscriptionId,
      provider: subscriptions.provider,
    })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...SUBSCRIPTION_ENTITLED_STATUSES]),
        lt(subscriptions.currentPeriodEnd, new Date(now.getTime() - grace)),
      ),
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

/** Runs the sweep now and every ten minutes; the returned function stops it and waits for a run. */
export function scheduleBillingSweep(billing: BillingRuntime, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweepExpiredSubscriptions(billing).catch(onError);
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
