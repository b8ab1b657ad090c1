import {
  type BillingPeriod,
  billingPeriodSchema,
  type PaymentMode,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionStatus,
} from '@polymath/shared';
import { and, eq, or } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { givesPro, isEntitledStatus } from './entitlement.ts';
import { recordRefunds, recordSubscriptionChanges, subscriptionChangesOf } from './money.service.ts';
import { type PaymentProvider, refId, type SubscriptionObject } from './payment-provider.ts';
import { withSubscriptionLock } from './subscription-lock.ts';

/** What the billing services work with; built once in billing-runtime.ts. */
export type BillingContext = {
  database: Database;
  provider: PaymentProvider;
  logger: Logger;
  publicUrl: string;
};

type SubscriptionRow = typeof subscriptions.$inferSelect;
/** `refused`: a second live subscription of a person who has one; it was ended at the provider. */
export type SyncResult = 'applied' | 'unchanged' | 'ignored' | 'refused';

/**
 * Reads the subscription from the provider and stores it: the one path every change takes, from a
 * webhook, a return from checkout, a cancel or a resume. Reading the provider's current state
 * instead of trusting each event's copy makes the result independent of the order events arrive in.
 */
export async function syncSubscription(
  ctx: BillingContext,
  subscriptionId: string,
  userHint?: string,
): Promise<SyncResult> {
  const result = await withSubscriptionLock(ctx.database, subscriptionId, async (): Promise<SyncResult> => {
    const sub = await ctx.provider.retrieveSubscription(subscriptionId);
    if (!sub) {
      ctx.logger.warn({ subscriptionId }, 'billing: the provider does not know this subscription');
      return 'ignored';
    }
    return applySubscription(ctx, sub, userHint);
  });
  // Outside the lock: ending it makes the provider send events about it, which sync it again.
  if (result === 'refused') {
    ctx.logger.warn({ subscriptionId }, 'billing: a second live subscription for one person; refunding and ending it');
    await endDuplicate(ctx, subscriptionId, userHint);
  }
  return result;
}

/**
 * The person must not pay for the duplicate: the provider refunds it and ends it. A refund the
 * provider refuses for good is not retried (the webhook succeeds); it is logged as an error for
 * an operator to settle by hand.
 */
async function endDuplicate(ctx: BillingContext, subscriptionId: string, userId: string | undefined): Promise<void> {
  const outcome = await ctx.provider.cancelDuplicate(subscriptionId);
  const { refunded, notRefunded } = outcome;
  // Kept for the operator console (made, or refused with the provider's reason, to retry there).
  await recordRefunds(ctx.database.db, ctx.provider.mode, subscriptionId, userId, outcome).catch((err: unknown) =>
    ctx.logger.error({ err, subscriptionId }, 'billing: could not store the refunds'),
  );
  if (refunded.length > 0) ctx.logger.info({ subscriptionId, refunded }, 'billing: the duplicate was refunded');
  if (notRefunded.length > 0) {
    ctx.logger.error(
      { subscriptionId, notRefunded },
      'billing: the provider refused to refund the duplicate; refund it in its dashboard',
    );
  }
}

async function applySubscription(ctx: BillingContext, sub: SubscriptionObject, userHint?: string): Promise<SyncResult> {
  const { db } = ctx.database;
  const item = sub.items.data[0];
  const customerId = refId(sub.customer);
  const period = periodOf(ctx.provider, sub);
  const status = SUBSCRIPTION_STATUSES.find((s) => s === sub.status);
  if (!item || !customerId || !period || !status) {
    ctx.logger.warn({ subscriptionId: sub.id }, 'billing: subscription without a known plan, customer or status');
    return 'ignored';
  }
  const userId = sub.metadata?.userId || userHint || (await ownerOf(db, sub.id, customerId));
  if (!userId) {
    ctx.logger.warn({ subscriptionId: sub.id }, 'billing: subscription of no known user');
    return 'ignored';
  }
  const next = {
    userId,
    provider: ctx.provider.mode,
    customerId,
    subscriptionId: sub.id,
    status,
    period,
    amount: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    providerCreatedAt: new Date(sub.created * 1000),
  };

  return db.transaction(async (tx) => {
    // Locking the user serializes writes for one person, whichever of their subscriptions they touch.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return 'ignored';
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const now = Date.now();
    if (current && isDuplicate(next, current, ctx.provider.mode, now)) return 'refused';
    if (current && !replaces(next, current, ctx.provider.mode, now)) return 'unchanged';
    if (current && sameState(next, current)) return 'unchanged';
    // Another user's record cannot hold this subscription (it follows metadata.userId).
    const [holder] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.subscriptionId, sub.id));
    if (holder && holder.userId !== userId) return 'ignored';

    await recordSubscriptionChanges(tx, userId, subscriptionChangesOf(current, { ...next, provider: next.provider }));
    const revision = (current?.revision ?? 0) + 1;
    await tx
      .insert(subscriptions)
      .values({ ...next, revision })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { ...next, revision, updatedAt: new Date() } });
    await tx
      .update(users)
      // What the status gives; the period end bounds it whenever the plan is read (entitlement.ts).
      .set({ accessLevel: isEntitledStatus(status) ? 'pro' : 'free', updatedAt: new Date() })
      .where(eq(users.id, userId));
    return 'applied';
  });
}

