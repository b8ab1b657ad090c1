import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * What one model call cost (decision 029): every answer (kind `answer`, one row per answer message,
 * however many provider calls it took: function steps, a retry) and every summary of a long chat
 * (kind `summary`). Tokens are the provider's own counts (the AI SDK's usage); the cost comes from
 * the catalogue's prices at the time. Rows outlive their messages and threads (no foreign key to
 * them) so a purged chat still counts in the day it was paid for; a deleted person's rows lose the
 * person (user_id set null) and keep the numbers.
 */
export const answerUsage = pgTable(
  'answer_usage',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The answer (its message id); null for a summary. */
    messageId: text('message_id').unique(),
    threadId: text('thread_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `answer` | `summary`. */
    kind: text('kind').notNull(),
    /** The UTC day it counts in (the rollup's key; the same day as credits). */
    day: date('day', { mode: 'string' }).notNull(),
    plan: text('plan').notNull(),
    toolId: text('tool_id').notNull(),
    modelId: text('model_id').notNull(),
    provider: text('provider').notNull(),
    /** How the answer ended (complete, stopped, failed, interrupted); complete for a summary. */
    status: text('status').notNull(),
    /** Input tokens as the provider counted them, cached ones included. */
    inputTokens: integer('input_tokens').notNull().default(0),
    /** Of those, read from the provider's prompt cache. */
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    /** Of those, written to the prompt cache (Anthropic). */
    cacheWriteTokens: integer('cache_write_tokens').notNull().default(0),
    /** Output tokens, reasoning included. */
    outputTokens: integer('output_tokens').notNull().default(0),
    reasoningTokens: integer('reasoning_tokens').notNull().default(0),
    /** Our own count of the input we sent (the first call): how far the estimate is from the provider's. */
    estimatedInputTokens: integer('estimated_input_tokens'),
    /** Provider calls made (function steps, a retry after a "too long" refusal). */
    calls: integer('calls').notNull().default(0),
    /** Function calls the model made, by name ({ "web_search": 2 }). */
    functions: jsonb('functions').notNull().default({}),
    /** Milliseconds from the call to the first token (text, reasoning or a function call); null without one. */
    firstTokenMs: integer('first_token_ms'),
    /** US dollars from the catalogue's prices; null when the model has none. */
    costUsd: numeric('cost_usd', { precision: 14, scale: 8, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('answer_usage_day_idx').on(t.day), index('answer_usage_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Usage per UTC day by kind, model, tool and plan: what the operator console reads (90 days).
 * Rebuilt for recent days by the usage-rollup job from answer_usage (answers, summaries: tokens,
 * cost, web searches), images (images and photo translations made) and documents (PDF pages read),
 * so it is always derivable again from those rows. `model_id` is '' where no model applies (PDFs).
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** `answer` | `summary` | `image` | `photo-translation` | `pdf`. */
    kind: text('kind').notNull(),
    modelId: text('model_id').notNull(),
    toolId: text('tool_id').notNull(),
    plan: text('plan').notNull(),
    /** Answers, summaries, images, translations or documents. */
    events: integer('events').notNull(),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    cachedInputTokens: bigint('cached_input_tokens', { mode: 'number' }).notNull().default(0),
    cacheWriteTokens: bigint('cache_write_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    reasoningTokens: bigint('reasoning_tokens', { mode: 'number' }).notNull().default(0),
    /** The sum of the known costs; `unpriced` events had none. */
    costUsd: numeric('cost_usd', { precision: 16, scale: 8, mode: 'number' }).notNull().default(0),
    unpriced: integer('unpriced').notNull().default(0),
    webSearches: integer('web_searches').notNull().default(0),
    pdfPages: integer('pdf_pages').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.modelId, t.toolId, t.plan] })],
);
