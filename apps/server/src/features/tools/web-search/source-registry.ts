import { normalizeSourceUrl, type WebSource } from '@polymath/shared';

/**
 * The sources of one answer: every page its searches returned (and pages the user linked and the
 * model opened), numbered 1, 2, 3… in the order they arrived, a URL keeping its first number. The
 * model cites these numbers; the page shows them as cards; checkCitations holds the answer to them.
 * Create one per answer; seed it with the thread's earlier sources so a follow-up's numbers carry on
 * from the last answer's instead of reusing them.
 */
export type SourceRegistry = {
  /** Numbers the pages (new URLs get the next numbers) and returns them as sources, in the given order. */
  add(pages: readonly Omit<WebSource, 'n'>[]): WebSource[];
  find(url: string): WebSource | undefined;
  list(): WebSource[];
};

export function createSourceRegistry(earlier: readonly WebSource[] = []): SourceRegistry {
  const byUrl = new Map<string, WebSource>();
  const all: WebSource[] = [];
  // Earlier answers keep their numbers (their cards are already on screen); new sources go after them.
  let next = 1;
  for (const source of [...earlier].sort((a, b) => a.n - b.n)) {
    const key = normalizeSourceUrl(source.url);
    next = Math.max(next, source.n + 1);
    if (!key || byUrl.has(key)) continue;
    byUrl.set(key, source);
    all.push(source);
  }
  return {
    add(pages) {
      const numbered: WebSource[] = [];
      for (const page of pages) {
        const key = normalizeSourceUrl(page.url);
        if (!key) continue;
        let source = byUrl.get(key);
        if (!source) {
          source = { ...page, n: next++ };
          byUrl.set(key, source);
          all.push(source);
        }
        numbered.push(source);
      }
      return numbered;
    },
    find: (url) => {
      const key = normalizeSourceUrl(url);
      return key ? byUrl.get(key) : undefined;
    },
    list: () => all.slice(),
  };
}