type NextState = Omit<SubscriptionRow, 'revision' | 'updatedAt'>;

/**
 * One record per user: a different subscription takes the record when it gives Pro and the stored
 * one does not (any more: its period may have ended before the sweep saw it), or when both rank the
 * same and it is the newer. An old cancelled subscription's late events never overwrite a new active one.
 */
function replaces(next: NextState, current: SubscriptionRow, mode: PaymentMode, now: number): boolean {
  if (next.subscriptionId === current.subscriptionId) return true;
  const rank = (s: NextState) => (givesPro(s, mode, now) ? 1 : 0);
  if (rank(next) !== rank(current)) return rank(next) > rank(current);
  return next.providerCreatedAt.getTime() >= current.providerCreatedAt.getTime();
}

/**
 * One live subscription per person: another subscription that would give Pro while the stored one
 * of the same provider still does is a duplicate (two checkouts both paid). The stored one stays
 * the record; the duplicate is ended. A stored subscription of the other provider (the sandbox's,
 * after a switch to Stripe keys) is no obstacle.
 */
function isDuplicate(next: NextState, current: SubscriptionRow, mode: PaymentMode, now: number): boolean {
  return (
    next.subscriptionId !== current.subscriptionId &&
    current.provider === next.provider &&
    givesPro(next, mode, now) &&
    givesPro(current, mode, now)
  );
}

function sameState(next: NextState, current: SubscriptionRow): boolean {
  return (
    next.subscriptionId === current.subscriptionId &&
    next.status === current.status &&
    next.period === current.period &&
    next.amount === current.amount &&
    next.currency === current.currency &&
    next.customerId === current.customerId &&
    next.cancelAtPeriodEnd === current.cancelAtPeriodEnd &&
    next.currentPeriodEnd.getTime() === current.currentPeriodEnd.getTime()
  );
}

function periodOf(provider: PaymentProvider, sub: SubscriptionObject): BillingPeriod | undefined {
  const priceId = sub.items.data[0]?.price.id;
  const fromPrice = priceId ? provider.periodOfPrice(priceId) : undefined;
  return fromPrice ?? billingPeriodSchema.safeParse(sub.metadata?.period).data;
}

async function ownerOf(db: Db, subscriptionId: string, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(or(eq(subscriptions.subscriptionId, subscriptionId), eq(subscriptions.customerId, customerId)))
    .limit(1);
  return row?.userId;
}

