import { z } from 'zod';
import { PLANS, type Plan } from '../app/plans.ts';

/**
 * The wire view of one model of the catalogue (GET /api/models). The catalogue itself is operator
 * configuration on the server (features/models); this is what a browser may know about it.
 */
/** A model's tier: the plan that may use it. */
export type ModelTier = Plan;

/** Providers the server knows how to call; `demo` is the offline model of a keyless start. */
export const MODEL_PROVIDERS = [
  'openai',
  'anthropic',
  'google',
  'deepseek',
  'xai',
  'openai-compatible',
  'demo',
] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export const modelCapabilitiesSchema = z.object({
  vision: z.boolean(),
  reasoning: z.boolean(),
});

export const publicModelSchema = z.object({
  /** Unique across the catalogue; what chat requests and tool settings (modelName) name. */
  id: z.string(),
  provider: z.enum(MODEL_PROVIDERS),
  /** A human name for the provider ("OpenAI", "Ollama"). */
  providerLabel: z.string(),
  displayName: z.string(),
  description: z.string(),
  /** Starter prompts shown on an empty chat. */
  examples: z.array(z.string()),
  capabilities: modelCapabilitiesSchema,
  tier: z.enum(PLANS),
  /** False when the model's provider has no key configured: shown, but cannot be chosen. */
  available: z.boolean(),
  /** The offline demo model (only offered when no provider is configured). */
  demo: z.boolean(),
});
export type PublicModel = z.infer<typeof publicModelSchema>;

export const modelsResponseSchema = z.object({
  models: z.array(publicModelSchema),
  /** The model to use when a tool's chosen model is not available (the demo model on a keyless start). */
  defaultModelId: z.string().nullable(),
});
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

/** Attachments to vision models: content-checked images, at most this big. */
export const CHAT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const CHAT_ATTACHMENTS_PER_MESSAGE = 4;
