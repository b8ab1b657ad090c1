/**
 * Cutting pages into the passages retrieval finds. A chunk never spans two pages, so every passage
 * the model reads carries exactly the page it can cite. Cuts fall between paragraphs, then lines,
 * then sentences, then words, so a passage reads as written.
 */

/** About a few paragraphs: small enough to retrieve precisely, big enough to carry context. */
export const CHUNK_MAX_CHARS = 1200;

export type PageChunk = { page: number; text: string };

function cutAt(text: string, max: number): number {
  const window = text.slice(0, max + 1);
  for (const separator of ['\n\n', '\n', '. ', ' ']) {
    const at = window.lastIndexOf(separator);
    if (at >= max / 3) return at + separator.length;
  }
  return max;
}

/** One page's text as chunks of at most maxChars (each trimmed, none empty). */
export function chunkPage(page: number, text: string, maxChars = CHUNK_MAX_CHARS): PageChunk[] {
  const chunks: PageChunk[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const at = cutAt(rest, maxChars);
    const piece = rest.slice(0, at).trim();
    if (piece) chunks.push({ page, text: piece });
    rest = rest.slice(at).trim();
  }
  if (rest) chunks.push({ page, text: rest });
  return chunks;
}

/** Every page's chunks, in page order. */
export function chunkPages(pages: readonly { page: number; text: string }[], maxChars = CHUNK_MAX_CHARS): PageChunk[] {
  return pages.flatMap((p) => chunkPage(p.page, p.text, maxChars));
}

/** Words of a question worth searching for: no short words and no common ones (English, Turkish). */
const STOP_WORDS = new Set(
  (
    'the and for are but not you all any can her was one our out has had how its may who did yet what when where which why with ' +
    'this that these those from into about there their them then than they have been does will would could should about page ' +
    'pdf document documents file say says said tell please give show find explain summary summarize according ' +
    've ile bir bu şu o da de mi mı mu mü ne için gibi daha çok en ya hem ama fakat ancak olan olarak neden nasıl hangi nedir ' +
    'kaç kim sayfa belge belgede belgeye göre anlat açıkla özetle'
  ).split(/\s+/),
);

/** The search terms of a question: distinct lower-case words of 3+ letters (or any number), in order. */
export function questionTerms(question: string, max = 16): string[] {
  const words = question.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if ((word.length < 3 && !/^\p{N}+$/u.test(word)) || STOP_WORDS.has(word) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length >= max) break;
  }
  return terms;
}
