import { z } from 'zod';

/** The search services the web-search tool can use (spec §1 "Web search"). */
export const WEB_SEARCH_PROVIDERS = ['tavily', 'brave', 'searxng'] as const;
export type WebSearchProvider = (typeof WEB_SEARCH_PROVIDERS)[number];

/** The setting that turns each one on; the web-search page names all three when none is set. */
export const WEB_SEARCH_SETTINGS = {
  tavily: 'TAVILY_API_KEY',
  brave: 'BRAVE_SEARCH_API_KEY',
  searxng: 'SEARXNG_URL',
} as const satisfies Record<WebSearchProvider, string>;

/**
 * A source an answer may cite as [n]: what the cards under the answer show (title, site name, date
 * where known) and where the n-th reference links to.
 */
export const webSourceSchema = z.object({
  /** 1-based, in the order the turn's searches returned them; stable for the whole answer. */
  n: z.number().int().min(1),
  url: z.url({ protocol: /^https?$/ }),
  title: z.string(),
  siteName: z.string(),
  /** ISO 8601, when the search service dates the page. */
  publishedAt: z.string().optional(),
});
export type WebSource = z.infer<typeof webSourceSchema>;
