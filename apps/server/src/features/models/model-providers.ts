import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { Env } from '../../env.ts';
import { BUILT_IN_PROVIDERS, type BuiltInProvider, type Catalogue, type CatalogueModel } from './model-catalog.ts';

type ModelFactory = (providerModelId: string) => LanguageModelV4;

/**
 * One factory per configured provider, built from the environment: a provider is configured when
 * its key is set (custom OpenAI-compatible servers when listed in the catalogue, key optional).
 * Every provider speaks through the AI SDK; chat-completions style APIs use their chat models.
 */
export function createProviderFactories(env: Env, catalogue: Catalogue, source: NodeJS.ProcessEnv = process.env) {
  const factories = new Map<string, ModelFactory>();
  const builtIn: Record<BuiltInProvider, () => ModelFactory | undefined> = {
    openai: () => {
      if (!env.OPENAI_API_KEY) return undefined;
      const provider = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL });
      return (id) => provider.chat(id);
    },
    anthropic: () => {
      if (!env.ANTHROPIC_API_KEY) return undefined;
      const provider = createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL });
      return (id) => provider(id);
    },
    google: () => {
      if (!env.GOOGLE_GENERATIVE_AI_API_KEY) return undefined;
      const provider = createGoogleGenerativeAI({
        apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
        baseURL: env.GOOGLE_GENERATIVE_AI_BASE_URL,
      });
      return (id) => provider(id);
    },
    deepseek: () => {
      if (!env.DEEPSEEK_API_KEY) return undefined;
      const provider = createDeepSeek({ apiKey: env.DEEPSEEK_API_KEY, baseURL: env.DEEPSEEK_BASE_URL });
      return (id) => provider(id);
    },
    // xAI's chat-completions API (docs/decisions/005-chat.md: @ai-sdk/xai v5 speaks only its Responses API).
    xai: () => {
      if (!env.XAI_API_KEY) return undefined;
      const provider = createOpenAICompatible({
        name: 'xai',
        apiKey: env.XAI_API_KEY,
        baseURL: env.XAI_BASE_URL ?? 'https://api.x.ai/v1',
      });
      return (id) => provider.chatModel(id);
    },
  };
  for (const name of BUILT_IN_PROVIDERS) {
    const factory = builtIn[name]();
    if (factory) factories.set(name, factory);
  }
  for (const [name, custom] of Object.entries(catalogue.customProviders)) {
    const apiKey = custom.apiKeyEnv ? source[custom.apiKeyEnv]?.trim() || undefined : undefined;
    if (custom.apiKeyEnv && !apiKey) continue;
    const provider = createOpenAICompatible({ name, baseURL: custom.baseURL, apiKey });
    factories.set(name, (id) => provider.chatModel(id));
  }
  return {
    isConfigured: (provider: string) => factories.has(provider),
    anyConfigured: () => factories.size > 0,
    languageModel(model: CatalogueModel): LanguageModelV4 | undefined {
      return factories.get(model.provider)?.(model.providerModelId);
    },
  };
}
