import {
  extractCitations,
  mergeSources,
  OPEN_PAGE_FUNCTION,
  sourcesInParts,
  WEB_SEARCH_FUNCTION,
  type WebSource,
} from '@polymath/shared';

/** A chat message as the web-search page reads it (an AI SDK UI message, by the little used here). */
export type MessageLike = {
  id: string;
  role: string;
  parts: readonly { type: string; state?: string; output?: unknown; text?: string }[];
};

/** Every source the earlier answers of the thread brought in, by number. */
export function sourcesOf(messages: readonly MessageLike[]): WebSource[] {
  return mergeSources(...messages.filter((m) => m.role === 'assistant').map((m) => sourcesInParts(m.parts)));
}

/**
 * An answer's text as the page renders it: its [n] markers become links to the n-th source of the
 * thread (earlier answers' sources included, so a follow-up can cite them), made-up numbers go, and
 * no other link survives (extractCitations).
 */
export function citedText(text: string, message: MessageLike, earlier: readonly MessageLike[]): string {
  return extractCitations(text, mergeSources(sourcesOf(earlier), sourcesInParts(message.parts))).text;
}

/**
 * The cards under an answer: the results and pages this answer's own searches brought in, and any
 * earlier source it cites, in number order.
 */
export function answerSources(message: MessageLike, earlier: readonly MessageLike[]): WebSource[] {
  const own = sourcesInParts(message.parts);
  const text = message.parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n');
  const { cited } = extractCitations(text, mergeSources(sourcesOf(earlier), own));
  return mergeSources(own, cited);
}

const RUNNING = new Set(['input-streaming', 'input-available']);

/** What the answer's functions are doing now: searches under way, pages being read. */
export function searchActivity(message: MessageLike): { searching: number; reading: number } {
  let searching = 0;
  let reading = 0;
  for (const part of message.parts) {
    if (!RUNNING.has(part.state ?? '')) continue;
    if (part.type === `tool-${WEB_SEARCH_FUNCTION}`) searching++;
    else if (part.type === `tool-${OPEN_PAGE_FUNCTION}`) reading++;
  }
  return { searching, reading };
}
