import { readFileSync } from 'node:fs';
import {
  IMAGE_ASPECT_RATIOS,
  type ImageAspectRatio,
  imageAspectRatioSchema,
  type Locale,
  PLANS,
  type PublicModel,
} from '@polymath/shared';
import { z } from 'zod';

/**
 * The model catalogue: an operator-edited JSON file (config/models.json by default, MODELS_FILE to
 * replace it). Adding a model, or a whole OpenAI-compatible server (Ollama, llama.cpp, vLLM), is an
 * edit to that file; no code knows model names.
 */
export const BUILT_IN_PROVIDERS = ['openai', 'anthropic', 'google', 'deepseek', 'xai'] as const;
export type BuiltInProvider = (typeof BUILT_IN_PROVIDERS)[number];

const localizedText = z.union([
  z.string().min(1),
  z.object({ en: z.string().min(1), tr: z.string().min(1).optional() }),
]);
const localizedList = z.union([
  z.array(z.string().min(1)).max(6),
  z.object({ en: z.array(z.string().min(1)).max(6), tr: z.array(z.string().min(1)).max(6).optional() }),
]);

const customProviderSchema = z.object({
  label: z.string().min(1),
  baseURL: z.url({ protocol: /^https?$/ }),
  /** Name of the environment variable holding its key; local servers often need none. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .optional(),
});

const modelEntrySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/),
  provider: z.string().min(1),
  providerModelId: z.string().min(1).optional(),
  displayName: z.string().min(1),
  description: localizedText,
  examples: localizedList.default([]),
  capabilities: z.object({ vision: z.boolean().default(false), reasoning: z.boolean().default(false) }),
  tier: z.enum(PLANS),
  /** Tokens the model reads at once (its context window); ask PDF sends a document whole within it. */
  contextTokens: z.number().int().min(1000).max(100_000_000).default(16_000),
  /**
   * The longest answer the model writes (its output limit, reasoning included). A turn's input is
   * built within contextTokens minus this room (decision 027). Default: a quarter of the window, at
   * most 4,096.
   */
  maxOutputTokens: z.number().int().min(256).max(1_000_000).optional(),
  /** US dollars per million tokens, for the cost of each answer (decision 029); none: cost unknown. */
  pricePerMillion: z
    .object({
      input: z.number().min(0),
      /** Input tokens read from the provider's prompt cache (default: the input price). */
      cachedInput: z.number().min(0).optional(),
      /** Input tokens written to the prompt cache (Anthropic charges more; default: the input price). */
      cacheWrite: z.number().min(0).optional(),
      output: z.number().min(0),
    })
    .optional(),
  /**
   * How its tokens are counted: `o200k` (OpenAI's tokenizer, exact for the GPT-4o family and later)
   * or `estimate` (from the text's UTF-8 bytes, decision 027). Default: o200k for provider openai.
   */
  tokenizer: z.enum(['o200k', 'estimate']).optional(),
  /**
   * The small model of the same provider that summarises earlier messages of long chats (an id of
   * this catalogue). Default: that provider's model with the lowest input price.
   */
  summaryModel: z.string().min(1).optional(),
});

/**
 * How each provider's image API takes the picture's shape: OpenAI's image models (and
 * OpenAI-compatible servers) take a pixel `size` and ignore an aspect ratio; Google's Gemini image
 * models and xAI's take an `aspectRatio`. Anthropic and DeepSeek make no images.
 */
const IMAGE_SHAPE: Partial<Record<BuiltInProvider, 'size' | 'aspectRatio'>> = {
  openai: 'size',
  google: 'aspectRatio',
  xai: 'aspectRatio',
};

const imageModelEntrySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/),
  provider: z.string().min(1),
  providerModelId: z.string().min(1).optional(),
  displayName: z.string().min(1),
  description: localizedText,
  tier: z.enum(PLANS),
  capabilities: z.object({ edit: z.boolean().default(false) }).default({ edit: false }),
  /** For providers that take a pixel size: the size sent for each aspect ratio offered. */
  sizes: z
    .partialRecord(imageAspectRatioSchema, z.string().regex(/^\d{2,5}x\d{2,5}$/, 'a size is WIDTHxHEIGHT'))
    .optional(),
  /** For providers that take an aspect ratio: the ratios offered. */
  aspectRatios: z.array(imageAspectRatioSchema).min(1).optional(),
});

export const catalogueFileSchema = z.object({
  customProviders: z.record(z.string().regex(/^[a-z][a-z0-9-]{0,31}$/), customProviderSchema).default({}),
  models: z.array(modelEntrySchema).min(1),
  imageModels: z.array(imageModelEntrySchema).default([]),
});

