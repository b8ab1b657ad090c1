import { type ExtractedPage, extractReadableText } from './page-extract.ts';

/** The worker-thread entry page-reader.ts hands pages to (a piscina task: one page in, its text out). */
export default function extractInWorker({ html, url }: { html: string; url: string }): ExtractedPage {
  return extractReadableText(html, url);
}
