import { type BillingPeriod, SUBSCRIPTION_ENTITLED_STATUSES } from '@polymath/shared';
import type {
  MoneyReport,
  RefundItem,
  RefundPage,
  WebhookFailureItem,
  WebhookFailurePage,
} from '@polymath/shared/admin/console.schema';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type afterCursor, decodeCursor, encodeCursor, keysetTime } from '../../db/keyset.ts';
import { queryRows } from '../../db/query-rows.ts';
import { refunds, subscriptionChanges, webhookFailures } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { usageDay, usageDays } from '../usage/index.ts';
import { isEntitledStatus } from './entitlement.ts';
import type { DuplicateEnded, PaymentProvider } from './payment-provider.ts';
import type { PlansConfig } from './plans.ts';

/**
 * What the operator console shows of money (issue 28 part 4, decision 039): live subscriptions by
 * billing period, monthly recurring revenue from the plans' prices, new and cancelled subscriptions
 * per day (subscription_changes), refunds made and refused with the provider's reason (refunds,
 * with a retry), and webhook deliveries that failed (webhook_failures).
 */

type Tx = Pick<Db, 'insert'>;
type SubscriptionState = {
  subscriptionId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  period: string;
  amount: number;
  currency: string;
  provider: string;
};
export type SubscriptionChange = 'started' | 'cancel_requested' | 'resumed' | 'ended';

/** The changes between the stored record and the next one (none when nothing that counts changed). */
export function subscriptionChangesOf(
  current: SubscriptionState | undefined,
  next: SubscriptionState,
): { subscription: SubscriptionState; change: SubscriptionChange }[] {
  const out: { subscription: SubscriptionState; change: SubscriptionChange }[] = [];
  const live = (s: SubscriptionState) => isEntitledStatus(s.status);
  if (!current || current.subscriptionId !== next.subscriptionId) {
    // A different subscription takes the record: the old one, if it still counted, has ended.
    if (current && live(current)) out.push({ subscription: current, change: 'ended' });
    if (live(next)) {
      out.push({ subscription: next, change: 'started' });
      if (next.cancelAtPeriodEnd) out.push({ subscription: next, change: 'cancel_requested' });
    }
    return out;
  }
  if (live(current) && !live(next)) return [{ subscription: next, change: 'ended' }];
  if (!live(current) && live(next)) out.push({ subscription: next, change: 'started' });
  if (live(next) && !current.cancelAtPeriodEnd && next.cancelAtPeriodEnd) {
    out.push({ subscription: next, change: 'cancel_requested' });
  }
  if (live(next) && live(current) && current.cancelAtPeriodEnd && !next.cancelAtPeriodEnd) {
    out.push({ subscription: next, change: 'resumed' });
  }
  return out;
}

