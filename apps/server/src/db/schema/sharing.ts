import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { threads } from './chat.ts';

/**
 * A shared chat (features/sharing): a public link to a snapshot of one thread, taken when it was
 * shared or last updated. Revoking sets revoked_at; the thread's deletion (soft or for good) or the
 * account's ends it too. Every public read asks this table, so a revoked link stops everywhere at once.
 */
export const sharedChats = pgTable(
  'shared_chats',
  {
    /** 16 random bytes, base64url: the link's only secret. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: text('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    toolId: text('tool_id').notNull(),
    /** The name the page shows (the owner's choice at share time), or null for none. */
    sharedName: text('shared_name'),
    includePhotos: boolean('include_photos').notNull(),
    /** The messages as the page shows them (features/sharing/share-snapshot.ts). */
    snapshot: jsonb('snapshot').notNull(),
    messageCount: integer('message_count').notNull(),
    /** The owner's images the snapshot shows: the only ones the link serves. */
    imageIds: text('image_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The owner's attached photos (attachment file names) the snapshot shows: the only ones served. */
    photoNames: text('photo_names').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the snapshot was taken. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // One live link per thread: sharing again updates it.
    uniqueIndex('shared_chats_live_thread_idx').on(t.threadId).where(sql`revoked_at is null`),
    index('shared_chats_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * A person's data export (features/data-export): at most one per person. Made `queued`, built by a
 * job (`building`, with progress), then `ready` with its zip in the file store until expires_at, when
 * a job deletes both; or `failed`.
 */
export const dataExports = pgTable('data_exports', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('queued'),
  itemsDone: integer('items_done').notNull().default(0),
  itemsTotal: integer('items_total').notNull().default(0),
  fileKey: text('file_key'),
  bytes: bigint('bytes', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
