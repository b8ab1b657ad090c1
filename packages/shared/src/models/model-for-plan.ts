import type { Plan } from '../app/plans.ts';
import type { PublicModel } from './model.schema.ts';

type PlanModel = Pick<PublicModel, 'id' | 'tier' | 'available'>;

/** A model the plan includes: its provider is configured, and it is free or the person is Pro. */
export function planIncludes(model: Pick<PublicModel, 'tier' | 'available'>, plan: Plan): boolean {
  return model.available && (model.tier === 'free' || plan === 'pro');
}

/**
 * The model that answers for a plan, the one rule the web (its model picker shows this model, and
 * the message names it) and the server (WhatsApp) both follow: the model asked for (a tool's stored
 * choice, else its default: web search's is the Pro model gpt-4.1, spec §3) when the plan includes
 * it; else the catalogue's default model; else the first model the plan includes. `accepts` narrows
 * the choice (WhatsApp: a picture needs a model that reads images). Undefined when the plan includes
 * none.
 */
export function modelForPlan<M extends PlanModel>(
  models: readonly M[],
  args: { wanted?: string | null; defaultModelId: string | null; plan: Plan; accepts?: (model: M) => boolean },
): M | undefined {
  const usable = (m: M | undefined): m is M =>
    m !== undefined && planIncludes(m, args.plan) && (args.accepts?.(m) ?? true);
  const byId = (id: string | null | undefined) => (id ? models.find((m) => m.id === id) : undefined);
  for (const candidate of [byId(args.wanted), byId(args.defaultModelId)]) if (usable(candidate)) return candidate;
  return models.find(usable);
}

/**
 * The model asked for, when it is there and configured but the plan does not include it: the page
 * then says so, naming it and the model that answers instead (modelForPlan).
 */
export function modelNotInPlan<M extends PlanModel>(
  models: readonly M[],
  wanted: string | null | undefined,
  plan: Plan,
): M | undefined {
  const model = wanted ? models.find((m) => m.id === wanted) : undefined;
  return model?.available && !planIncludes(model, plan) ? model : undefined;
}
