import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One subscription record per user (features/billing/subscriptions.service.ts). It mirrors the
 * payment provider's subscription as last fetched from it, and sets users.access_level.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'stripe' | 'sandbox' */
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  subscriptionId: text('subscription_id').notNull().unique(),
  /** Stripe's status: active, trialing, past_due, canceled, … */
  status: text('status').notNull(),
  /** 'week' | '3month' | 'monthly' | 'yearly' */
  period: text('period').notNull(),
  /** Price per period before tax, in the currency's minor unit. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
  /** When the provider created the subscription: a newer one replaces an older one of the same rank. */
  providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }).notNull(),
  /** Counts the changes applied to this record; duplicates and no-op syncs leave it alone. */
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already handled, by the provider's event id: a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox payment provider's own records (features/billing/sandbox/). They stand where Stripe's
 * servers would: checkout sessions and subscriptions, stored as the Stripe-shaped objects the
 * sandbox hands to the same code that reads Stripe's.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    /** 'checkout.session' | 'subscription' */
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_objects_user_idx').on(t.userId, t.kind)],
);

/**
 * Every change of a subscription that matters to the money view (decision 039): `started` (it began
 * to give Pro), `cancel_requested` / `resumed` (the person set or cleared cancel at period end) and
 * `ended` (it stopped giving Pro: cancelled, unpaid). Written by syncSubscription in the same
 * transaction as the record, so new and cancelled subscriptions per day survive the one-record-per-person
 * table being overwritten. Kept when the account goes (the person's id is cleared).
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** `started` | `cancel_requested` | `resumed` | `ended` */
    change: text('change').notNull(),
    period: text('period').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_changes_at_idx').on(t.at)],
);

/**
 * Money given back, or refused by the provider with its reason (decision 039): one row per payment
 * of a duplicate subscription (payment-provider.ts cancelDuplicate). A refused one can be retried from
 * the operator console; the retry updates the same row.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The payment refunded: a PaymentIntent or charge id (an invoice payment id when it cannot be refunded). */
    payment: text('payment').notNull().unique(),
    /** The provider's refund id; null when refused or when it had been refunded already. */
    refundId: text('refund_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `refunded` | `refused` */
    status: text('status').notNull(),
    /** Why the provider refused (its code and message). */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_created_idx').on(t.createdAt, t.id)],
);

/**
 * Payment webhook deliveries that failed (decision 039): a signed event we could not handle (the
 * provider retries it; `resolved_at` is set once a retry succeeds) and, counted per day in one row,
 * deliveries whose signature did not verify (anyone can send those, so they never grow the table).
 */
export const webhookFailures = pgTable(
  'webhook_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The event id, or `signature:<day>` for the day's unverified deliveries. */
    key: text('key').notNull().unique(),
    provider: text('provider').notNull(),
    /** `handling` | `signature` */
    reason: text('reason').notNull(),
    eventId: text('event_id'),
    eventType: text('event_type'),
    /** The last error, without secrets or personal data (its class and message). */
    error: text('error').notNull(),
    attempts: integer('attempts').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('webhook_failures_last_idx').on(t.lastAt, t.id)],
);
