import type { TrackingTool } from './tracking-consent.ts';

/** Product names: the same in every language. */
const TOOL_NAMES: Record<TrackingTool, string> = { gtm: 'Google Tag Manager', pixel: 'Meta Pixel' };
const COMPANIES: Record<TrackingTool, string> = { gtm: 'Google', pixel: 'Meta' };

/** "Google Tag Manager and Meta Pixel" in the page's language. */
export function toolNames(tools: readonly TrackingTool[], language: string | undefined): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(tools.map((tool) => TOOL_NAMES[tool]));
}

/** "Google and Meta": who receives what the tools collect. */
export function toolCompanies(tools: readonly TrackingTool[], language: string | undefined): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(tools.map((tool) => COMPANIES[tool]));
}
