import { normalizeSourceUrl } from './citations.ts';
import { type WebSource, webSourceSchema } from './web-search.schema.ts';

/** The web-search chat's functions, as the model calls them and as an answer's parts name them (`tool-<name>`). */
export const WEB_SEARCH_FUNCTION = 'web_search';
export const OPEN_PAGE_FUNCTION = 'open_page';

/** An answer's part as stored and streamed (an AI SDK UI message part), typed by the little read here. */
type PartLike = { type: string; state?: string; output?: unknown };

function sourceOf(value: unknown): WebSource | undefined {
  const parsed = webSourceSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The sources an answer's function calls brought in, by number: every result of its finished
 * web_search calls and every page open_page read. The cards under an answer and the links of its
 * [n] markers come from these (with the earlier answers' sources), so an answer can only ever link
 * to what a search returned. Outputs that are errors, or do not have the shape, add nothing.
 */
export function sourcesInParts(parts: readonly PartLike[]): WebSource[] {
  const found = new Map<number, WebSource>();
  for (const part of parts) {
    if (part.state !== 'output-available' || typeof part.output !== 'object' || part.output === null) continue;
    if (part.type === `tool-${WEB_SEARCH_FUNCTION}`) {
      const results = (part.output as { results?: unknown }).results;
      if (!Array.isArray(results)) continue;
      for (const result of results) {
        const source = sourceOf(result);
        if (source && !found.has(source.n)) found.set(source.n, source);
      }
    } else if (part.type === `tool-${OPEN_PAGE_FUNCTION}`) {
      const source = sourceOf(part.output);
      if (source && !found.has(source.n)) found.set(source.n, source);
    }
  }
  return [...found.values()].sort((a, b) => a.n - b.n);
}

/** Sources of several answers in one list: the first source with a number (or a page) wins. */
export function mergeSources(...lists: readonly (readonly WebSource[])[]): WebSource[] {
  const byNumber = new Map<number, WebSource>();
  const pages = new Set<string>();
  for (const list of lists) {
    for (const source of list) {
      const page = normalizeSourceUrl(source.url) ?? source.url;
      if (byNumber.has(source.n) || pages.has(page)) continue;
      byNumber.set(source.n, source);
      pages.add(page);
    }
  }
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}
