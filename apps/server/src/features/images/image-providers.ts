import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModelV4 } from '@ai-sdk/provider';
import { createXai } from '@ai-sdk/xai';
import type { Env } from '../../env.ts';
import type { Catalogue, CatalogueImageModel } from '../models/index.ts';

type ImageFactory = { model: (providerModelId: string) => ImageModelV4; sendsMask: boolean };

/**
 * One image-model factory per configured provider, from the same keys and base URLs as chat
 * (docs/decisions/009-image-models.md). `sendsMask`: the provider's image API takes a mask
 * (OpenAI's and OpenAI-compatible multipart edits); Gemini refuses one and xAI ignores it, so for
 * them the mask is applied locally after the edit.
 */
export function createImageProviderFactories(env: Env, catalogue: Catalogue, source: NodeJS.ProcessEnv = process.env) {
  const factories = new Map<string, ImageFactory>();
  if (env.OPENAI_API_KEY) {
    const provider = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL });
    factories.set('openai', { model: (id) => provider.image(id), sendsMask: true });
  }
  if (env.GOOGLE_GENERATIVE_AI_API_KEY) {
    const provider = createGoogleGenerativeAI({
      apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
      baseURL: env.GOOGLE_GENERATIVE_AI_BASE_URL,
    });
    factories.set('google', { model: (id) => provider.image(id), sendsMask: false });
  }
  if (env.XAI_API_KEY) {
    // @ai-sdk/xai, not openai-compatible: xAI edits are JSON with the photo as a data URI, and
    // OpenAI-style multipart edits are refused by xAI.
    const provider = createXai({ apiKey: env.XAI_API_KEY, baseURL: env.XAI_BASE_URL });
    factories.set('xai', { model: (id) => provider.image(id), sendsMask: false });
  }
  for (const [name, custom] of Object.entries(catalogue.customProviders)) {
    const apiKey = custom.apiKeyEnv ? source[custom.apiKeyEnv]?.trim() || undefined : undefined;
    if (custom.apiKeyEnv && !apiKey) continue;
    const provider = createOpenAICompatible({ name, baseURL: custom.baseURL, apiKey });
    factories.set(name, { model: (id) => provider.imageModel(id), sendsMask: true });
  }
  return {
    isConfigured: (provider: string) => factories.has(provider),
    sendsMask: (provider: string) => factories.get(provider)?.sendsMask ?? false,
    imageModel(model: CatalogueImageModel): ImageModelV4 | undefined {
      return factories.get(model.provider)?.model(model.providerModelId);
    },
  };
}
