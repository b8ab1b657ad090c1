import { BOOT_DATA_ELEMENT_ID } from '@polymath/shared';
import { type StaticFile, staticFile } from '../../lib/static-files.ts';

/**
 * GET endpoints whose answers are the same for every visitor of this server (they change only with
 * its settings, i.e. on a restart): the public config, the model catalogue in each language and the plans. index.html
 * carries them, so the first screen asks for none of them after its script has loaded (B8: each was a
 * round trip between the script and the first content).
 */
export const BOOT_DATA_PATHS = [
  '/api/config',
  '/api/models?locale=en',
  '/api/models?locale=tr',
  '/api/billing/plans',
] as const;

/**
 * The answers, got from the app's own routes (the same handlers the browser would reach), keyed by
 * path (with its query string, as the browser asks). A route that does not answer 200 is left out: the browser then asks it as before.
 */
export async function readBootData(request: (path: string) => Promise<Response>): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (const path of BOOT_DATA_PATHS) {
    const response = await request(path);
    if (response.status === 200) data[path] = await response.json();
  }
  return data;
}

/**
 * index.html with the answers in a JSON data block before </head> (never run as script, so the CSP's
 * script rules do not apply; `<` is escaped, so no value can close the element), after a
 * <link rel="modulepreload"> for each of `preloads` (the requested route's chunks, route-preloads.ts).
 */
export function withBootData(
  index: StaticFile,
  data: Record<string, unknown>,
  preloads: readonly string[] = [],
): StaticFile {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  const html = new TextDecoder().decode(index.body);
  const at = html.indexOf('</head>');
  if (at < 0) return index;
  const links = preloads.map((href) => `<link rel="modulepreload" href="${encodeURI(href)}">`).join('');
  const block = `<script id="${BOOT_DATA_ELEMENT_ID}" type="application/json">${json}</script>`;
  return staticFile(new TextEncoder().encode(html.slice(0, at) + links + block + html.slice(at)), '.html');
}
