import type { ImageModelV4 } from '@ai-sdk/provider';
import {
  IMAGE_ASPECT_RATIOS,
  IMAGE_MAX_COUNT,
  type ImageAspectRatio,
  type ImageModelProvider,
  type Locale,
  type ModelTier,
  type PublicImageModel,
} from '@polymath/shared';
import { generateImage } from 'ai';
import type { Env } from '../../env.ts';
import {
  BUILT_IN_PROVIDERS,
  type Catalogue,
  type CatalogueImageModel,
  type HidesModels,
  loadCatalogue,
  PROVIDER_LABELS,
  pick,
} from '../models/index.ts';
import { DEMO_IMAGE_MODEL_ID, renderDemoEdit, renderDemoImage } from './demo-image-model.ts';
import { ImageGenerationError, toImageGenerationError } from './image-errors.ts';
import {
  checkGeneratedImage,
  type GeneratedImage,
  maskAlpha,
  maskPng,
  type PreparedPhoto,
  preparePhoto,
  restoreOutsideMask,
} from './image-pixels.ts';
import { createImageProviderFactories } from './image-providers.ts';

export type { ImageErrorKind } from './image-errors.ts';
export type { GeneratedImage } from './image-pixels.ts';
export { DEMO_IMAGE_MODEL_ID, ImageGenerationError };

export type ImageRequest = {
  prompt: string;
  /** 1..IMAGE_MAX_COUNT. A provider may answer fewer (e.g. one of two withheld); never more. */
  count: number;
  aspectRatio: ImageAspectRatio;
  /**
   * For edits: the photo to change (and an optional mask, PNG with transparent = editable; a mask
   * without alpha is read by brightness, white = editable). With a mask, the pictures come back at
   * the photo's size (at most 1536 px on the long side) with everything outside the mask untouched.
   */
  image?: { bytes: Uint8Array; mediaType: string };
  mask?: Uint8Array;
  abortSignal?: AbortSignal;
  /**
   * Which of several pictures for one prompt this is, when they are asked for one at a time (a job
   * per image): the offline demo draws a different one for each; real models differ anyway.
   */
  variant?: number;
};

export type ResolvedImageModel = {
  id: string;
  displayName: string;
  provider: ImageModelProvider;
  tier: ModelTier;
  available: boolean;
  demo: boolean;
  capabilities: { edit: boolean };
  aspectRatios: ImageAspectRatio[];
  /** Makes the pictures; rejects only with ImageGenerationError. */
  generate(req: ImageRequest): Promise<GeneratedImage[]>;
};

export type ImageModelRegistry = HidesModels & {
  /** True when no image provider is configured and the offline demo model draws the pictures. */
  demo: boolean;
  /**
   * The demo model on a keyless start; else the first available free model, else the first available
   * (a model the model check hid is not available).
   */
  readonly defaultModelId: string | null;
  /** A hidden model comes back with `available: false`. */
  get(id: string): ResolvedImageModel | undefined;
  /** The image models as a browser sees them (the demo model first when it is offered; hidden ones left out). */
  list(locale: Locale): PublicImageModel[];
};

