import { z } from 'zod';

/**
 * The tattoo generator's contract (spec §1 "Tattoo generator: from an uploaded photo plus a
 * description"): the options the page sends with every message (toolInput; the description is the
 * message itself), the photo upload, and what the chat model fills in when it calls the function.
 */

export const TATTOO_STYLES = [
  'fine-line',
  'traditional',
  'neo-traditional',
  'blackwork',
  'watercolour',
  'minimalist',
  'geometric',
  'lettering',
  'realism',
  'dotwork',
  'japanese',
  'tribal',
] as const;
export type TattooStyle = (typeof TATTOO_STYLES)[number];

export const TATTOO_PLACEMENTS = [
  'forearm',
  'wrist',
  'upper-arm',
  'shoulder',
  'back',
  'chest',
  'ribs',
  'hand',
  'neck',
  'thigh',
  'calf',
  'ankle',
] as const;
export type TattooPlacement = (typeof TATTOO_PLACEMENTS)[number];

export const TATTOO_COLOURS = ['black-and-grey', 'colour'] as const;
export type TattooColour = (typeof TATTOO_COLOURS)[number];

/** Where on the photo the tattoo goes: a box in fractions of the photo's width and height. */
export const tattooAreaSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().min(0.05).max(1),
    height: z.number().min(0.05).max(1),
  })
  .strict()
  .refine((a) => a.x + a.width <= 1.0001 && a.y + a.height <= 1.0001, 'The area must lie inside the photo');
export type TattooArea = z.infer<typeof tattooAreaSchema>;

/** The middle of the photo, when the person has not moved the area. */
export const DEFAULT_TATTOO_AREA: TattooArea = { x: 0.3, y: 0.3, width: 0.4, height: 0.4 };

/** A photo the person uploaded, named by the id the server gave it (never a URL from the page). */
export const tattooPhotoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** The page's options (toolInput). */
export const tattooGeneratorInputSchema = z
  .object({
    style: z.enum(TATTOO_STYLES).optional(),
    placement: z.enum(TATTOO_PLACEMENTS).optional(),
    colour: z.enum(TATTOO_COLOURS).default('black-and-grey'),
    photoId: tattooPhotoIdSchema.optional(),
    area: tattooAreaSchema.optional(),
  })
  .strict();
export type TattooGeneratorInput = z.infer<typeof tattooGeneratorInputSchema>;

export const GENERATE_TATTOO_FUNCTION = 'generate_tattoo';

/** What the chat model fills in: the design, described in English; the server's templates add the rest. */
export const generateTattooArgsSchema = z.object({
  design: z.string().trim().min(1).max(2000),
});

// --- The photo of the body part --------------------------------------------------------------------

export const TATTOO_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const TATTOO_PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
export const TATTOO_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side and total pixels, read from the file's header before anything is decoded. */
export const TATTOO_PHOTO_MAX_SIDE = 8000;
export const TATTOO_PHOTO_MAX_PIXELS = 40_000_000;

/** Why a photo was refused: INVALID_FILE / PAYLOAD_TOO_LARGE carry it in details.reason. */
export const TATTOO_PHOTO_REFUSALS = ['unsupportedType', 'tooLarge', 'tooManyPixels', 'damaged', 'empty'] as const;
export type TattooPhotoRefusal = (typeof TATTOO_PHOTO_REFUSALS)[number];

export const TATTOO_PHOTO_MESSAGES: Record<TattooPhotoRefusal, string> = {
  unsupportedType: 'The tattoo generator accepts JPEG, PNG and WebP photos only.',
  tooLarge: `The photo is larger than ${TATTOO_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `The photo is larger than ${TATTOO_PHOTO_MAX_SIDE} pixels on a side or ${TATTOO_PHOTO_MAX_PIXELS / 1_000_000} megapixels.`,
  damaged: 'The photo could not be read: the file is damaged or incomplete.',
  empty: 'The photo is empty.',
};

/** POST /api/tattoo/photos answers the stored photo: its id for toolInput and its (owner-only) address. */
export const tattooPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TattooPhoto = z.infer<typeof tattooPhotoSchema>;
