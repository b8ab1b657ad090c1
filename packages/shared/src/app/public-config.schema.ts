import { z } from 'zod';

/** Runtime settings the server hands the web app, so one build serves every deployment. */
export const publicConfigSchema = z.object({
  appVersion: z.number(),
  gtmId: z.string().nullable(),
  adPixelId: z.string().nullable(),
  /** Social sign-in providers the server is configured for; the web offers only these. */
  authProviders: z.array(z.enum(['google', 'apple'])),
  /** A web-search service is configured (TAVILY_API_KEY, BRAVE_SEARCH_API_KEY or SEARXNG_URL). */
  webSearch: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
