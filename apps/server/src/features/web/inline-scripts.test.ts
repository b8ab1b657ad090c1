import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const html = (s: string) => new TextEncoder().encode(s);

describe('inlineScriptHashes', () => {
  it('hashes the text of each script the browser runs, exactly as written', () => {
    const first = "\n  document.documentElement.lang = 'tr'; // İçerik\n";
    const second = 'console.log(1)';
    expect(
      inlineScriptHashes(
        html(
          `<head><script>${first}</script><script type="module">${second}</script>` +
            `<script TYPE='text/javascript'>${second}</script></head>`,
        ),
      ),
    ).toEqual([sha(first), sha(second), sha(second)]);
  });

  it('leaves out scripts with a src and data blocks the browser does not run', () => {
    expect(
      inlineScriptHashes(
        html(
          '<script type="module" crossorigin src="/assets/boot.js"></script>' +
            '<script id="boot-data" type="application/json">{"a":1}</script>' +
            '<script type="importmap">{}</script>',
        ),
      ),
    ).toEqual([]);
  });

  it('has nothing to allow without a built page', () => {
    expect(inlineScriptHashes(undefined)).toEqual([]);
  });
});
