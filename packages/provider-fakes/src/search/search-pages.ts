/**
 * The pages search results point at, served by the stand-in under /pages/…, so `open_page` has real
 * HTML to read: an article wrapped in the boilerplate real sites have (navigation, a cookie banner,
 * a newsletter box, related links, a footer, scripts), plus a few awkward pages.
 */
import type { FakeSearchResult } from './search-wire.ts';

const SITES = ['Stand-in News', 'Example Journal', 'Sample Gazette', 'Placeholder Times', 'Mock Review'];
const DATES = ['2025-03-14T09:30:00Z', '2024-11-02T16:00:00Z', '2025-01-20T08:15:00Z', '2023-07-09T12:00:00Z'];

/** Words a reader's text must never contain: they only live in the boilerplate around the article. */
export const BOILERPLATE_MARKERS = [
  'Accept all cookies',
  'Subscribe to our newsletter',
  'Trending now',
  'All rights reserved',
  'window.analytics',
] as const;

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'page'
  );
}

function titleOf(slug: string): string {
  const words = slug.split('-').filter(Boolean);
  return words.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join(' ');
}

/** What an article page says, so a test can check the reader kept it. */
export function articleParagraphs(slug: string): string[] {
  const topic = titleOf(slug);
  return [
    `${topic} is the subject of this stand-in article, written so that a reader has real paragraphs to extract.`,
    `The first section explains the background of ${topic} in plain words. It has several sentences, because readability scores longer paragraphs with commas, like this one, higher than short fragments.`,
    `A second section adds detail about ${topic}: when it started, who was involved, and what changed over the years. Nothing here is true; it only has the shape of an article.`,
    `Finally, the article ends with a short summary of ${topic}, so that the text a model receives has a clear beginning, middle and end.`,
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page for /pages/<slug>, index n picking its site and date. */
export function articlePage(slug: string, n: number): { html: string; title: string; siteName: string; date: string } {
  const title = titleOf(slug);
  const siteName = SITES[n % SITES.length] as string;
  const date = DATES[n % DATES.length] as string;
  const paragraphs = articleParagraphs(slug)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('\n        ');
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
  <meta property="og:site_name" content="${escapeHtml(siteName)}">
  <meta property="og:title" content="${escapeHtml(title)}">
  <meta property="article:published_time" content="${date}">
  <script>window.analytics = { track() {} }; window.analytics.track('view');</script>
  <style>body { font-family: sans-serif }</style>
</head>
<body>
  <div class="cookie-banner" id="cookie-consent">We use cookies. <button>Accept all cookies</button></div>
  <header class="site-header">
    <nav><a href="/">Home</a> <a href="/world">World</a> <a href="/business">Business</a> <a href="/tech">Tech</a> <a href="/sport">Sport</a></nav>
  </header>
  <main>
    <article>
      <h1>${escapeHtml(title)}</h1>
      <p class="byline">By A. Writer · <time datetime="${date}">${date.slice(0, 10)}</time></p>
      <div class="article-body">
        ${paragraphs}
      </div>
    </article>
    <aside class="newsletter"><h3>Subscribe to our newsletter</h3><form><input type="email"><button>Sign up</button></form></aside>
    <aside class="related"><h3>Trending now</h3><ul><li><a href="/a">Ten things</a></li><li><a href="/b">Another list</a></li><li><a href="/c">A quiz</a></li></ul></aside>
  </main>
  <footer class="site-footer"><p>© 2025 ${escapeHtml(siteName)}. All rights reserved.</p><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
  <script src="/static/app.js"></script>
</body>
</html>
`;
  return { html, title, siteName, date };
}

/** A single-page app's shell: all its text comes from a script, so there is nothing to read. */
export const NO_TEXT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><div id="app"></div><script>document.getElementById('app').textContent = 'Rendered later';</script></body></html>
`;

/** The results the stand-in answers for a query nobody scripted: `count` articles on its own pages. */
export function defaultResults(pagesUrl: string, query: string, count = 5): FakeSearchResult[] {
  const base = slugify(query);
  return Array.from({ length: count }, (_, i) => {
    const slug = `${base}-${i + 1}`;
    const page = articlePage(slug, i);
    return {
      url: `${pagesUrl}/${slug}`,
      title: page.title,
      snippet: (articleParagraphs(slug)[1] as string).slice(0, 160),
      siteName: page.siteName,
      publishedAt: page.date,
    };
  });
}
