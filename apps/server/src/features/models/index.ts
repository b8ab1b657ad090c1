/** The models feature's public face: what other features and the tools may use (the rest is its own). */
export { createDemoModel } from './demo-model.ts';
export type { Catalogue, CatalogueImageModel, ModelPrices } from './model-catalog.ts';
export { BUILT_IN_PROVIDERS, loadCatalogue, PROVIDER_LABELS, pick } from './model-catalog.ts';
export { modelStatuses, runModelCheck } from './model-check.ts';
export type { HidesModels, ModelRegistry, ResolvedModel } from './model-registry.ts';
export { createModelRegistry } from './model-registry.ts';
