import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/**
 * The readable text of an HTML page: Mozilla's Readability (Firefox's reader view) over a linkedom
 * document (decision 010: a fast DOM with no script execution and no resource loading). Pure and
 * synchronous; page-reader.ts runs it in a worker thread so a large page never stalls the server.
 */

export type ExtractedPage = {
  title: string;
  siteName?: string;
  /** As the page states it (meta or JSON-LD); the reader turns it into ISO 8601. */
  publishedTime?: string;
  /** Paragraphs separated by blank lines; not yet capped. */
  text: string;
};

/** Above this many elements a page is read as plain text, without Readability. */
const MAX_ELEMENTS = 15_000;
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'CANVAS']);
/** What a page without an article is stripped of before its text is taken. */
const CHROME = 'script, style, noscript, template, svg, iframe, nav, header, footer, aside, form, button';

/** The little of a DOM node the text walk reads (the server is compiled without DOM types). */
type TextNode = {
  nodeType: number;
  nodeValue: string | null;
  tagName?: string;
  firstChild: TextNode | null;
  nextSibling: TextNode | null;
};

export function extractReadableText(html: string, url: string): ExtractedPage {
  const { document } = parseHTML(html);
  const title = (document.title || '').trim();
  // Readability walks the tree many times: past this size it takes seconds. (Counted with querySelectorAll:
  // linkedom's getElementsByTagName('*') finds nothing, so Readability's own maxElemsToParse never trips.)
  if (document.querySelectorAll('*').length <= MAX_ELEMENTS) {
    let article: ReturnType<Readability<string>['parse']> = null;
    try {
      article = new Readability(parseHTML(html).document as never, { maxElemsToParse: MAX_ELEMENTS }).parse();
    } catch {
      // A page Readability cannot walk: take the plain text below.
    }
    if (article?.content) {
      const { document: content } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
      return {
        title: (article.title || title || url).trim(),
        ...(article.siteName ? { siteName: article.siteName.trim() } : {}),
        ...(article.publishedTime ? { publishedTime: article.publishedTime } : {}),
        text: blockText(content.body as unknown as TextNode),
      };
    }
  }
  // Not an article (or too big to look for one): the body's text without the page chrome.
  for (const node of document.querySelectorAll(CHROME)) node.remove();
  return { title: title || url, text: document.body ? blockText(document.body as unknown as TextNode) : '' };
}

/** The text of a tree with a line break around every block, whitespace inside lines collapsed. */
function blockText(root: TextNode): string {
  const out: string[] = [];
  const walk = (node: TextNode) => {
    if (node.nodeType === 3) {
      out.push((node.nodeValue ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node.tagName ?? '').toUpperCase();
    if (SKIPPED.has(tag)) return;
    const block = BLOCKS.has(tag);
    if (block) out.push('\n');
    if (tag === 'LI') out.push('- ');
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) out.push('\n');
  };
  walk(root);
  return out
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