export type CustomProvider = z.infer<typeof customProviderSchema>;
/** Prices in US dollars per million tokens, every kind filled in. */
export type ModelPrices = { input: number; cachedInput: number; cacheWrite: number; output: number };

export type CatalogueModel = Omit<
  z.infer<typeof modelEntrySchema>,
  'maxOutputTokens' | 'pricePerMillion' | 'tokenizer' | 'summaryModel'
> & {
  providerModelId: string;
  maxOutputTokens: number;
  /** Null when the catalogue gives none (a local server): the cost is then unknown, not zero. */
  prices: ModelPrices | null;
  tokenizer: 'o200k' | 'estimate';
  /** The catalogue id of the model that summarises this one's long chats. */
  summaryModelId: string;
};
/** An image model: what its provider is sent for each offered ratio is settled here, once. */
export type CatalogueImageModel = Omit<z.infer<typeof imageModelEntrySchema>, 'sizes' | 'aspectRatios'> & {
  providerModelId: string;
  /** The offered ratios, in IMAGE_ASPECT_RATIOS order. */
  aspectRatios: ImageAspectRatio[];
  /** `size`: the pixel size sent per ratio; `aspectRatio`: the ratio itself is sent. */
  shape: { kind: 'size'; sizes: Partial<Record<ImageAspectRatio, string>> } | { kind: 'aspectRatio' };
};
export type Catalogue = {
  models: CatalogueModel[];
  customProviders: Record<string, CustomProvider>;
  imageModels: CatalogueImageModel[];
};

export class CatalogueError extends Error {}

/** Reads and checks the catalogue; a broken file stops start-up with every problem listed. */
export function loadCatalogue(file: string): Catalogue {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CatalogueError(`Cannot read the model catalogue ${file}: ${String(err)}`);
  }
  return parseCatalogue(raw, file);
}

