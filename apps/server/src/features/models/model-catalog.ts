import { readFileSync } from 'node:fs';
import { type Locale, MODEL_TIERS, type PublicModel } from '@polymath/shared';
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
  tier: z.enum(MODEL_TIERS),
});

export const catalogueFileSchema = z.object({
  customProviders: z.record(z.string().regex(/^[a-z][a-z0-9-]{0,31}$/), customProviderSchema).default({}),
  models: z.array(modelEntrySchema).min(1),
});

export type CustomProvider = z.infer<typeof customProviderSchema>;
export type CatalogueModel = z.infer<typeof modelEntrySchema> & { providerModelId: string };
export type Catalogue = { models: CatalogueModel[]; customProviders: Record<string, CustomProvider> };

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
  const { models, customProviders } = parsed.data;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of models) {
    if (seen.has(m.id)) problems.push(`model ${m.id} is listed twice`);
    seen.add(m.id);
    const known = (BUILT_IN_PROVIDERS as readonly string[]).includes(m.provider) || m.provider in customProviders;
    if (!known) problems.push(`model ${m.id}: unknown provider "${m.provider}" (add it to customProviders)`);
  }
  if (problems.length) {
    throw new CatalogueError(
      `The model catalogue ${source} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  return {
    customProviders,
    models: models.map((m) => ({ ...m, providerModelId: m.providerModelId ?? m.id })),
  };
}

const PROVIDER_LABELS: Record<BuiltInProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  deepseek: 'DeepSeek',
  xai: 'xAI',
};

function pick(text: z.infer<typeof localizedText>, locale: Locale): string {
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
