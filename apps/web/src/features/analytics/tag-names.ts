import type { TrackingTag } from './tracking-consent.ts';

/** Product names: the same in every language. */
const TAG_NAMES: Record<TrackingTag, string> = { gtm: 'Google Tag Manager', pixel: 'Meta Pixel' };
const COMPANIES: Record<TrackingTag, string> = { gtm: 'Google', pixel: 'Meta' };

/** "Google Tag Manager and Meta Pixel" in the page's language. */
export function tagNames(tags: readonly TrackingTag[], language: string | undefined): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(tags.map((tag) => TAG_NAMES[tag]));
}

/** "Google and Meta": who receives what the tags collect. */
export function tagCompanies(tags: readonly TrackingTag[], language: string | undefined): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(tags.map((tag) => COMPANIES[tag]));
}
