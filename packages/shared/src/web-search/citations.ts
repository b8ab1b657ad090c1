import type { WebSource } from './web-search.schema.ts';

/**
 * Citations in a web-search answer. The model writes [1], [2] (or [1, 3]) after the sentences a
 * source supports; these turn the markers into links to the numbered sources and check that every
 * link in an answer is one of the sources: an answer may only link to pages the search returned.
 * Pure functions, so the server checks what the web renders with the same rules.
 */

/**
 * The WHATWG URL parser, which browsers and Node both have. Shared is compiled without DOM or Node
 * types (it runs on both), so it is typed here by the little we use of it.
 */
const WhatwgUrl = (
  globalThis as unknown as { URL: new (url: string) => { href: string; protocol: string; hash: string } }
).URL;

/** One form per page, as the URL parser writes it: no fragment, lower-case host, no default port, "/" for no path. */
export function normalizeSourceUrl(url: string): string | undefined {
  try {
    const parsed = new WhatwgUrl(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return undefined;
  }
}

type Span = { start: number; end: number };

/** Code (fenced blocks and inline spans) is quoted text: markers and URLs inside it are left alone. */
function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(/```[\s\S]*?(?:```|$)|`[^`\n]+`/g)) {
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

const inside = (spans: Span[], at: number) => spans.some((s) => at >= s.start && at < s.end);

/** [label](url "title"), the label may hold one level of brackets: our own `[[1]](url)`. */
const MARKDOWN_LINK = /(!?)\[((?:[^[\]\\]|\\.|\[[^[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const AUTOLINK = /<((?:https?:\/\/|www\.)[^\s>]+)>/gi;
const BARE_URL = /(?:https?:\/\/|(?<![\w/.@])www\.)[^\s<>()[\]"'`]+/gi;
/** [1], [1, 3]; not [1](…), which is a link the model wrote itself. */
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g;

/** Trailing punctuation ends a sentence, not a URL (as GFM's autolinks read it). */
function trimUrl(url: string): string {
  return url.replace(/[.,;:!?*_~]+$/, '');
}

function absolute(url: string): string {
  return /^www\./i.test(url) ? `http://${url}` : url;
}

type FoundLink = Span & { url: string; kind: 'markdown' | 'autolink' | 'bare'; label?: string; image?: boolean };

/** Every link an answer would render: markdown links and images, <autolinks>, bare URLs and www. names. */
function findLinks(text: string): FoundLink[] {
  const code = codeSpans(text);
  const links: FoundLink[] = [];
  const taken: Span[] = [];
  for (const m of text.matchAll(MARKDOWN_LINK)) {
    if (inside(code, m.index)) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    taken.push(span);
    links.push({ ...span, url: m[3] ?? '', kind: 'markdown', label: m[2] ?? '', image: m[1] === '!' });
  }
  for (const m of text.matchAll(AUTOLINK)) {
    if (inside(code, m.index) || inside(taken, m.index)) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    taken.push(span);
    links.push({ ...span, url: absolute(m[1] ?? ''), kind: 'autolink' });
  }
  for (const m of text.matchAll(BARE_URL)) {
    if (inside(code, m.index) || inside(taken, m.index)) continue;
    const url = trimUrl(m[0]);
    links.push({ start: m.index, end: m.index + url.length, url: absolute(url), kind: 'bare' });
  }
  return links.sort((a, b) => a.start - b.start);
}

function sourceIndex(sources: readonly WebSource[]) {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const urls = new Set(sources.map((s) => normalizeSourceUrl(s.url)));
  return { byNumber, isSource: (url: string) => urls.has(normalizeSourceUrl(url)) };
}

/** Links to anything but a source, replaced: a markdown link keeps its label, a bare URL becomes code (readable, not a link). */
function unlinkForeign(answerText: string, isSource: (url: string) => boolean): { text: string; removed: string[] } {
  let text = answerText;
  const removed: string[] = [];
  // Right to left, so earlier positions stay valid.
  for (const link of findLinks(answerText).reverse()) {
    if (isSource(link.url)) continue;
    removed.unshift(link.url);
    const replacement = link.kind === 'markdown' ? (link.image ? '' : (link.label ?? '')) : `\`${link.url}\``;
    text = text.slice(0, link.start) + replacement + text.slice(link.end);
  }
  return { text, removed };
}

