import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { Locale, ModelsResponse, PublicModel } from '@polymath/shared';
import type { Env } from '../../env.ts';
import { createDemoModel, DEMO_MODEL_ID, type DemoTurnScript } from './demo-model.ts';
import {
  type Catalogue,
  type CatalogueModel,
  loadCatalogue,
  type ModelPrices,
  toPublicModel,
} from './model-catalog.ts';
import { createProviderFactories } from './model-providers.ts';

/** A model the chat can use, with how to call it. */
export type ResolvedModel = {
  id: string;
  /** The catalogue's name for people ("GPT-4o mini"). */
  displayName: string;
  tier: CatalogueModel['tier'];
  capabilities: CatalogueModel['capabilities'];
  /** The provider's name in the catalogue (openai, anthropic…, a customProviders key, or demo). */
  provider: string;
  /** Tokens the model reads at once (the catalogue's contextTokens). */
  contextTokens: number;
  /** The longest answer it writes: the room a turn's input leaves (decision 027). */
  maxOutputTokens: number;
  /** US dollars per million tokens; null when unknown (cost is then not computed). */
  prices: ModelPrices | null;
  /** How its tokens are counted (features/chat/token-count.ts). */
  tokenizer: CatalogueModel['tokenizer'];
  /** The model (an id of this registry) that summarises this one's long chats; itself for the demo. */
  summaryModelId: string;
  available: boolean;
  /** True for the offline demo model. */
  demo: boolean;
  /**
   * The model to call. The demo model takes the person's language and the tool's demo script for
   * this turn (a real model decides for itself); real models ignore them.
   */
  languageModel: (demo?: { locale?: Locale; script?: DemoTurnScript }) => LanguageModelV4;
};

/**
 * Models their provider no longer serves (the model check, decision 039): left out of the list, never
 * the default, and unavailable to `get`, so the pickers stop offering them. The chat models' registry
 * and the image models' registry both hide this way; the model check tells each which of its own to hide.
 */
export type HidesModels = {
  /** Hides exactly these ids (of this registry; others are ignored). Returns whether it changed. */
  hide(ids: Iterable<string>): boolean;
  hidden(): ReadonlySet<string>;
  /** Whether a catalogue provider has its key (custom servers: listed, with their key if they name one). */
  isConfigured(provider: string): boolean;
};

export type ModelRegistry = HidesModels & {
  /** The catalogue as a browser sees it. */
  list(locale: Locale): ModelsResponse;
  get(id: string): ResolvedModel | undefined;
  /** True when no provider is configured and the offline demo model answers. */
  demo: boolean;
  /** The catalogue it was built from (the model check reads it). */
  catalogue: Catalogue;
  /** Bumped by every change `hide` makes, so cached copies of `list` (the page's boot data) know to go. */
  version(): number;
};

/** The demo reads everything it is given; a small window keeps its document behaviour like a real model's. */
const DEMO_CONTEXT_TOKENS = 16_000;
const DEMO_MAX_OUTPUT_TOKENS = 2_000;

const DEMO_TEXT: Record<Locale, { description: string; examples: string[] }> = {
  en: {
    description: 'A built-in offline demo, not a real AI. Add a provider key to chat with real models.',
    examples: ['What can this app do?', 'How do I connect a real model?', 'Show me a table and some code'],
  },
  tr: {
    description:
      'Gerçek bir yapay zekâ değil, yerleşik çevrimdışı demo. Gerçek modeller için bir sağlayıcı anahtarı ekleyin.',
    examples: [
      'Bu uygulama neler yapabilir?',
      'Gerçek bir modeli nasıl bağlarım?',
      'Bana bir tablo ve biraz kod göster',
    ],
  },
};

/**
 * The catalogue joined with the configured providers. With no provider configured at all, the
 * offline demo model is added (free, the default) so a keyless start can chat; it is never
 * offered once a real provider is configured.
 */
export function createModelRegistry(env: Env, catalogue: Catalogue = loadCatalogue(env.MODELS_FILE)): ModelRegistry {
  const providers = createProviderFactories(env, catalogue);
  const demo = !providers.anyConfigured();
  const byId = new Map<string, ResolvedModel>();
  for (const model of catalogue.models) {
    byId.set(model.id, {
      id: model.id,
      displayName: model.displayName,
      tier: model.tier,
      capabilities: model.capabilities,
      provider: model.provider,
      contextTokens: model.contextTokens,
      maxOutputTokens: model.maxOutputTokens,
      prices: model.prices,
      tokenizer: model.tokenizer,
      summaryModelId: model.summaryModelId,
      available: providers.isConfigured(model.provider),
      demo: false,
      languageModel: () => {
        const lm = providers.languageModel(model);
        if (!lm) throw new Error(`provider ${model.provider} is not configured`);
        return lm;
      },
    });
  }
  if (demo) {
    byId.set(DEMO_MODEL_ID, {
      id: DEMO_MODEL_ID,
      displayName: 'Demo (offline)',
      tier: 'free',
      capabilities: { vision: false, reasoning: false },
      provider: 'demo',
      contextTokens: DEMO_CONTEXT_TOKENS,
      maxOutputTokens: DEMO_MAX_OUTPUT_TOKENS,
      // Nothing is paid for: its answers cost 0, not "unknown".
      prices: { input: 0, cachedInput: 0, cacheWrite: 0, output: 0 },
      tokenizer: 'estimate',
      summaryModelId: DEMO_MODEL_ID,
      available: true,
      demo: true,
      languageModel: (options) => createDemoModel(options),
    });
  }
  let hidden = new Set<string>();
  let version = 0;
  const defaultModelId = () =>
    demo
      ? DEMO_MODEL_ID
      : (catalogue.models.find((m) => m.tier === 'free' && providers.isConfigured(m.provider) && !hidden.has(m.id))
          ?.id ?? null);

  return {
    demo,
    catalogue,
    isConfigured: (provider) => providers.isConfigured(provider),
    hide(ids) {
      const next = new Set([...ids].filter((id) => byId.has(id)));
      if (next.size === hidden.size && [...next].every((id) => hidden.has(id))) return false;
      hidden = next;
      version++;
      return true;
    },
    hidden: () => hidden,
    version: () => version,
    get(id) {
      const model = byId.get(id);
      return model && hidden.has(id) ? { ...model, available: false } : model;
    },
    list(locale) {
      const models: PublicModel[] = catalogue.models
        .filter((m) => !hidden.has(m.id))
        .map((m) => toPublicModel(m, catalogue, locale, providers.isConfigured(m.provider)));
      if (demo) {
        models.unshift({
          id: DEMO_MODEL_ID,
          provider: 'demo',
          providerLabel: 'Polymath',
          displayName: locale === 'tr' ? 'Demo (çevrimdışı)' : 'Demo (offline)',
          description: DEMO_TEXT[locale].description,
          examples: DEMO_TEXT[locale].examples,
          capabilities: { vision: false, reasoning: false },
          tier: 'free',
          available: true,
          demo: true,
        });
      }
      return { models, defaultModelId: defaultModelId() };
    },
  };
}