export async function findSubscriptionRow(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The record as My Plan shows it; `entitled` is whether it gives Pro now (entitlement.ts). */
export function toSubscription(row: SubscriptionRow, mode: PaymentMode, now = Date.now()): Subscription {
  return {
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    period: row.period as BillingPeriod,
    status: row.status as SubscriptionStatus,
    amount: row.amount,
    currency: row.currency,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    entitled: givesPro(row, mode, now),
  };
}

export async function getSubscription(db: Db, userId: string, mode: PaymentMode): Promise<Subscription | null> {
  const row = await findSubscriptionRow(db, userId);
  return row ? toSubscription(row, mode) : null;
}

/**
 * Until when an operator's grant of Pro lasts (users.pro_granted_until, decision 037), as ISO; null
 * when there is none or it has ended. My Plan says so, since no subscription explains that Pro.
 */
export async function grantedProUntil(db: Db, userId: string, now = Date.now()): Promise<string | null> {
  const [row] = await db.select({ until: users.proGrantedUntil }).from(users).where(eq(users.id, userId));
  return row?.until && row.until.getTime() > now ? row.until.toISOString() : null;
}

/**
 * Checkout for one plan; refused while the user already has a subscription of this provider that
 * gives Pro. A sandbox subscription left from before Stripe keys were set is no obstacle.
 */
export async function startCheckout(
  ctx: BillingContext,
  user: { id: string; email: string },
  period: BillingPeriod,
): Promise<{ url: string }> {
  const row = await findSubscriptionRow(ctx.database.db, user.id);
  const { mode } = ctx.provider;
  if (row && row.provider === mode && givesPro(row, mode, Date.now())) throw new AppError('ALREADY_SUBSCRIBED');
  // Only the newest checkout can be paid: two paid checkouts would be two subscriptions.
  await ctx.provider.expireOpenCheckouts?.(user.id);
  const { url } = await ctx.provider.createCheckout({
    userId: user.id,
    email: user.email,
    customerId: row?.customerId,
    period,
    // Stripe fills in {CHECKOUT_SESSION_ID}; the sandbox does the same.
    successUrl: `${ctx.publicUrl}/payment?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ctx.publicUrl}/payment?checkout=cancelled`,
  });
  return { url };
}

/**
 * The browser came back from checkout: sync the session's subscription now rather than wait for the
 * webhook, so the success screen shows Pro at once. Only the user who started the session may.
 */
export async function confirmCheckout(
  ctx: BillingContext,
  userId: string,
  sessionId: string,
): Promise<Subscription | null> {
  const session = await ctx.provider.retrieveCheckout(sessionId);
  if (!session || session.client_reference_id !== userId) throw new AppError('CHECKOUT_NOT_FOUND');
  const subscriptionId = refId(session.subscription);
  if (session.status === 'complete' && subscriptionId) await syncSubscription(ctx, subscriptionId, userId);
  return getSubscription(ctx.database.db, userId, ctx.provider.mode);
}

/** Cancel at the end of the period (cancel = true) or take that back (false); Pro stays meanwhile. */
export async function setCancelAtPeriodEnd(
  ctx: BillingContext,
  userId: string,
  cancel: boolean,
): Promise<Subscription | null> {
  const row = await findSubscriptionRow(ctx.database.db, userId);
  if (!row || !givesPro(row, ctx.provider.mode, Date.now())) throw new AppError('NO_SUBSCRIPTION');
  if (row.provider !== ctx.provider.mode) {
    // The sandbox's, after a switch to Stripe: nothing to tell a provider; the sweep ends it on time.
    await ctx.database.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
      .where(eq(subscriptions.userId, userId));
  } else if (row.cancelAtPeriodEnd !== cancel) {
    await ctx.provider.setCancelAtPeriodEnd(row.subscriptionId, cancel);
    await syncSubscription(ctx, row.subscriptionId, userId);
  }
  return getSubscription(ctx.database.db, userId, ctx.provider.mode);
}

export async function createPortal(ctx: BillingContext, userId: string): Promise<{ url: string }> {
  const row = await findSubscriptionRow(ctx.database.db, userId);
  if (!row) throw new AppError('NO_SUBSCRIPTION');
  return ctx.provider.createPortal(row.customerId, `${ctx.publicUrl}/settings/my-plan`);
}

/**
 * A subscription of the other provider (the sandbox's, once the server runs with Stripe keys) is
 * known to no provider that could end it: at its period end it ends here, and Pro with it.
 */
export async function endForeignSubscription(
  ctx: BillingContext,
  userId: string,
  subscriptionId: string,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subscriptionId, subscriptionId)))
      .returning({ userId: subscriptions.userId });
    if (row) await tx.update(users).set({ accessLevel: 'free', updatedAt: new Date() }).where(eq(users.id, userId));
  });
  ctx.logger.info({ subscriptionId }, 'billing: a subscription of another payment provider ended at its period end');
}

/** Account deletion waits until the subscription is cancelled (spec §4): it would renew otherwise. */
export async function hasRenewingSubscription(db: Db, userId: string): Promise<boolean> {
  const row = await findSubscriptionRow(db, userId);
  return Boolean(row && isEntitledStatus(row.status) && !row.cancelAtPeriodEnd);
}
