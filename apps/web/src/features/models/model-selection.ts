import { type ModelProvider, modelForPlan, type PublicModel } from '@polymath/shared';

/** A Pro model is locked for everyone who is not Pro (signed-out visitors included). */
export function isModelLocked(model: Pick<PublicModel, 'tier'>, isPro: boolean): boolean {
  return model.tier === 'pro' && !isPro;
}

/**
 * The model a tool talks to: the shared rule (modelForPlan: the stored choice, else the server's
 * default model, else the first the plan includes), the one the server follows too. When nothing
 * is usable, the stored choice or the default is still returned so the header can name it (sending
 * then answers with the server's error).
 */
export function resolveModel(
  models: readonly PublicModel[],
  modelName: string | undefined,
  defaultModelId: string | null,
  isPro: boolean,
): PublicModel | undefined {
  const plan = isPro ? 'pro' : 'free';
  const answering = modelForPlan(models, { wanted: modelName, defaultModelId, plan });
  const byId = (id: string | null | undefined) => (id ? models.find((m) => m.id === id) : undefined);
  return answering ?? byId(defaultModelId) ?? byId(modelName);
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
