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
