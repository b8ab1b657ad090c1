import { findPageCitations } from '@polymath/shared';

/** The little of an mdast node the plugin reads and writes. */
type MdNode = { type: string; value?: string; children?: MdNode[]; data?: Record<string, unknown> };

/** Where a page citation can never be: link texts (a button inside a link) and code (no children). */
const SKIP = new Set(['link', 'linkReference']);

function split(value: string): MdNode[] {
  const found = findPageCitations(value);
  if (found.length === 0) return [{ type: 'text', value }];
  const out: MdNode[] = [];
  let at = 0;
  for (const citation of found) {
    if (citation.start > at) out.push({ type: 'text', value: value.slice(at, citation.start) });
    const text = value.slice(citation.start, citation.end);
    out.push({
      type: 'pageCitation',
      children: [{ type: 'text', value: text }],
      data: {
        hName: 'span',
        hProperties: {
          className: ['pdf-cite'],
          dataPages: citation.pages.join(','),
          dataDocument: citation.documentName ?? '',
        },
      },
    });
    at = citation.end;
  }
  if (at < value.length) out.push({ type: 'text', value: value.slice(at) });
  return out;
}

function walk(node: MdNode): void {
  if (!node.children || SKIP.has(node.type)) return;
  const children: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text' && child.value) children.push(...split(child.value));
    else {
      walk(child);
      children.push(child);
    }
  }
  node.children = children;
}

/**
 * A remark plugin: "(p. 12)" in an answer's text becomes a `span.pdf-cite` carrying its pages and
 * the document it names, which the renderer draws as a button (PageCitationButton). The sanitizer
 * allows exactly these attributes on spans; raw HTML from the model is never rendered, so only this
 * plugin can make such a span.
 */
export function remarkPageCitations() {
  return (tree: MdNode) => walk(tree);
}
