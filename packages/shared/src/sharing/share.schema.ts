import { z } from 'zod';
import { CHAT_TOOL_IDS } from '../tools/tool-catalogue.ts';

/**
 * Shared chats (issue 29): a read-only public link to a snapshot of one thread, taken when the owner
 * shares it (or updates the link). Whoever holds the link sees the snapshot and its images, never
 * anything else of the owner's: no account id, no email, only the name they chose to show.
 */

/** A share's id: 16 random bytes in base64url, so a link cannot be guessed. */
export const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;
export const shareIdSchema = z.string().regex(SHARE_ID);

/** The public page of a share. */
export function sharePagePath(shareId: string): string {
  return `/share/${encodeURIComponent(shareId)}`;
}

/** What the owner decides when sharing (or updating the link). */
export const shareSettingsSchema = z
  .object({
    /** Show their display name on the page ("Shared by …"); otherwise the page names nobody. */
    showName: z.boolean(),
    /** Include the photos they uploaded (and pictures made from them); otherwise those are withheld. */
    includePhotos: z.boolean(),
  })
  .strict();
export type ShareSettings = z.infer<typeof shareSettingsSchema>;

/** One of the owner's links, as Settings and the share dialog show it. */
export const shareSchema = z.object({
  id: z.string(),
  /** The public page: /share/<id>. */
  path: z.string(),
  threadId: z.string(),
  title: z.string(),
  toolId: z.enum(CHAT_TOOL_IDS),
  /** The name the page shows, or null when the owner chose to show none. */
  sharedName: z.string().nullable(),
  includePhotos: z.boolean(),
  /** Messages in the snapshot. */
  messageCount: z.number().int(),
  createdAt: z.string(),
  /** When the snapshot was taken (the link was created or last updated). */
  updatedAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

export const shareListSchema = z.object({ shares: z.array(shareSchema) });
export type ShareList = z.infer<typeof shareListSchema>;

/** GET /api/shares/threads/:threadId: the thread's live link, if any, and what sharing it involves. */
export const threadShareSchema = z.object({
  share: shareSchema.nullable(),
  /** Photos the person uploaded to this thread (and pictures made from them): sharing them is asked. */
  uploadedPhotos: z.number().int(),
  /** The name the page would show if they choose to show one. */
  displayName: z.string(),
});
export type ThreadShare = z.infer<typeof threadShareSchema>;

/** A picture in a shared chat, served to whoever holds the link. */
export const sharedImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  /** The prompt it was made from (its alternative text). */
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type SharedImage = z.infer<typeof sharedImageSchema>;

export const sharedMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  /** Markdown for answers, plain text for the person's messages. */
  text: z.string(),
  /** How an answer ended when it did not complete. */
  status: z.enum(['stopped', 'interrupted', 'failed']).nullable(),
  createdAt: z.string(),
  /** Photos the person attached: `url` and `name` null when they chose not to share their photos. */
  photos: z.array(z.object({ url: z.string().nullable(), name: z.string().nullable() })),
  /** PDFs the person asked about, by name (the files themselves are not shared). */
  documents: z.array(z.object({ name: z.string() })),
  /** Pictures the answer made. */
  images: z.array(sharedImageSchema),
  /** Pictures made from the person's photo, left out because they chose not to share their photos. */
  withheldImages: z.number().int(),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/** GET /api/shared/:shareId: the public page's content. */
export const sharedChatSchema = z.object({
  title: z.string(),
  toolId: z.enum(CHAT_TOOL_IDS),
  /** The name the owner chose to show, or null. */
  sharedBy: z.string().nullable(),
  /** When the snapshot was taken. */
  sharedAt: z.string(),
  messages: z.array(sharedMessageSchema),
});
export type SharedChat = z.infer<typeof sharedChatSchema>;

/** POST /api/shares/:shareId/continue: the visitor's own copy, to open. */
export const continuedChatSchema = z.object({
  threadId: z.string(),
  toolId: z.enum(CHAT_TOOL_IDS),
  /** Where it opens (threadPagePath). */
  path: z.string(),
});
export type ContinuedChat = z.infer<typeof continuedChatSchema>;
