/**
 * Page citations in answers about PDFs. The model writes "(p. 12)" after a claim, "(pp. 12–13)" or
 * "(p. 12, 15)" for several pages, and "(report.pdf, p. 12)" when several documents are in the
 * chat. Pure functions, so the server's tests hold answers to the same rules the web renders with.
 */

export type PageCitation = {
  /** Where the whole marker starts and ends in the text. */
  start: number;
  end: number;
  /** The document named in the marker ("report.pdf"), if any. */
  documentName?: string;
  pages: number[];
};

/** "(p. 12)", "(pp. 3-4)", "(p. 2, 7)", "(report.pdf, p. 12)"; "s." (Turkish "sayfa") too. */
const MARKER = /\((?:([^()\n]{1,120}?),\s*)?(?:pp?|s)\.\s?(\d{1,4}(?:\s*(?:[,–—-]|and|ve)\s*\d{1,4})*)\)/g;

/** Code (fenced blocks and inline spans) is quoted text: markers inside it are left alone. */
function codeSpans(text: string): { start: number; end: number }[] {
  return [...text.matchAll(/```[\s\S]*?(?:```|$)|`[^`\n]+`/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
}

function pagesOf(list: string): number[] {
  const pages: number[] = [];
  for (const part of list.split(/\s*(?:,|and|ve)\s*/)) {
    const range = part.split(/\s*[–—-]\s*/).map(Number);
    const [from, to] = range;
    if (from === undefined || !Number.isFinite(from)) continue;
    if (to !== undefined && Number.isFinite(to) && to >= from && to - from <= 20) {
      for (let p = from; p <= to; p++) pages.push(p);
    } else pages.push(from);
  }
  return [...new Set(pages)].filter((p) => p >= 1);
}

/** Every page citation of an answer, in order, outside code. */
export function findPageCitations(text: string): PageCitation[] {
  const code = codeSpans(text);
  const found: PageCitation[] = [];
  for (const m of text.matchAll(MARKER)) {
    if (code.some((s) => m.index >= s.start && m.index < s.end)) continue;
    const name = m[1]?.trim();
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      ...(name ? { documentName: name } : {}),
      pages: pagesOf(m[2] ?? ''),
    });
  }
  return found;
}

/**
 * Which of the chat's documents a citation means: the one it names (by file name, with or without
 * ".pdf", any letter case), or the only one. Null when it cannot be told.
 */
export function resolveCitedDocument<D extends { name: string }>(
  citation: Pick<PageCitation, 'documentName'>,
  documents: readonly D[],
): D | null {
  if (!citation.documentName) return documents.length === 1 ? (documents[0] ?? null) : null;
  const bare = (name: string) =>
    name
      .toLowerCase()
      .replace(/\.pdf$/, '')
      .replace(/["'“”‘’*_]/g, '')
      .trim();
  const wanted = bare(citation.documentName);
  return (
    documents.find((d) => bare(d.name) === wanted) ??
    documents.find((d) => bare(d.name).includes(wanted) || wanted.includes(bare(d.name))) ??
    (documents.length === 1 ? (documents[0] ?? null) : null)
  );
}
