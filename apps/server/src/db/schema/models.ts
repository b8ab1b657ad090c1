import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last check of each catalogue model against its provider's model list (decision 039), made at
 * start-up and every hour by the `model-check` job on one instance; every instance reads it to hide
 * models the provider no longer serves from the pickers.
 */
export const modelChecks = pgTable('model_checks', {
  modelId: text('model_id').primaryKey(),
  provider: text('provider').notNull(),
  /** The id sent to the provider (the catalogue's providerModelId: an alias, or the id itself). */
  providerModelId: text('provider_model_id').notNull(),
  keySet: boolean('key_set').notNull(),
  /** Whether the provider lists (or resolves) the id; null when unknown (no key, or its list failed). */
  served: boolean('served'),
  /** Why the list could not be read. */
  error: text('error'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
