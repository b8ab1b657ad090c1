import type { ModelProvider, PublicModel } from '@polymath/shared';

/** A Pro model is locked for everyone who is not Pro (signed-out visitors included). */
export function isModelLocked(model: Pick<PublicModel, 'tier'>, isPro: boolean): boolean {
  return model.tier === 'pro' && !isPro;
}

/** A model can be sent to: its provider is configured and the person's plan allows it. */
export function isModelUsable(model: Pick<PublicModel, 'tier' | 'available'>, isPro: boolean): boolean {
  return model.available && !isModelLocked(model, isPro);
}

/**
 * The model a tool talks to. The stored choice (the tool setting's modelName) wins while it exists
 * and can be used; otherwise the server's default model; otherwise the first usable model. When
 * nothing is usable, the stored choice or the default is still returned so the header can name it
 * (sending then answers with the server's error).
 */
export function resolveModel(
  models: readonly PublicModel[],
  modelName: string | undefined,
  defaultModelId: string | null,
  isPro: boolean,
): PublicModel | undefined {
  const chosen = modelName ? models.find((m) => m.id === modelName) : undefined;
  const fallback = defaultModelId ? models.find((m) => m.id === defaultModelId) : undefined;
  for (const candidate of [chosen, fallback]) if (candidate && isModelUsable(candidate, isPro)) return candidate;
  return models.find((m) => isModelUsable(m, isPro)) ?? fallback ?? chosen;
}

export type ProviderGroup = { provider: ModelProvider; label: string; models: PublicModel[] };

/** Models grouped by provider, in the catalogue's order. */
export function groupByProvider(models: readonly PublicModel[]): ProviderGroup[] {
  const groups = new Map<ModelProvider, ProviderGroup>();
  for (const model of models) {
    let group = groups.get(model.provider);
    if (!group) {
      group = { provider: model.provider, label: model.providerLabel, models: [] };
      groups.set(model.provider, group);
    }
    group.models.push(model);
  }
  return [...groups.values()];
}
