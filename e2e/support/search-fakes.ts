/**
 * The web-search services' stand-ins the e2e server searches through (start-server.ts starts them and
 * points SEARXNG_URL at them; see packages/provider-fakes/src/search). With no script a query gets
 * five articles on the stand-in's own /pages; a script answers one exact query (queries carry a
 * test's unique word, so tests running in parallel do not see each other's scripts).
 */
import { defaultResults, type SearchOutcome } from '@polymath/provider-fakes';
import { readServerState } from './server-state.ts';

export type { SearchOutcome };

export function searchFakesUrl(): string {
  return readServerState().searchFakes.url;
}

/** Answers `query` (exactly) with `outcome` (a delay, results or a failure) until the run ends. */
export async function scriptSearch(query: string, outcome: SearchOutcome): Promise<void> {
  const response = await fetch(`${searchFakesUrl()}/__control/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, outcome }),
  });
  if (!response.ok) throw new Error(`search stand-ins: script answered ${response.status}: ${await response.text()}`);
}

/**
 * The results the stand-in answers an unscripted query with: what the answer's sources must be (URLs
 * as the URL parser writes them, which is how the server keeps them: "adlı" is "adl%C4%B1").
 */
export function expectedResults(query: string): { url: string; title: string }[] {
  return defaultResults(readServerState().searchFakes.pagesUrl, query).map(({ url, title }) => ({
    url: new URL(url).href,
    title,
  }));
}
