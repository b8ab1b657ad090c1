import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** PostgreSQL's tsvector; only ever written by the database itself (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A chat thread. The id is made by the browser (so the first message can name its thread before it
 * exists); every query also filters by user_id, so a guessed id never reaches another user's rows.
 * Deleting sets deleted_at (undo clears it); a sweep removes rows deleted long ago.
 */
export const threads = pgTable(
  'threads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: text('tool_id').notNull(),
    title: text('title').notNull(),
    starred: boolean('starred').notNull().default(false),
    modelId: text('model_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last activity: the history's order, its keyset and its date groups. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The answer being generated right now (its message id, also its resumable stream's), if any. */
    activeAnswerId: text('active_answer_id'),
    /** The tool's structured inputs of the latest turn (a horoscope type, a brand name…). */
    toolInput: jsonb('tool_input'),
    titleSearch: tsvector('title_search').generatedAlwaysAs(sql`to_tsvector('simple', title)`),
  },
  (t) => [
    index('threads_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('threads_title_search_idx').using('gin', t.titleSearch),
  ],
);

/**
 * A message in the AI SDK's UIMessage shape (parts as JSON). `text` is the plain text of the parts,
 * for search. An answer is written as it streams: status 'streaming' with a heartbeat, then
 * 'complete', 'stopped', 'failed' or (found stale after a crash) 'interrupted'.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Order within the thread (ids are random). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    role: text('role').notNull(),
    parts: jsonb('parts').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('complete'),
    modelId: text('model_id'),
    /** The daily credit this answer used (free plan); refunded at most once. */
    creditDay: date('credit_day', { mode: 'string' }),
    creditRefunded: boolean('credit_refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped while streaming; a 'streaming' row whose heartbeat is stale belongs to a dead process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /**
     * The instance writing this answer while it streams (its row in instance_leases): once that
     * lease has expired the instance is dead and another takes the answer over (decision 034).
     * Null: written without a lease (tests' in-process apps, rows from before); the heartbeat decides.
     */
    instanceId: text('instance_id'),
    /**
     * What the model reads of this message (its text and function calls), measured once when the
     * answer settles so no turn counts the history again (decision 027): o200k tokens (OpenAI-family
     * models) and the estimate (every other model). Null until measured; a turn measures such rows itself.
     */
    contextTokens: integer('context_tokens'),
    contextEstimate: integer('context_estimate'),
    textSearch: tsvector('text_search').generatedAlwaysAs(sql`to_tsvector('simple', text)`),
  },
  (t) => [
    index('messages_thread_seq_idx').on(t.threadId, t.seq),
    index('messages_user_idx').on(t.userId),
    index('messages_streaming_idx').on(t.status).where(sql`status = 'streaming'`),
    index('messages_text_search_idx').using('gin', t.textSearch),
    /**
     * A thread's messages that carry a PDF (ask PDF): a turn finds the chat's documents from these
     * few rows, not by reading every message of the thread (features/documents/document-turn.ts
     * writes the same condition, word for word, so the planner can use it).
     */
    index('messages_thread_pdf_idx')
      .on(t.threadId, t.seq)
      .where(sql`role = 'user' AND parts @> '[{"type":"file","mediaType":"application/pdf"}]'::jsonb`),
  ],
);

/** Free messages used per user per UTC day; counted with one conditional upsert. */
export const creditUsage = pgTable(
  'credit_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The summary of a thread's earlier messages (decision 028): every message up to `through_seq` is
 * folded into `text`, which a turn sends in place of them. Made in blocks by the thread-summary job
 * (a small model of the thread's provider, or an extract for the demo model), so it changes once per
 * block and the prompt's prefix stays the same between turns. The messages stay in the thread.
 */
export const threadSummaries = pgTable('thread_summaries', {
  threadId: text('thread_id')
    .primaryKey()
    .references(() => threads.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The last message folded in (its seq, and its id for the chat's marker). */
  throughSeq: bigint('through_seq', { mode: 'number' }).notNull(),
  throughMessageId: text('through_message_id').notNull(),
  text: text('text').notNull(),
  /** `model`: written by a model; `extract`: lines taken from the messages (demo, or the model failed). */
  kind: text('kind').notNull(),
  /** The model that wrote it (null for an extract). */
  modelId: text('model_id'),
  contextTokens: integer('context_tokens').notNull(),
  contextEstimate: integer('context_estimate').notNull(),
  /**
   * A chat continued from another one (too long for its model): the summary is of that chat, and
   * through_seq is 0 (none of this thread's messages is in it).
   */
  fromThreadId: text('from_thread_id'),
  /** How many blocks have been folded in. */
  folds: integer('folds').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per running server process, renewed every few seconds while it lives (decision 034). An
 * expired row means its process died: its streaming answers are taken over by a living instance.
 */
export const instanceLeases = pgTable('instance_leases', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
