import { z } from 'zod';
import { LOCALES } from '../app/constants.ts';
import { oneLineText, storableText } from '../app/text.ts';
import { documentIdFromUrl, PDF_MEDIA_TYPE, PDFS_PER_MESSAGE } from '../documents/documents.schema.ts';
import { CHAT_ATTACHMENT_TYPES, CHAT_ATTACHMENTS_PER_MESSAGE } from '../models/model.schema.ts';
import { CHAT_TOOL_IDS } from '../tools/tool-catalogue.ts';

export const CHAT_MESSAGE_MAX_LENGTH = 20_000;

/** Ids the browser makes (thread ids, message ids): short, URL-safe. */
export const clientIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A catalogue model id ("gpt-4o-mini", "llama3.1:8b", "accounts/x/models/y"). */
const modelIdSchema = oneLineText().min(1).max(100);

const textPartSchema = z
  .object({ type: z.literal('text'), text: storableText().max(CHAT_MESSAGE_MAX_LENGTH) })
  .strict();

/** An image the user attached: uploaded first (POST /api/chat/attachments); `url` is what that returned. */
const imagePartSchema = z
  .object({
    type: z.literal('file'),
    mediaType: z.enum(CHAT_ATTACHMENT_TYPES),
    url: z.string().regex(/^\/api\/files\/attachments\/[A-Za-z0-9_-]+\.webp$/),
    filename: oneLineText().max(255).optional(),
  })
  .strict();

/** A PDF the user attached (ask PDF, Pro): uploaded first (POST /api/documents); `url` names the document. */
const documentPartSchema = z
  .object({
    type: z.literal('file'),
    mediaType: z.literal(PDF_MEDIA_TYPE),
    url: z.string().refine((url) => documentIdFromUrl(url) !== null, { message: 'Not a document' }),
    filename: oneLineText().max(255).optional(),
  })
  .strict();

const filePartSchema = z.discriminatedUnion('mediaType', [imagePartSchema, documentPartSchema]);

export const userMessageSchema = z
  .object({
    id: clientIdSchema,
    role: z.literal('user'),
    parts: z
      .array(z.discriminatedUnion('type', [textPartSchema, filePartSchema]))
      .min(1)
      .max(CHAT_ATTACHMENTS_PER_MESSAGE + PDFS_PER_MESSAGE + 1)
      .refine((parts) => parts.some((p) => p.type === 'text' && p.text.trim() !== ''), {
        message: 'A message needs text',
      })
      .refine(
        (parts) =>
          parts.filter((p) => p.type === 'file' && p.mediaType !== PDF_MEDIA_TYPE).length <=
          CHAT_ATTACHMENTS_PER_MESSAGE,
        {
          message: `At most ${CHAT_ATTACHMENTS_PER_MESSAGE} images`,
        },
      )
      .refine(
        (parts) => parts.filter((p) => p.type === 'file' && p.mediaType === PDF_MEDIA_TYPE).length <= PDFS_PER_MESSAGE,
        {
          message: `At most ${PDFS_PER_MESSAGE} documents`,
        },
      ),
    metadata: z.unknown().optional(),
  })
  .strict();
export type UserMessage = z.infer<typeof userMessageSchema>;

/**
 * A tool's structured inputs (the fields its page shows above the message box: a horoscope type and
 * sign, a brand name…). Each tool checks them with its own schema on the server; here only their
 * outer shape is fixed.
 */
export const toolInputSchema = z.record(z.string().max(64), z.unknown());
export type ToolInput = z.infer<typeof toolInputSchema>;

/** What every request names besides its message: the thread, the tool, the model, the UI language. */
const turnFields = {
  threadId: clientIdSchema,
  toolId: z.enum(CHAT_TOOL_IDS),
  modelId: modelIdSchema,
  /** The language the person uses the app in: tools answer and write their prompts in it. */
  locale: z.enum(LOCALES).optional(),
  toolInput: toolInputSchema.optional(),
};

/**
 * POST /api/chat. `submit-message` sends `message`: a new one, or an edit of an earlier user
 * message (same id; everything after it is replaced). `regenerate-message` answers the last user
 * message again, replacing the answer `messageId`.
 */
export const chatRequestSchema = z.discriminatedUnion('trigger', [
  z
    .object({
      trigger: z.literal('submit-message'),
      ...turnFields,
      message: userMessageSchema,
    })
    .strict(),
  z
    .object({
      trigger: z.literal('regenerate-message'),
      ...turnFields,
      messageId: clientIdSchema.optional(),
    })
    .strict(),
]);
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** POST /api/chat/attachments answers with the part the message then carries. */
export const attachmentResponseSchema = z.object({
  url: z.string(),
  mediaType: z.enum(CHAT_ATTACHMENT_TYPES),
  filename: z.string().optional(),
});
export type AttachmentResponse = z.infer<typeof attachmentResponseSchema>;