export function parseCatalogue(raw: unknown, source = 'catalogue'): Catalogue {
  const parsed = catalogueFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new CatalogueError(`The model catalogue ${source} is not valid:\n${problems}`);
  }
  const { models, customProviders, imageModels } = parsed.data;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of models) {
    if (seen.has(m.id)) problems.push(`model ${m.id} is listed twice`);
    seen.add(m.id);
    const known = (BUILT_IN_PROVIDERS as readonly string[]).includes(m.provider) || m.provider in customProviders;
    if (!known) problems.push(`model ${m.id}: unknown provider "${m.provider}" (add it to customProviders)`);
  }
  for (const m of models) {
    if (m.maxOutputTokens !== undefined && m.maxOutputTokens >= m.contextTokens) {
      problems.push(`model ${m.id}: maxOutputTokens must be less than contextTokens`);
    }
    if (m.summaryModel === undefined) continue;
    const summariser = models.find((other) => other.id === m.summaryModel);
    if (!summariser) problems.push(`model ${m.id}: summaryModel "${m.summaryModel}" is not in the catalogue`);
    else if (summariser.provider !== m.provider) {
      problems.push(`model ${m.id}: summaryModel "${m.summaryModel}" must be of the same provider (${m.provider})`);
    }
  }
  const images = checkImageModels(imageModels, customProviders, problems);
  // One id names one model: the model check stores and hides chat and image models by id.
  for (const m of images) {
    if (seen.has(m.id)) problems.push(`image model ${m.id}: a chat model has the same id (ids must differ)`);
  }
  if (problems.length) {
    throw new CatalogueError(
      `The model catalogue ${source} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return {
    customProviders,
    models: models.map((m) => resolveEntry(m, models)),
    imageModels: images,
  };
}

/** What the catalogue leaves out, filled in: answer room, prices, tokenizer, summariser. */
function resolveEntry(m: z.infer<typeof modelEntrySchema>, all: z.infer<typeof modelEntrySchema>[]): CatalogueModel {
  const { maxOutputTokens, pricePerMillion, tokenizer, summaryModel, ...rest } = m;
  const prices = pricePerMillion
    ? {
        input: pricePerMillion.input,
        cachedInput: pricePerMillion.cachedInput ?? pricePerMillion.input,
        cacheWrite: pricePerMillion.cacheWrite ?? pricePerMillion.input,
        output: pricePerMillion.output,
      }
    : null;
  // The same provider's cheapest model (by input price; unpriced ones last); ties keep catalogue order.
  const cheapest = all
    .filter((other) => other.provider === m.provider)
    .reduce((best, other) =>
      (other.pricePerMillion?.input ?? Number.POSITIVE_INFINITY) <
      (best.pricePerMillion?.input ?? Number.POSITIVE_INFINITY)
        ? other
        : best,
    );
  return {
    ...rest,
    providerModelId: m.providerModelId ?? m.id,
    maxOutputTokens: maxOutputTokens ?? Math.min(4096, Math.floor(m.contextTokens / 4)),
    prices,
    tokenizer: tokenizer ?? (m.provider === 'openai' ? 'o200k' : 'estimate'),
    summaryModelId: summaryModel ?? cheapest.id,
  };
}

/** How a size may stray from its ratio: DALL-E 3's 1792x1024 is sold as 16:9 (1.75 against 1.78). */
const SIZE_RATIO_TOLERANCE = 0.03;

function ratioValue(ratio: ImageAspectRatio): number {
  const [w, h] = ratio.split(':').map(Number);
  return (w ?? 1) / (h ?? 1);
}

function checkImageModels(
  entries: z.infer<typeof imageModelEntrySchema>[],
  customProviders: Record<string, CustomProvider>,
  problems: string[],
): CatalogueImageModel[] {
  const seen = new Set<string>();
  const out: CatalogueImageModel[] = [];
  for (const m of entries) {
    const where = `image model ${m.id}`;
    if (seen.has(m.id)) problems.push(`${where} is listed twice`);
    seen.add(m.id);
    const builtIn = (BUILT_IN_PROVIDERS as readonly string[]).includes(m.provider);
    const custom = m.provider in customProviders;
    if (!builtIn && !custom) {
      problems.push(`${where}: unknown provider "${m.provider}" (add it to customProviders)`);
      continue;
    }
    const kind = custom ? 'size' : IMAGE_SHAPE[m.provider as BuiltInProvider];
    if (!kind) {
      problems.push(
        `${where}: provider "${m.provider}" makes no images (use openai, google, xai or a customProviders entry)`,
      );
      continue;
    }
    const { sizes: givenSizes, aspectRatios: givenRatios, ...rest } = m;
    const base = { ...rest, providerModelId: m.providerModelId ?? m.id };
    if (kind === 'size') {
      if (givenRatios)
        problems.push(`${where}: ${m.provider} takes a pixel size: list "sizes" per ratio, not "aspectRatios"`);
      const sizes = givenSizes ?? {};
      const ratios = IMAGE_ASPECT_RATIOS.filter((r) => sizes[r] !== undefined);
      if (ratios.length === 0)
        problems.push(`${where}: ${m.provider} takes a pixel size: give "sizes", e.g. {"1:1": "1024x1024"}`);
      for (const ratio of ratios) {
        const [w, h] = (sizes[ratio] as string).split('x').map(Number);
        const off = Math.abs((w ?? 0) / (h ?? 1) / ratioValue(ratio) - 1);
        if (off > SIZE_RATIO_TOLERANCE) problems.push(`${where}: size ${sizes[ratio]} is not ${ratio}`);
      }
      out.push({ ...base, aspectRatios: ratios, shape: { kind, sizes } });
    } else {
      if (givenSizes) problems.push(`${where}: ${m.provider} takes an aspect ratio: list "aspectRatios", not "sizes"`);
      if (!givenRatios)
        problems.push(`${where}: ${m.provider} takes an aspect ratio: give "aspectRatios", e.g. ["1:1"]`);
      const ratios = IMAGE_ASPECT_RATIOS.filter((r) => givenRatios?.includes(r));
      out.push({ ...base, aspectRatios: ratios, shape: { kind } });
    }
  }
  return out;
}

export const PROVIDER_LABELS: Record<BuiltInProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  deepseek: 'DeepSeek',
  xai: 'xAI',
};

export function pick(text: z.infer<typeof localizedText>, locale: Locale): string {
  return typeof text === 'string' ? text : locale === 'tr' ? (text.tr ?? text.en) : text.en;
}
function pickList(list: z.infer<typeof localizedList>, locale: Locale): string[] {
  return Array.isArray(list) ? list : locale === 'tr' ? (list.tr ?? list.en) : list.en;
}

/** What a browser may see of a catalogue model. */
export function toPublicModel(
  model: CatalogueModel,
  catalogue: Catalogue,
  locale: Locale,
  available: boolean,
): PublicModel {
  const builtIn = (BUILT_IN_PROVIDERS as readonly string[]).includes(model.provider);
  return {
    id: model.id,
    provider: builtIn ? (model.provider as BuiltInProvider) : 'openai-compatible',
    providerLabel: builtIn
      ? PROVIDER_LABELS[model.provider as BuiltInProvider]
      : (catalogue.customProviders[model.provider]?.label ?? model.provider),
    displayName: model.displayName,
    description: pick(model.description, locale),
    examples: pickList(model.examples, locale),
    capabilities: model.capabilities,
    tier: model.tier,
    available,
    demo: false,
  };
}