/** Rewrites every [n] / [n, m] marker outside code and links, one number at a time. */
function rewriteMarkers(text: string, each: (n: number) => string): string {
  const code = codeSpans(text);
  const links = findLinks(text);
  return text.replace(MARKER, (whole: string, list: string, offset: number) => {
    if (inside(code, offset) || links.some((l) => offset >= l.start && offset < l.end)) return whole;
    return list
      .split(',')
      .map((n) => each(Number(n.trim())))
      .join('');
  });
}

export type ExtractedCitations = {
  /** The answer with [n] as links to the n-th source, unknown [n] removed, and links to anything else unlinked. */
  text: string;
  /** The sources the answer cites, in the order first cited. */
  cited: WebSource[];
  /** Numbers the answer cites that no source has. */
  unknownMarkers: number[];
};

/**
 * Turns [n] markers into markdown links to the n-th source (`[[n]](url)`), and makes sure nothing
 * else in the answer links anywhere but a source: a markdown link to another address keeps only its
 * label, and another bare URL is shown as code, so it is readable but not a link.
 */
export function extractCitations(answerText: string, sources: readonly WebSource[]): ExtractedCitations {
  const { byNumber, isSource } = sourceIndex(sources);
  const cited = new Map<number, WebSource>();
  const unknown = new Set<number>();
  const text = rewriteMarkers(unlinkForeign(answerText, isSource).text, (n) => {
    const source = byNumber.get(n);
    if (!source) {
      unknown.add(n);
      return '';
    }
    if (!cited.has(n)) cited.set(n, source);
    return `[[${n}]](${source.url})`;
  });
  return { text, cited: [...cited.values()], unknownMarkers: [...unknown].sort((a, b) => a - b) };
}

export type SourceLinksKept = {
  /** The answer with links to anything but a source unlinked and [n] with no source removed; other [n] stay markers. */
  text: string;
  /** The links that were unlinked, as written. */
  removedLinks: string[];
  /** The [n] numbers that were removed. */
  unknownMarkers: number[];
};

/**
 * What the server stores for an answer: the same rules as extractCitations (only sources are linked,
 * every [n] has a source), but the markers stay [n], so the stored text reads as the model wrote it
 * and extractCitations still turns it into links when it is shown. [1, 3] is stored as [1][3].
 */
export function keepSourceLinks(answerText: string, sources: readonly WebSource[]): SourceLinksKept {
  const { byNumber, isSource } = sourceIndex(sources);
  const unknown = new Set<number>();
  const { text: unlinked, removed } = unlinkForeign(answerText, isSource);
  const text = rewriteMarkers(unlinked, (n) => {
    if (byNumber.has(n)) return `[${n}]`;
    unknown.add(n);
    return '';
  });
  return { text, removedLinks: removed, unknownMarkers: [...unknown].sort((a, b) => a - b) };
}

export type CitationCheck = {
  /** True when every link is a source and every [n] has a source. */
  ok: boolean;
  /** Every link in the answer, as written. */
  links: string[];
  /** Links that are not one of the sources: invented, or from somewhere else. */
  foreignLinks: string[];
  /** [n] markers with no source n. */
  unknownMarkers: number[];
};

/** Reports what in an answer does not come from the sources: links to other pages, and [n] with no source n. */
export function checkCitations(answerText: string, sources: readonly WebSource[]): CitationCheck {
  const { byNumber, isSource } = sourceIndex(sources);
  const found = findLinks(answerText);
  const links = found.map((l) => l.url);
  const foreignLinks = links.filter((url) => !isSource(url));
  const code = codeSpans(answerText);
  const unknown = new Set<number>();
  for (const m of answerText.matchAll(MARKER)) {
    if (inside(code, m.index) || found.some((l) => m.index >= l.start && m.index < l.end)) continue;
    for (const n of (m[1] ?? '').split(',').map((x) => Number(x.trim()))) {
      if (!byNumber.has(n)) unknown.add(n);
    }
  }
  const unknownMarkers = [...unknown].sort((a, b) => a - b);
  return { ok: foreignLinks.length === 0 && unknownMarkers.length === 0, links, foreignLinks, unknownMarkers };
}
