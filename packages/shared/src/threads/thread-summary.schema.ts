import { z } from 'zod';

/**
 * Where a long chat's earlier messages are summarised for the model (decision 028): the chat shows a
 * quiet marker after `throughMessageId` (before its first message when it is '', a chat continued
 * from `fromThreadId`); the messages themselves stay, to scroll and search.
 */
export const threadSummaryMarkerSchema = z.object({
  throughMessageId: z.string(),
  text: z.string(),
  /** `model`: written by a model; `extract`: lines taken from the messages (no AI model wrote it). */
  kind: z.enum(['model', 'extract']),
  fromThreadId: z.string().nullable(),
});
export type ThreadSummaryMarker = z.infer<typeof threadSummaryMarkerSchema>;

/** POST /api/chat/:threadId/continue: the new chat that starts with a summary of this one. */
export const continueChatResponseSchema = z.object({ threadId: z.string() });
export type ContinueChatResponse = z.infer<typeof continueChatResponseSchema>;
