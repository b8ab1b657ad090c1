import { eq } from 'drizzle-orm';
import { billingEvents } from '../../db/schema/index.ts';
import { payments } from '../../lib/metrics.ts';
import { recordWebhookFailure, resolveWebhookFailure } from './money.service.ts';
import { type EventObject, refId } from './payment-provider.ts';
import { type BillingContext, type SyncResult, syncSubscription } from './subscriptions.service.ts';

export type EventResult = SyncResult | 'duplicate';

/**
 * A webhook delivery: verified on the raw body (the provider throws WebhookSignatureError), claimed
 * by event id so a redelivery changes nothing, then turned into a sync of the subscription it is
 * about. If the sync fails the claim is released, the route answers 5xx and the provider retries.
 */
export async function receiveWebhook(
  ctx: BillingContext,
  rawBody: string,
  signature: string | undefined,
): Promise<EventResult> {
  const event = ctx.provider.verifyEvent(rawBody, signature);
  const { db } = ctx.database;
  const claimed = await db
    .insert(billingEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (claimed.length === 0) return 'duplicate';
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded')
    payments.inc({ outcome: 'succeeded' });
  else if (event.type === 'invoice.payment_failed') payments.inc({ outcome: 'failed' });
  try {
    const target = subscriptionOf(event);
    const result = target ? await syncSubscription(ctx, target.subscriptionId, target.userId) : 'ignored';
    ctx.logger.info({ eventId: event.id, type: event.type, result }, 'billing event');
    // A redelivery of an event that failed before: no longer a failure in the console.
    await resolveWebhookFailure(db, event.id).catch((err: unknown) =>
      ctx.logger.warn({ err, eventId: event.id }, 'could not mark the webhook failure resolved'),
    );
    return result;
  } catch (err) {
    await db.delete(billingEvents).where(eq(billingEvents.id, event.id));
    await recordWebhookFailure(db, {
      reason: 'handling',
      provider: ctx.provider.mode,
      eventId: event.id,
      eventType: event.type,
      error: err,
    }).catch((recordErr: unknown) => ctx.logger.warn({ err: recordErr }, 'could not store the webhook failure'));
    throw err;
  }
}

type Target = { subscriptionId: string; userId: string | undefined };

/** Which subscription an event is about; undefined for events we do not act on. */
export function subscriptionOf(event: EventObject): Target | undefined {
  const object = event.data.object as Record<string, unknown> & {
    metadata?: Record<string, string> | null;
  };
  const userId = (object.client_reference_id as string | null | undefined) ?? object.metadata?.userId ?? undefined;
  if (event.type.startsWith('customer.subscription.')) {
    return typeof object.id === 'string' ? { subscriptionId: object.id, userId } : undefined;
  }
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const id = object.mode === 'subscription' ? refId(object.subscription as string | null) : undefined;
    return id ? { subscriptionId: id, userId } : undefined;
  }
  if (event.type.startsWith('invoice.')) {
    // API 2026-10-28 names the subscription under parent.subscription_details; older versions at the top.
    const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
    const id = refId(parent?.subscription_details?.subscription) ?? refId(object.subscription as string | null);
    return id ? { subscriptionId: id, userId: undefined } : undefined;
  }
  return undefined;
}
