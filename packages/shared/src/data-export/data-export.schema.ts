import { z } from 'zod';
import { CHAT_TOOL_IDS } from '../tools/tool-catalogue.ts';

/**
 * "Download my data" (issue 29): one zip of everything the app keeps about a person, built by a job,
 * downloadable by them while signed in for DATA_EXPORT_KEEP_DAYS days, then deleted.
 */

/** How long a finished export can be downloaded before a job deletes it. */
export const DATA_EXPORT_KEEP_DAYS = 7;

export const DATA_EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Items written to the archive so far, of all it will hold (threads, images, files). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When a ready export is deleted. */
  expiresAt: z.string().nullable(),
  /** The archive's size once ready. */
  bytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/data-export: the person's export, if any (an expired one is gone). */
export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** The formats one thread can be downloaded in from its menu. */
export const THREAD_EXPORT_FORMATS = ['markdown', 'json'] as const;
export type ThreadExportFormat = (typeof THREAD_EXPORT_FORMATS)[number];
export const threadExportQuerySchema = z.object({ format: z.enum(THREAD_EXPORT_FORMATS) }).strict();

/** Where one thread's export downloads from. */
export function threadExportPath(threadId: string, format: ThreadExportFormat): string {
  return `/api/data-export/threads/${encodeURIComponent(threadId)}?format=${format}`;
}

/**
 * A thread as JSON (the archive's threads/*.json and the thread menu's JSON download). `parts` are
 * the stored message parts in the AI SDK's UIMessage shape, as the app keeps them.
 */
export const threadExportSchema = z
  .object({
    format: z.literal('polymath-thread'),
    version: z.literal(1),
    thread: z
      .object({
        id: z.string(),
        title: z.string(),
        toolId: z.enum(CHAT_TOOL_IDS),
        modelId: z.string(),
        starred: z.boolean(),
        createdAt: z.iso.datetime({ offset: true }),
        updatedAt: z.iso.datetime({ offset: true }),
      })
      .strict(),
    messages: z.array(
      z
        .object({
          id: z.string(),
          role: z.enum(['user', 'assistant']),
          createdAt: z.iso.datetime({ offset: true }),
          status: z.string(),
          modelId: z.string().nullable(),
          /** The message's text (answers in Markdown). */
          text: z.string(),
          parts: z.array(z.record(z.string(), z.unknown())),
        })
        .strict(),
    ),
  })
  .strict();
export type ThreadExport = z.infer<typeof threadExportSchema>;
