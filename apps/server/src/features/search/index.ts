/** The search feature's public face: what other features and the tools may use (the rest is its own). */

export type { PageReadErrorKind, ReadPage } from './page-reader.ts';
export { PageReadError } from './page-reader.ts';
export type { SearchErrorKind, SearchProvider } from './search-providers/search-provider.ts';
export { MAX_SEARCH_RESULTS, SearchProviderError } from './search-providers/search-provider.ts';
export type { WebSearchRuntime } from './web-search-runtime.ts';
