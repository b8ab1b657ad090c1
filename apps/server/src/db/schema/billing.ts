import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
