import { escapeHtml } from '../../lib/escape-html.ts';
import { type StaticFile, staticFile } from '../../lib/static-files.ts';

/**
 * A page's own head, set by the server for link previews and crawlers (a shared chat): its title and
 * description, `robots`, and Open Graph tags. Every value is escaped, so nothing a person wrote (a
 * chat's title) can close an attribute or an element.
 */
export type PageHead = {
  title: string;
  description: string;
  /** e.g. "noindex, nofollow". */
  robots?: string;
  /** og:<name> → content. */
  openGraph?: Record<string, string>;
};

/** What a path's page carries beyond the app's own head, with its status; null for the app's usual page. */
export type PageHeads = (path: string) => Promise<{ head: PageHead; status: number } | null>;

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

/** index.html with `head`'s title and description in place of the app's, and its other tags before </head>. */
export function withPageHead(page: StaticFile, head: PageHead): StaticFile {
  let html = new TextDecoder().decode(page.body);
  const at = html.indexOf('</head>');
  if (at < 0) return page;
  const description = `<meta name="description" content="${escapeHtml(head.description)}">`;
  html = html.replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`);
  html = DESCRIPTION.test(html) ? html.replace(DESCRIPTION, () => description) : html;
  const tags = [
    ...(head.robots ? [`<meta name="robots" content="${escapeHtml(head.robots)}">`] : []),
    ...Object.entries(head.openGraph ?? {}).map(
      ([name, content]) => `<meta property="og:${escapeHtml(name)}" content="${escapeHtml(content)}">`,
    ),
  ].join('');
  const end = html.indexOf('</head>');
  return staticFile(new TextEncoder().encode(html.slice(0, end) + tags + html.slice(end)), '.html');
}