/** Writes them in the transaction that changes the record. */
export async function recordSubscriptionChanges(
  tx: Tx,
  userId: string,
  changes: ReturnType<typeof subscriptionChangesOf>,
  at: Date = new Date(),
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(subscriptionChanges).values(
    changes.map(({ subscription: s, change }) => ({
      userId,
      provider: s.provider,
      subscriptionId: s.subscriptionId,
      change,
      period: s.period,
      amount: s.amount,
      currency: s.currency,
      at,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** Stores what ending a duplicate did with each payment (a payment's row is updated if it exists). */
export async function recordRefunds(
  db: Db,
  provider: string,
  subscriptionId: string,
  userId: string | undefined,
  outcome: DuplicateEnded,
): Promise<void> {
  const rows = [
    ...outcome.refunded.map((r) => ({
      payment: r.payment,
      refundId: r.refund,
      amount: r.amount,
      currency: r.currency,
      status: 'refunded',
      reason: null,
    })),
    ...outcome.notRefunded.map((r) => ({
      payment: r.payment,
      refundId: null,
      amount: r.amount,
      currency: r.currency,
      status: 'refused',
      reason: r.reason,
    })),
  ];
  for (const row of rows) {
    await db
      .insert(refunds)
      .values({ ...row, provider, subscriptionId, userId: userId ?? null })
      .onConflictDoUpdate({
        target: refunds.payment,
        set: {
          refundId: row.refundId,
          status: row.status,
          reason: row.reason,
          attempts: sql`${refunds.attempts} + 1`,
          updatedAt: new Date(),
        },
      });
  }
}

function toRefundItem(row: typeof refunds.$inferSelect): RefundItem {
  return {
    id: String(row.id),
    provider: row.provider,
    subscriptionId: row.subscriptionId,
    userId: row.userId,
    payment: row.payment,
    refundId: row.refundId,
    amount: row.amount,
    currency: row.currency,
    status: row.status === 'refunded' ? 'refunded' : 'refused',
    reason: row.reason,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getRefund(db: Db, id: string): Promise<RefundItem | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.id, Number(id)));
  return row ? toRefundItem(row) : null;
}

/**
 * Asks the provider once more for a refused refund (an operator's action: the reason may have gone,
 * a dispute closed). The same row records the answer. A refund already made is not made twice
 * (409); a provider that takes no payments (the sandbox) cannot refund (503 PAYMENTS_UNAVAILABLE).
 */
export async function retryRefund(
  db: Db,
  provider: PaymentProvider,
  id: string,
): Promise<{ before: RefundItem; after: RefundItem }> {
  const before = await getRefund(db, id);
  if (!before) throw new AppError('NOT_FOUND', 'No such refund.');
  if (before.status === 'refunded') throw new AppError('ALREADY_REFUNDED');
  if (!provider.refundPayment || before.provider !== provider.mode) {
    throw new AppError('PAYMENTS_UNAVAILABLE', `The ${before.provider} payments cannot be refunded from this server.`);
  }
  const answer = await provider.refundPayment({
    payment: before.payment,
    subscriptionId: before.subscriptionId,
    attempt: before.attempts + 1,
  });
  const [row] = await db
    .update(refunds)
    .set({
      status: answer.refunded ? 'refunded' : 'refused',
      refundId: answer.refunded ? answer.refundId : null,
      reason: answer.refunded ? null : answer.reason,
      attempts: sql`${refunds.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(refunds.id, Number(id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No such refund.');
  return { before, after: toRefundItem(row) };
}

function page<T>(rows: T[], limit: number, cursorOf: (row: T) => { time: string; id: string }) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

function cursorCondition(value: string | undefined, time: Parameters<typeof afterCursor>[0], id: SQL): SQL | undefined {
  if (value === undefined) return undefined;
  const cursor = decodeCursor(value);
  if (!cursor || !/^\d{1,18}$/.test(cursor.id)) {
    throw new AppError('VALIDATION_FAILED', 'This cursor is not one of ours.', {
      fields: [{ path: 'cursor', message: 'Invalid cursor' }],
    });
  }
  return sql`(${time}, ${id}) < (${cursor.time}::timestamptz, ${Number(cursor.id)})`;
}

/** Refunds, newest first, paged by keyset; `status` keeps only made or refused ones. */
export async function listRefunds(
  db: Db,
  query: { cursor?: string | undefined; limit: number; status?: 'refunded' | 'refused' | undefined },
): Promise<RefundPage> {
  const rows = await db
    .select({ row: refunds, at: keysetTime(refunds.createdAt) })
    .from(refunds)
    .where(
      and(
        query.status ? eq(refunds.status, query.status) : undefined,
        cursorCondition(query.cursor, refunds.createdAt, sql`${refunds.id}`),
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit, (r) => ({ time: r.at, id: String(r.row.id) }));
  return { items: items.map((r) => toRefundItem(r.row)), nextCursor };
}

// ---------------------------------------------------------------------------------------------
// Webhook deliveries that failed

/** An error's class and message, cut short: never the body, never a header. */
export function describeError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.replace(/(sk|rk|whsec)_[A-Za-z0-9_]+/g, '$1_…').slice(0, 500);
}

/**
 * A signed event we could not handle (`handling`: the provider will deliver it again), or a delivery
 * whose signature did not verify (`signature`: counted per UTC day in one row, since anyone can send
 * one). Recording never fails the webhook's answer.
 */
export async function recordWebhookFailure(
  db: Db,
  failure:
    | { reason: 'handling'; provider: string; eventId: string; eventType: string; error: unknown }
    | { reason: 'signature'; provider: string; error: unknown },
  now: Date = new Date(),
): Promise<void> {
  const key = failure.reason === 'handling' ? failure.eventId : `signature:${failure.provider}:${usageDay(now)}`;
  const error = describeError(failure.error);
  await db
    .insert(webhookFailures)
    .values({
      key,
      provider: failure.provider,
      reason: failure.reason,
      eventId: failure.reason === 'handling' ? failure.eventId : null,
      eventType: failure.reason === 'handling' ? failure.eventType : null,
      error,
      firstAt: now,
      lastAt: now,
    })
    .onConflictDoUpdate({
      target: webhookFailures.key,
      set: { error, attempts: sql`${webhookFailures.attempts} + 1`, lastAt: now, resolvedAt: null },
    });
}

/** A redelivery of a failed event that succeeded. */
export async function resolveWebhookFailure(db: Db, eventId: string, now: Date = new Date()): Promise<void> {
  await db
    .update(webhookFailures)
    .set({ resolvedAt: now })
    .where(and(eq(webhookFailures.key, eventId), isNull(webhookFailures.resolvedAt)));
}

export async function listWebhookFailures(
  db: Db,
  query: { cursor?: string | undefined; limit: number },
): Promise<WebhookFailurePage> {
  const rows = await db
    .select({ row: webhookFailures, at: keysetTime(webhookFailures.lastAt) })
    .from(webhookFailures)
    .where(cursorCondition(query.cursor, webhookFailures.lastAt, sql`${webhookFailures.id}`))
    .orderBy(desc(webhookFailures.lastAt), desc(webhookFailures.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit, (r) => ({ time: r.at, id: String(r.row.id) }));
  return {
    items: items.map(
      ({ row }): WebhookFailureItem => ({
        id: String(row.id),
        provider: row.provider,
        reason: row.reason === 'signature' ? 'signature' : 'handling',
        eventId: row.eventId,
        eventType: row.eventType,
        error: row.error,
        attempts: row.attempts,
        firstAt: row.firstAt.toISOString(),
        lastAt: row.lastAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
      }),
    ),
    nextCursor,
  };
}

// ---------------------------------------------------------------------------------------------
// The money report

/** Months one period of each plan lasts: a monthly figure is the period's price over these. */
const MONTHS_PER_PERIOD: Record<BillingPeriod, number> = { week: 12 / 52, monthly: 1, '3month': 3, yearly: 12 };

export async function moneyReport(
  db: Db,
  plans: PlansConfig,
  query: { days: number },
  now: Date = new Date(),
): Promise<MoneyReport> {
  const live = await queryRows<{ period: string; count: string }>(
    db,
    sql`select period, count(*) as count from subscriptions
        where status in (${sql.join(
          SUBSCRIPTION_ENTITLED_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}) and current_period_end > ${now.toISOString()}::timestamptz
        group by period order by period`,
  );
  const price = new Map(plans.prices.map((p) => [p.period as string, p]));
  let mrr = 0;
  for (const row of live) {
    const plan = price.get(row.period);
    if (plan) mrr += (plan.amount / MONTHS_PER_PERIOD[plan.period]) * Number(row.count);
  }
  const days = usageDays(now, query.days);
  const changes = await queryRows<{ day: string; change: string; count: string }>(
    db,
    sql`select (at at time zone 'UTC')::date::text as day, change, count(*) as count
        from subscription_changes
        where at >= ${days[0]}::date and at < (${days.at(-1)}::date + 1)
        group by 1, 2`,
  );
  const count = (day: string, change: SubscriptionChange) =>
    Number(changes.find((c) => c.day === day && c.change === change)?.count ?? 0);
  return {
    live: live.map((r) => ({ period: r.period, count: Number(r.count) })),
    mrr: { amount: Math.round(mrr), currency: plans.prices[0]?.currency ?? 'usd' },
    daily: days.map((day) => ({
      day,
      started: count(day, 'started'),
      cancelRequested: count(day, 'cancel_requested'),
      ended: count(day, 'ended'),
    })),
    days: query.days,
  };
}
