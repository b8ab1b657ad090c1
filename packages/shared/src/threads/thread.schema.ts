import { z } from 'zod';
import { oneLineText } from '../app/text.ts';
import { THREAD_TITLE_MAX_LENGTH, VALIDATION_MESSAGES } from '../auth/validation-messages.ts';
import { CHAT_TOOL_IDS } from '../tools/tool-catalogue.ts';
import { THREAD_MESSAGES_PAGE_SIZE, THREAD_PAGE_SIZE, THREAD_SEARCH_MAX_LENGTH } from './thread-limits.ts';
import { threadSummaryMarkerSchema } from './thread-summary.schema.ts';

export const threadSchema = z.object({
  id: z.string(),
  title: z.string(),
  starred: z.boolean(),
  modelId: z.string(),
  toolId: z.enum(CHAT_TOOL_IDS),
  /** The tool's sub-page the thread belongs to, when it has one (the horoscope type: /horoscope/<pathId>/<id>). */
  pathId: z.string().nullable(),
  createdAt: z.string(),
  /** Last activity: the history is ordered and grouped by this. */
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;

/** A thread's title as a person types it: trimmed, not empty, at most 50 characters (spec §5). */
export const threadTitleSchema = oneLineText()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(THREAD_TITLE_MAX_LENGTH, VALIDATION_MESSAGES.titleMax);

export const updateThreadSchema = z
  .object({ title: threadTitleSchema.optional(), starred: z.boolean().optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.starred !== undefined, { message: VALIDATION_MESSAGES.required });
export type UpdateThread = z.infer<typeof updateThreadSchema>;

export { THREAD_MESSAGES_PAGE_SIZE, THREAD_PAGE_SIZE, THREAD_SEARCH_MAX_LENGTH } from './thread-limits.ts';

/** GET /api/threads query: keyset pages (cursor from the previous page), starred view, search. */
export const threadListQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(THREAD_PAGE_SIZE),
    starred: z.stringbool().optional(),
    q: z.string().trim().max(THREAD_SEARCH_MAX_LENGTH).optional(),
    /** Only this tool's threads. */
    toolId: z.enum(CHAT_TOOL_IDS).optional(),
  })
  .strict();
export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;

export const threadListResponseSchema = z.object({
  threads: z.array(threadSchema),
  nextCursor: z.string().nullable(),
});
export type ThreadListResponse = z.infer<typeof threadListResponseSchema>;

/** How an answer ended; `streaming` while it is being generated. */
export const MESSAGE_STATUSES = ['complete', 'streaming', 'stopped', 'interrupted', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Metadata the server puts on every stored and streamed message (AI SDK UIMessage.metadata). */
export const chatMessageMetadataSchema = z.object({
  modelId: z.string().optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  createdAt: z.string().optional(),
});
export type ChatMessageMetadata = z.infer<typeof chatMessageMetadataSchema>;

/** A stored message in the AI SDK's UIMessage shape (parts: text, reasoning, file). */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  parts: z.array(z.record(z.string(), z.unknown())),
  metadata: chatMessageMetadataSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * Where the messages before a page start: pass it as `cursor` to GET /api/threads/:id/messages;
 * null when the page reaches the thread's first message.
 */
const olderCursorSchema = z.string().nullable();

/**
 * GET /api/threads/:id: the thread, its newest messages in order (a page of at most
 * THREAD_MESSAGES_PAGE_SIZE; `olderCursor` leads to the ones before), the answer being written if
 * one is (resume its stream), and the tool's inputs of the latest turn.
 */
export const threadDetailSchema = z.object({
  thread: threadSchema,
  messages: z.array(chatMessageSchema),
  olderCursor: olderCursorSchema,
  activeAnswerId: z.string().nullable(),
  toolInput: z.record(z.string(), z.unknown()).nullable(),
  /** Where earlier messages are summarised for the model, if they are (a long chat). */
  summary: threadSummaryMarkerSchema.nullable().optional(),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/** GET /api/threads/:id/messages query: the page before `cursor` (a previous page's olderCursor). */
export const threadMessagesQuerySchema = z
  .object({
    cursor: z.string().regex(/^[1-9][0-9]{0,14}$/, 'Invalid cursor'),
    limit: z.coerce.number().int().min(1).max(THREAD_MESSAGES_PAGE_SIZE).default(THREAD_MESSAGES_PAGE_SIZE),
  })
  .strict();
export type ThreadMessagesQuery = z.infer<typeof threadMessagesQuerySchema>;

/** GET /api/threads/:id/messages: older messages, in order, and the cursor to the ones before them. */
export const threadMessagesPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  olderCursor: olderCursorSchema,
});
export type ThreadMessagesPage = z.infer<typeof threadMessagesPageSchema>;
