import { createHash } from 'node:crypto';

/** `<script …>…</script>`: its attributes and its text. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** A script element's type; the browser runs none, a JavaScript type or a module (not JSON data blocks). */
const TYPE = /(?:^|\s)type\s*=\s*["']?([^"'\s>]+)/i;
const RUN_TYPES = new Set(['text/javascript', 'application/javascript', 'module']);

/**
 * The CSP sources (`'sha256-…'`) of the scripts written into the built page itself (index.html's
 * theme and language set-up, which must run before the first paint and before the stylesheet
 * arrives). The policy allows exactly these texts and no other inline script: a changed or injected
 * one does not run. Scripts with a `src` are covered by 'self'.
 */
export function inlineScriptHashes(html: Uint8Array | undefined): string[] {
  if (!html) return [];
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of new TextDecoder().decode(html).matchAll(SCRIPT)) {
    const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
    if (/(?:^|\s)src\s*=/i.test(attributes) || (type !== undefined && !RUN_TYPES.has(type))) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
