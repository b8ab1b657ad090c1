import { z } from 'zod';
import { storableText } from '../app/text.ts';
import { clientIdSchema } from '../chat/chat-request.schema.ts';
import { isErrorCode } from '../errors/error-codes.ts';
import { photoTranslationSchema } from '../photo-translate/photo-translate.schema.ts';
import { CHAT_TOOL_IDS } from '../tools/tool-catalogue.ts';
import { IMAGE_MAX_COUNT, imageAspectRatioSchema } from './image-options.ts';

/** An image is asked for (queued), made by a job (generating), then ready or failed. */
export const IMAGE_STATUSES = ['queued', 'generating', 'ready', 'failed'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

/** Looks the person can ask for; each becomes a few words added to the prompt on the server. */
export const IMAGE_STYLES = [
  'photo',
  'illustration',
  'digital-art',
  'anime',
  'watercolor',
  'oil-painting',
  '3d-render',
  'pixel-art',
  'sketch',
] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

/** Fair use for Pro when the operator does not set PRO_DAILY_IMAGES (images per UTC day). */
export const DEFAULT_PRO_DAILY_IMAGES = 100;

export const IMAGE_PROMPT_MAX_LENGTH = 4000;

/** What the chat model fills in when it calls generate_image. */
export const generateImageArgsSchema = z.object({
  prompt: storableText().trim().min(1).max(IMAGE_PROMPT_MAX_LENGTH),
  aspectRatio: imageAspectRatioSchema.default('1:1'),
  style: z.enum(IMAGE_STYLES).optional(),
  count: z.number().int().min(1).max(IMAGE_MAX_COUNT).default(1),
});
export type GenerateImageArgs = z.infer<typeof generateImageArgsSchema>;

/** The image generator page's choices (toolInput): what the model should use unless told otherwise. */
export const imageGeneratorInputSchema = z
  .object({
    aspectRatio: imageAspectRatioSchema.optional(),
    style: z.enum(IMAGE_STYLES).optional(),
    count: z.number().int().min(1).max(IMAGE_MAX_COUNT).optional(),
    imageModelId: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/)
      .optional(),
  })
  .strict();
export type ImageGeneratorInput = z.infer<typeof imageGeneratorInputSchema>;

const errorSchema = z.object({ code: z.string().refine(isErrorCode), message: z.string() });

/** An image as the browser sees it (the gallery, an answer's cards, the lightbox). */
export const imageItemSchema = z.object({
  id: z.string(),
  status: z.enum(IMAGE_STATUSES),
  prompt: z.string(),
  style: z.enum(IMAGE_STYLES).nullable(),
  aspectRatio: imageAspectRatioSchema,
  modelId: z.string(),
  /** The model's name for people ("GPT Image 1", "Demo images (offline)"). */
  modelName: z.string(),
  /** True when the offline demo drew it. */
  demo: z.boolean(),
  toolId: z.enum(CHAT_TOOL_IDS),
  /** The chat it came from (null once that chat was deleted for good). */
  threadId: z.string().nullable(),
  answerId: z.string().nullable(),
  parentId: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  mediaType: z.string().nullable(),
  createdAt: z.string(),
  /** Where to load it from, once ready: owner-checked routes that may redirect to signed storage URLs. */
  urls: z
    .object({
      original: z.string(),
      thumb: z.string(),
      download: z.string(),
      /** Text logos: the SVG (text as paths), always downloaded, never shown inline. */
      svg: z.string().optional(),
      /** Text logos: previews of the transparent original on a light and on a dark background. */
      onLight: z.string().optional(),
      onDark: z.string().optional(),
      /** Edits: the picture before (the person's photo, or the logo that was refined). */
      source: z.string().optional(),
    })
    .nullable(),
  /** Why it failed (IMAGE_FAILED, IMAGE_REFUSED…); nothing was charged for it. */
  error: errorSchema.nullable(),
  /** Photo translate: the languages, the job's stage and, once ready, the text found and translated. */
  translation: photoTranslationSchema.nullable().optional(),
});
export type ImageItem = z.infer<typeof imageItemSchema>;

export const IMAGE_PAGE_SIZE = 24;

/** GET /api/images: keyset pages, newest first; by tool, or one answer's images. */
export const imageListQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(60).default(IMAGE_PAGE_SIZE),
    toolId: z.enum(CHAT_TOOL_IDS).optional(),
    answerId: clientIdSchema.optional(),
  })
  .strict();
export type ImageListQuery = z.infer<typeof imageListQuerySchema>;

export const imageListResponseSchema = z.object({
  images: z.array(imageItemSchema),
  nextCursor: z.string().nullable(),
});
export type ImageListResponse = z.infer<typeof imageListResponseSchema>;

/** POST /api/images/:id/variations: more images like this one (new rows; the old one stays). */
export const imageVariationsSchema = z
  .object({ count: z.number().int().min(1).max(IMAGE_MAX_COUNT).default(2) })
  .strict();

/** GET /api/images/usage: Pro's fair-use allowance of images today (null limit: no images allowed here). */
export const imageUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  resetsAt: z.string(),
});
export type ImageUsage = z.infer<typeof imageUsageSchema>;

/**
 * What generate_image answers (the function's output, stored in the answer): the queued images the
 * page shows as cards, or why none were asked for.
 */
export const generateImageOutputSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    images: z.array(z.object({ id: z.string() })),
    prompt: z.string(),
    aspectRatio: imageAspectRatioSchema,
    style: z.enum(IMAGE_STYLES).nullable(),
    modelName: z.string(),
    demo: z.boolean(),
    /** For the model: what to tell the person. */
    note: z.string(),
  }),
  z.object({ ok: z.literal(false), error: errorSchema }),
]);
export type GenerateImageOutput = z.infer<typeof generateImageOutputSchema>;

/** The name the chat model calls it by (and the answer's part type is `tool-<name>`). */
export const GENERATE_IMAGE_FUNCTION = 'generate_image';