export type ImageRegistryOptions = {
  /** How long one generate() may take before it fails as `timeout` (default 3 minutes). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 180_000;

const DEMO_TEXT: Record<Locale, { displayName: string; description: string }> = {
  en: {
    displayName: 'Demo images (offline)',
    description:
      'A built-in offline demo, not a real AI: draws a simple picture from your words, marked DEMO. Add an image provider key for real images.',
  },
  tr: {
    displayName: 'Demo görseller (çevrimdışı)',
    description:
      'Gerçek bir yapay zekâ değil, yerleşik çevrimdışı demo: sözlerinizden DEMO işaretli basit bir resim çizer. Gerçek görseller için bir görsel sağlayıcı anahtarı ekleyin.',
  },
};

function checkRequest(
  req: ImageRequest,
  model: { id: string; capabilities: { edit: boolean }; aspectRatios: ImageAspectRatio[] },
) {
  if (!Number.isInteger(req.count) || req.count < 1 || req.count > IMAGE_MAX_COUNT) {
    throw new ImageGenerationError('unavailable', `Ask for 1 to ${IMAGE_MAX_COUNT} images, not ${req.count}.`);
  }
  if (!model.aspectRatios.includes(req.aspectRatio)) {
    throw new ImageGenerationError(
      'unavailable',
      `${model.id} does not make ${req.aspectRatio} images (it makes ${model.aspectRatios.join(', ')}).`,
    );
  }
  if (req.image && !model.capabilities.edit) {
    throw new ImageGenerationError('unavailable', `${model.id} cannot edit a photo.`);
  }
  if (req.mask && !req.image) {
    throw new ImageGenerationError('unavailable', 'A mask needs a photo to edit.');
  }
  if (req.prompt.trim() === '') throw new ImageGenerationError('unavailable', 'The prompt is empty.');
}

/** The photo and the mask of an edit, decoded once for sending and for putting the photo back. */
async function prepareEdit(req: ImageRequest): Promise<{ photo: PreparedPhoto; alpha?: Buffer } | undefined> {
  if (!req.image) return undefined;
  const photo = await preparePhoto(req.image.bytes);
  const alpha = req.mask ? await maskAlpha(req.mask, photo.width, photo.height) : undefined;
  return { photo, alpha };
}

/** Calls a provider's image model through the AI SDK and checks every picture it sends. */
async function generateWithProvider(
  entry: CatalogueImageModel,
  imageModel: ImageModelV4,
  sendsMask: boolean,
  req: ImageRequest,
  timeoutMs: number,
): Promise<GeneratedImage[]> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signals = { caller: req.abortSignal, deadline };
  const abortSignal = req.abortSignal ? AbortSignal.any([req.abortSignal, deadline]) : deadline;
  try {
    const edit = await prepareEdit(req);
    const mask = edit?.alpha && sendsMask ? await maskPng(edit.alpha, edit.photo.width, edit.photo.height) : undefined;
    const shape =
      entry.shape.kind === 'size'
        ? { size: entry.shape.sizes[req.aspectRatio] as `${number}x${number}` }
        : { aspectRatio: req.aspectRatio };
    const result = await generateImage({
      model: imageModel,
      prompt: edit ? { text: req.prompt, images: [edit.photo.png], ...(mask && { mask }) } : req.prompt,
      n: req.count,
      ...shape,
      abortSignal,
      // One attempt per call: retrying is the job queue's decision (ImageGenerationError.retryable).
      maxRetries: 0,
    });
    const images: GeneratedImage[] = [];
    for (const file of result.images.slice(0, req.count)) {
      const checked = await checkGeneratedImage(file.uint8Array);
      if (edit?.alpha) {
        const restored = await restoreOutsideMask(checked.bytes, edit.photo, edit.alpha);
        images.push({ bytes: restored, mediaType: 'image/png', width: edit.photo.width, height: edit.photo.height });
      } else {
        images.push(checked);
      }
    }
    return images;
  } catch (err) {
    throw toImageGenerationError(err, signals);
  }
}

async function generateDemo(req: ImageRequest): Promise<GeneratedImage[]> {
  const edit = await prepareEdit(req);
  const images: GeneratedImage[] = [];
  for (let index = 0; index < req.count; index++) {
    if (req.abortSignal?.aborted) {
      throw new ImageGenerationError('timeout', 'The image request was cancelled.', { retryable: false });
    }
    images.push(
      edit
        ? await renderDemoEdit(edit.photo, edit.alpha, req.prompt, index + (req.variant ?? 0))
        : await renderDemoImage(req.prompt, index + (req.variant ?? 0), req.aspectRatio),
    );
  }
  return images;
}

function publicProvider(provider: string): { provider: ImageModelProvider; label: (c: Catalogue) => string } {
  if ((BUILT_IN_PROVIDERS as readonly string[]).includes(provider)) {
    const builtIn = provider as keyof typeof PROVIDER_LABELS;
    return { provider: builtIn as ImageModelProvider, label: () => PROVIDER_LABELS[builtIn] };
  }
  return { provider: 'openai-compatible', label: (c) => c.customProviders[provider]?.label ?? provider };
}

