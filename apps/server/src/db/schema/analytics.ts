import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** First-party page views: one row per client-side path change. */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    locale: text('locale'),
    theme: text('theme'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_at_idx').on(t.createdAt)],
);
