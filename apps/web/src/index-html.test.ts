import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { WEB_MANIFESTS } from '@polymath/shared';
import { describe, expect, it } from 'vitest';

// jsdom gives import.meta.url an http scheme, so paths are built from the directory instead.
const page = readFileSync(resolve(import.meta.dirname, '../index.html'), 'utf8');
const styles = readFileSync(resolve(import.meta.dirname, 'styles.css'), 'utf8');

/** The `--color-…` tokens of one block of styles.css (`@theme {` for light, `.dark {` for dark). */
function tokens(block: string): Map<string, string> {
  const start = styles.indexOf(`${block} {`);
  const body = styles.slice(start, styles.indexOf('}', start));
  return new Map(
    [...body.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[2]?.toLowerCase() ?? '', m[1] ?? '']),
  );
}

/** Each rule of index.html's <style>: its selector and the colours it sets. */
function pageRules(): { selector: string; colours: string[] }[] {
  const css = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: (m[1] ?? '').trim(),
    colours: [...(m[2] ?? '').matchAll(/#[0-9a-f]{6}\b/gi)].map((c) => c[0].toLowerCase()),
  }));
}

describe("index.html's placeholder styles", () => {
  it("uses the theme's own colours, light and dark, so nothing changes when the stylesheet arrives", () => {
    const light = tokens('@theme');
    const dark = tokens('.dark');
    expect(light.size).toBeGreaterThan(5);
    expect(dark.size).toBeGreaterThan(5);
    const rules = pageRules().filter((r) => r.colours.length > 0);
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) {
      const theme = rule.selector.includes('.dark') ? dark : light;
      for (const colour of rule.colours) {
        expect(
          theme.has(colour),
          `${rule.selector} uses ${colour}, not a ${rule.selector.includes('.dark') ? 'dark' : 'light'} token`,
        ).toBe(true);
      }
    }
  });

  it('styles the placeholder in the page and nowhere else', () => {
    expect(page).toContain('class="boot-placeholder"');
    expect(pageRules().some((r) => r.selector === '.boot-placeholder')).toBe(true);
    expect(styles).not.toContain('.boot-placeholder');
  });
});

describe("index.html's web app manifest", () => {
  it('links the English manifest, and its script links the Turkish one for a Turkish visitor', () => {
    expect(page).toContain(`<link rel="manifest" href="${WEB_MANIFESTS.en}" />`);
    expect(page).toContain(`setAttribute('href', '${WEB_MANIFESTS.tr}')`);
  });
});
