import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Chat inside WhatsApp (features/whatsapp). A number is linked to one account and an account has at
 * most one number; messages in and out are kept by WhatsApp's message id so redeliveries and
 * retries change nothing.
 */

/** A linked number: the account it chats as, the model it uses and its current WhatsApp thread. */
export const whatsappLinks = pgTable('whatsapp_links', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164, e.g. +905321234567. */
  phone: text('phone').notNull().unique(),
  /** The country chosen in the dialog (ISO 3166-1 alpha-2). */
  country: text('country').notNull(),
  /** The AI Chat model the person used on the web when linking (or chose since). */
  modelId: text('model_id').notNull(),
  /** Language of the replies the app writes itself (notices, the code). */
  locale: text('locale').notNull().default('en'),
  /** The thread WhatsApp messages go to; null until the first message or after /new. */
  threadId: text('thread_id'),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The code sent to link a number: the latest one per account. Stored as an HMAC, with its expiry and
 * the tries used, so the 10 minutes and 5 tries hold across restarts and instances.
 */
export const whatsappCodes = pgTable('whatsapp_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  country: text('country').notNull(),
  modelId: text('model_id').notNull(),
  locale: text('locale').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** WhatsApp's id of the code message: its delivery status comes back under it. */
  messageId: text('message_id'),
  /**
   * The account the number was linked to when the code was sent, when another: the code went to
   * that link's phone, so it may move the number from that account and from no other.
   */
  linkedTo: text('linked_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every code sent: the hourly limits per account and per number count these. */
export const whatsappCodeSends = pgTable(
  'whatsapp_code_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_code_sends_user_idx').on(t.userId, t.sentAt),
    index('whatsapp_code_sends_phone_idx').on(t.phone, t.sentAt),
  ],
);

/**
 * Messages received, by WhatsApp's message id: the first delivery inserts the row and queues its
 * job; a redelivery finds the row and does nothing. `sentAt` (WhatsApp's timestamp) opens the
 * 24-hour window in which replies may be sent to that number.
 */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    type: text('type').notNull(),
    /** The message object as WhatsApp sent it. */
    body: jsonb('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** received → handled (answered, refused or ignored), or failed when every try failed. */
    state: text('state').notNull().default('received'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The chat answer written for it, once its turn started. */
    answerId: text('answer_id'),
  },
  (t) => [index('whatsapp_inbound_phone_idx').on(t.phone, t.sentAt)],
);

/**
 * Messages the app sends (answers, notices), each sent by a job that skips what was already sent.
 * `dedupeKey` makes a one-off message (the reply to an unknown number, a daily notice) unique.
 */
export const whatsappOutbound = pgTable(
  'whatsapp_outbound',
  {
    id: text('id').primaryKey(),
    dedupeKey: text('dedupe_key').unique(),
    phone: text('phone').notNull(),
    /** The message it answers. */
    inboundId: text('inbound_id'),
    /** Its place among the messages of one reply (a long answer is sent in parts). */
    part: integer('part').notNull().default(0),
    text: text('text').notNull(),
    /** pending → sent, or failed (WhatsApp refused it), or expired (the 24-hour window closed). */
    state: text('state').notNull().default('pending'),
    /** WhatsApp's id once sent: status callbacks name it. */
    messageId: text('message_id').unique(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('whatsapp_outbound_inbound_idx').on(t.inboundId)],
);

/**
 * WhatsApp's status callbacks (sent, delivered, read, failed), one row per message and status.
 * Recording each one, instead of overwriting a single state, makes arrival order irrelevant: a
 * message's state is its furthest status.
 */
export const whatsappStatuses = pgTable(
  'whatsapp_statuses',
  {
    messageId: text('message_id').notNull(),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    recipient: text('recipient'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.status] })],
);

/**
 * The WhatsApp sandbox (test mode, no Cloud API keys): which account plays which number on the
 * sandbox phone page. Messages the app sends to a number appear on that account's phone.
 */
export const whatsappSandboxPhones = pgTable('whatsapp_sandbox_phones', {
  phone: text('phone').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox phones' messages, as a phone shows them: typed there ('in') or sent by the app ('out'). */
export const whatsappSandboxMessages = pgTable(
  'whatsapp_sandbox_messages',
  {
    /** The WhatsApp-style message id (wamid.…) the sandbox gave it. */
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    direction: text('direction').notNull(),
    /** 'text' or 'template' (the code). */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_sandbox_messages_phone_idx').on(t.userId, t.phone, t.seq)],
);
