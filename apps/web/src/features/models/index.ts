// The models feature's public face: what the tools and other features may use (docs/ARCHITECTURE.md, layers).
export { DemoBanner } from './demo-banner.tsx';
export { isModelLocked } from './model-selection.ts';
export { useCurrentModel } from './use-current-model.ts';
