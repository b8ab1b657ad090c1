import { z } from 'zod';
import { PLANS } from '../app/plans.ts';

/**
 * What an image request may ask for, and the wire view of an image model of the catalogue. The
 * catalogue itself is operator configuration on the server (`imageModels` in config/models.json).
 */
export const IMAGE_ASPECT_RATIOS = ['1:1', '3:2', '2:3', '16:9', '9:16'] as const;
export type ImageAspectRatio = (typeof IMAGE_ASPECT_RATIOS)[number];
export const imageAspectRatioSchema = z.enum(IMAGE_ASPECT_RATIOS);

/** Images one request may ask for. */
export const IMAGE_MAX_COUNT = 4;

/** Providers the server can make images with; `demo` is the offline model of a keyless start. */
export const IMAGE_MODEL_PROVIDERS = ['openai', 'google', 'xai', 'openai-compatible', 'demo'] as const;
export type ImageModelProvider = (typeof IMAGE_MODEL_PROVIDERS)[number];

export const publicImageModelSchema = z.object({
  /** Unique among the image models; what an image request names. */
  id: z.string(),
  provider: z.enum(IMAGE_MODEL_PROVIDERS),
  /** A human name for the provider ("OpenAI", "Polymath" for the demo). */
  providerLabel: z.string(),
  displayName: z.string(),
  /** In the requested locale. */
  description: z.string(),
  tier: z.enum(PLANS),
  /** False when the model's provider has no key configured: shown, but cannot be chosen. */
  available: z.boolean(),
  /** The offline demo image model: its pictures are drawn locally and labelled DEMO. */
  demo: z.boolean(),
  capabilities: z.object({
    /** Takes a photo to change (and a mask), e.g. a tattoo placed on a photo. */
    edit: z.boolean(),
  }),
  aspectRatios: z.array(imageAspectRatioSchema),
});
export type PublicImageModel = z.infer<typeof publicImageModelSchema>;
