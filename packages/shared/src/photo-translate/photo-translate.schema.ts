import { z } from 'zod';
import { PHOTO_LANGUAGE_CODES } from './photo-languages.ts';

/** Spec §5: "Photo translate accepts JPEG, JPG and PNG" (JPG is JPEG's other file extension). */
export const PHOTO_TRANSLATE_TYPES = ['image/jpeg', 'image/png'] as const;
export type PhotoTranslateType = (typeof PHOTO_TRANSLATE_TYPES)[number];
/** File extensions the picker accepts, beside the types. */
export const PHOTO_TRANSLATE_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;

/** Upload limits, checked on the bytes before anything is decoded. */
export const PHOTO_TRANSLATE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side and total pixels, read from the image header (after EXIF orientation). */
export const PHOTO_TRANSLATE_MAX_SIDE = 8000;
export const PHOTO_TRANSLATE_MAX_PIXELS = 40_000_000;

/** INVALID_FILE's messages for photo translate (the web translates the code; these are the English texts). */
export const PHOTO_TRANSLATE_MESSAGES = {
  unsupportedType: 'Photo translate accepts JPEG, JPG and PNG images only.',
  empty: 'The photo is empty.',
  tooLarge: `The photo is larger than ${PHOTO_TRANSLATE_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `The photo is larger than ${PHOTO_TRANSLATE_MAX_SIDE} pixels on a side or ${PHOTO_TRANSLATE_MAX_PIXELS / 1_000_000} megapixels.`,
  damaged: 'The photo could not be read: the file is damaged or incomplete.',
  sourceNotReadable:
    'Text in this language cannot be read from photos yet. Choose another language or "Detect automatically".',
} as const;

/** Why an upload was refused (details.reason of the 4xx): the page says it in the person's language. */
export const PHOTO_TRANSLATE_REFUSALS = ['unsupportedType', 'empty', 'tooLarge', 'tooManyPixels', 'damaged'] as const;
export type PhotoTranslateRefusal = (typeof PHOTO_TRANSLATE_REFUSALS)[number];

/** The job's stages, in order, for the progress shown to the user. */
export const PHOTO_TRANSLATE_STAGES = ['reading', 'translating', 'drawing'] as const;
export type PhotoTranslateStage = (typeof PHOTO_TRANSLATE_STAGES)[number];

/** OCR confidence (0–100) under which a region is flagged as possibly misread. */
export const PHOTO_TRANSLATE_LOW_CONFIDENCE = 65;

export const photoLanguageCodeSchema = z.enum(PHOTO_LANGUAGE_CODES);

/** What the user asks for beside the photo: the target language, and the source or 'auto' (detect). */
export const photoTranslateRequestSchema = z
  .object({
    target: photoLanguageCodeSchema,
    source: z.union([z.literal('auto'), photoLanguageCodeSchema]).default('auto'),
  })
  .strict();
export type PhotoTranslateRequest = z.infer<typeof photoTranslateRequestSchema>;

/** A rectangle in the output image's pixels (the photo as shown: EXIF orientation applied). */
export const photoBoxSchema = z
  .object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
  })
  .strict();
export type PhotoBox = z.infer<typeof photoBoxSchema>;

/** One region of text: read from the photo, translated, and drawn back into `box`. */
export const photoSegmentSchema = z
  .object({
    id: z.string(),
    box: photoBoxSchema,
    /** The text read, lines joined with "\n". */
    sourceText: z.string(),
    /** The translation drawn into the box; the source text itself when the region was left as it was. */
    translatedText: z.string(),
    /** Whether the region was redrawn (false: nothing to translate, e.g. only numbers, or no translation came back). */
    redrawn: z.boolean(),
    /** OCR confidence, 0–100. */
    confidence: z.number().min(0).max(100),
    lowConfidence: z.boolean(),
  })
  .strict();
export type PhotoSegment = z.infer<typeof photoSegmentSchema>;

export const photoTranslateResultSchema = z
  .object({
    /** The language the text was read as: the one asked for, or the guess when the source was 'auto'. */
    source: photoLanguageCodeSchema.nullable(),
    /** What the user asked for as the source. */
    requestedSource: z.union([z.literal('auto'), photoLanguageCodeSchema]),
    target: photoLanguageCodeSchema,
    segments: z.array(photoSegmentSchema),
    /** No text was found in the photo: nothing was translated and the image is unchanged. */
    noText: z.boolean(),
    /** Some text was read with low confidence: the translation may be wrong. */
    lowConfidence: z.boolean(),
    /** The translation is the offline demo's stand-in, not a model's. */
    demo: z.boolean(),
    output: z
      .object({
        format: z.enum(['jpeg', 'png']),
        mimeType: z.enum(PHOTO_TRANSLATE_TYPES),
        width: z.number().int().min(1),
        height: z.number().int().min(1),
      })
      .strict(),
  })
  .strict();
export type PhotoTranslateResult = z.infer<typeof photoTranslateResultSchema>;

// ---------------------------------------------------------------------------------------------
// The page, its chat turn and its results

/** An uploaded photo's id (server-chosen, random, URL-safe). */
export const photoTranslatePhotoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** What the upload answers: the id the chat request names in toolInput.photoId. */
export const photoTranslatePhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  format: z.enum(['jpeg', 'png']),
  width: z.number().int(),
  height: z.number().int(),
});
export type PhotoTranslatePhoto = z.infer<typeof photoTranslatePhotoSchema>;

/** The page's inputs (toolInput): the photo, if one was added, and the languages. */
export const photoTranslateInputSchema = z
  .object({
    photoId: photoTranslatePhotoIdSchema.optional(),
    source: z.union([z.literal('auto'), photoLanguageCodeSchema]).default('auto'),
    target: photoLanguageCodeSchema.default('en'),
  })
  .strict();
export type PhotoTranslateInput = z.infer<typeof photoTranslateInputSchema>;

/** The function the tool's model calls to translate the photo of the page. */
export const TRANSLATE_PHOTO_FUNCTION = 'translate_photo';

/** Its arguments: a language the person named in their message overrides the page's choice. */
export const translatePhotoArgsSchema = z.object({
  target: photoLanguageCodeSchema
    .optional()
    .describe('The language to translate into, when the person named one in the message; else the page choice.'),
});

/**
 * The "model" a photo translation is stored under among the person's images: the app's own
 * pipeline (OCR, the chat model's translation, redrawing), not an image model.
 */
export const PHOTO_TRANSLATE_MODEL_ID = 'photo-translate';

/** A photo translation as the browser sees it beside its image (ImageItem.translation). */
export const photoTranslationSchema = z.object({
  /** The uploaded photo it was made from (translate it again into another language without uploading). */
  photoId: z.string().nullable(),
  source: z.union([z.literal('auto'), photoLanguageCodeSchema]),
  target: photoLanguageCodeSchema,
  /** Where the job is while the image is being made (null before it starts and once it settled). */
  stage: z.enum(PHOTO_TRANSLATE_STAGES).nullable(),
  /** The text found and its translation, once ready. */
  result: photoTranslateResultSchema.nullable(),
});
export type PhotoTranslation = z.infer<typeof photoTranslationSchema>;
