import { WEB_SEARCH_PROVIDERS, WEB_SEARCH_SETTINGS, type WebSearchProvider } from '@polymath/shared';
import type { Env } from '../../env.ts';
import { createOutboundGuard, operatorHost } from '../../lib/net/guarded-fetch.ts';
import type { Resolve } from '../../lib/net/guarded-lookup.ts';
import { createPageReader, type ReadPage } from './page-reader.ts';
import { BRAVE_SEARCH_DEFAULT_URL, createBraveProvider } from './search-providers/brave-provider.ts';
import type { SearchProvider } from './search-providers/search-provider.ts';
import { createSearxngProvider } from './search-providers/searxng-provider.ts';
import { createTavilyProvider, TAVILY_DEFAULT_URL } from './search-providers/tavily-provider.ts';

/**
 * What the web-search tool runs on, made once at start-up from the environment: the configured
 * search provider and the page reader. Two guards, on purpose: the provider's allows its own
 * operator-configured host (a SearXNG on the LAN, a stand-in on 127.0.0.1), the page reader's allows
 * nothing, because the pages it opens are chosen by a model from results anyone can publish.
 */

export type WebSearchEnv = Pick<
  Env,
  | 'WEB_SEARCH_PROVIDER'
  | 'TAVILY_API_KEY'
  | 'TAVILY_BASE_URL'
  | 'BRAVE_SEARCH_API_KEY'
  | 'BRAVE_SEARCH_BASE_URL'
  | 'SEARXNG_URL'
>;

export type WebSearchRuntime = {
  provider: SearchProvider;
  readPage: ReadPage;
  close(): Promise<void>;
};

/**
 * The provider to use: WEB_SEARCH_PROVIDER when set (env.ts checks its setting is there), else the
 * first configured of Tavily, Brave, SearXNG (the order is explained in .env.example). Undefined
 * when none is configured: the page then says web search is not set up.
 */
export function chooseSearchProvider(env: WebSearchEnv): WebSearchProvider | undefined {
  if (env.WEB_SEARCH_PROVIDER) return env.WEB_SEARCH_PROVIDER;
  return WEB_SEARCH_PROVIDERS.find((name) => Boolean(env[WEB_SEARCH_SETTINGS[name]]));
}

export function createWebSearchRuntime(
  env: WebSearchEnv,
  options: { resolve?: Resolve } = {},
): WebSearchRuntime | undefined {
  const chosen = chooseSearchProvider(env);
  if (!chosen) return undefined;
  const base =
    chosen === 'tavily'
      ? (env.TAVILY_BASE_URL ?? TAVILY_DEFAULT_URL)
      : chosen === 'brave'
        ? (env.BRAVE_SEARCH_BASE_URL ?? BRAVE_SEARCH_DEFAULT_URL)
        : (env.SEARXNG_URL as string);
  const resolve = options.resolve ? { resolve: options.resolve } : {};
  const serviceGuard = createOutboundGuard({ allowHosts: [operatorHost(base)], ...resolve });
  const pageGuard = createOutboundGuard(resolve);
  const provider =
    chosen === 'tavily'
      ? createTavilyProvider({ apiKey: env.TAVILY_API_KEY as string, baseUrl: base, fetch: serviceGuard.fetch })
      : chosen === 'brave'
        ? createBraveProvider({ apiKey: env.BRAVE_SEARCH_API_KEY as string, baseUrl: base, fetch: serviceGuard.fetch })
        : createSearxngProvider({ url: base, fetch: serviceGuard.fetch });
  const reader = createPageReader({ fetch: pageGuard.fetch });
  return {
    provider,
    readPage: reader.read,
    close: async () => {
      await Promise.all([reader.close(), serviceGuard.close(), pageGuard.close()]);
    },
  };
}