/**
 * The catalogue's image models joined with the configured providers. With no image model available
 * (no OpenAI, Google or xAI key, no reachable custom provider), the offline demo image model is
 * added, free and the default; it is never offered next to a real image model.
 */
export function createImageModelRegistry(
  env: Env,
  catalogue: Catalogue = loadCatalogue(env.MODELS_FILE),
  options: ImageRegistryOptions = {},
): ImageModelRegistry {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const providers = createImageProviderFactories(env, catalogue);
  const demo = !catalogue.imageModels.some((m) => providers.isConfigured(m.provider));
  const byId = new Map<string, ResolvedImageModel>();

  for (const entry of catalogue.imageModels) {
    const available = providers.isConfigured(entry.provider);
    const model: ResolvedImageModel = {
      id: entry.id,
      displayName: entry.displayName,
      provider: publicProvider(entry.provider).provider,
      tier: entry.tier,
      available,
      demo: false,
      capabilities: entry.capabilities,
      aspectRatios: entry.aspectRatios,
      async generate(req) {
        checkRequest(req, model);
        const imageModel = providers.imageModel(entry);
        if (!imageModel) {
          throw new ImageGenerationError('unavailable', `The provider of ${entry.id} (${entry.provider}) has no key.`);
        }
        return generateWithProvider(entry, imageModel, providers.sendsMask(entry.provider), req, timeoutMs);
      },
    };
    byId.set(entry.id, model);
  }

  const demoModel: ResolvedImageModel = {
    id: DEMO_IMAGE_MODEL_ID,
    displayName: DEMO_TEXT.en.displayName,
    provider: 'demo',
    tier: 'free',
    available: true,
    demo: true,
    capabilities: { edit: true },
    aspectRatios: [...IMAGE_ASPECT_RATIOS],
    async generate(req) {
      checkRequest(req, demoModel);
      try {
        return await generateDemo(req);
      } catch (err) {
        if (err instanceof ImageGenerationError) throw err;
        throw new ImageGenerationError('failed', 'The demo could not draw the picture.', { cause: err });
      }
    },
  };
  if (demo) byId.set(DEMO_IMAGE_MODEL_ID, demoModel);

  // What the model check found no longer served (decision 039), hidden as the chat models are.
  let hidden = new Set<string>();

  return {
    demo,
    get defaultModelId() {
      if (demo) return DEMO_IMAGE_MODEL_ID;
      const available = catalogue.imageModels.filter((m) => providers.isConfigured(m.provider) && !hidden.has(m.id));
      return (available.find((m) => m.tier === 'free') ?? available[0])?.id ?? null;
    },
    isConfigured: (provider) => providers.isConfigured(provider),
    hide(ids) {
      const next = new Set([...ids].filter((id) => byId.has(id) && id !== DEMO_IMAGE_MODEL_ID));
      if (next.size === hidden.size && [...next].every((id) => hidden.has(id))) return false;
      hidden = next;
      return true;
    },
    hidden: () => hidden,
    get(id) {
      const model = byId.get(id);
      return model && hidden.has(id) ? { ...model, available: false } : model;
    },
    list(locale) {
      const models: PublicImageModel[] = catalogue.imageModels
        .filter((m) => !hidden.has(m.id))
        .map((m) => {
          const resolved = byId.get(m.id) as ResolvedImageModel;
          return {
            id: m.id,
            provider: resolved.provider,
            providerLabel: publicProvider(m.provider).label(catalogue),
            displayName: m.displayName,
            description: pick(m.description, locale),
            tier: m.tier,
            available: resolved.available,
            demo: false,
            capabilities: { edit: m.capabilities.edit },
            aspectRatios: [...m.aspectRatios],
          };
        });
      if (demo) {
        models.unshift({
          id: DEMO_IMAGE_MODEL_ID,
          provider: 'demo',
          providerLabel: 'Polymath',
          displayName: DEMO_TEXT[locale].displayName,
          description: DEMO_TEXT[locale].description,
          tier: 'free',
          available: true,
          demo: true,
          capabilities: { edit: true },
          aspectRatios: [...IMAGE_ASPECT_RATIOS],
        });
      }
      return models;
    },
  };
}
