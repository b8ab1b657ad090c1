import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** PostgreSQL's tsvector; only ever written by the database itself (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A PDF a person attached to ask about (ask PDF, Pro). Stored `queued` by the upload, read page by
 * page by a job (`reading`, with pages_read), then `ready`, or `failed` with an error code (no text
 * layer, unreadable). The file lives in the file store under file_key; the rows below hold its text.
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    pageCount: integer('page_count').notNull(),
    pagesRead: integer('pages_read').notNull().default(0),
    /** Characters of text over every page, once read: decides whole document or retrieval. */
    textChars: integer('text_chars').notNull().default(0),
    status: text('status').notNull().default('queued'),
    errorCode: text('error_code'),
    fileKey: text('file_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/** The text of one page of a document, as read (the citation panel shows it). */
export const documentPages = pgTable(
  'document_pages',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.page] })],
);

/**
 * A passage of a page, the unit retrieval finds: pages are cut into chunks of a few paragraphs,
 * each with the page it came from, searched with PostgreSQL full-text search (the same on PGlite).
 */
export const documentChunks = pgTable(
  'document_chunks',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** Order within the document. */
    seq: integer('seq').notNull(),
    page: integer('page').notNull(),
    text: text('text').notNull(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', text)`),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] }), index('document_chunks_search_idx').using('gin', t.search)],
);
