import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envKeys } from '../src/env.ts';

const REPO = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

/** The settings `.env.example` documents (`NAME=` lines, commented-out examples included). */
function documented(): Set<string> {
  return new Set([...read('.env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string));
}

/** The keys of compose.yaml's `x-app-environment` block (the app's environment). */
function composeAppSettings(): string[] {
  const lines = read('compose.yaml').split('\n');
  const start = lines.findIndex((line) => line.startsWith('x-app-environment:'));
  expect(start, 'compose.yaml has an x-app-environment block').toBeGreaterThanOrEqual(0);
  const keys: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const match = /^ {2}([A-Z][A-Z0-9_]*):/.exec(line);
    if (match?.[1]) keys.push(match[1]);
  }
  return keys;
}

describe('production files', () => {
  it('every setting compose.yaml passes to the app is documented in .env.example and read by the app', () => {
    const keys = composeAppSettings();
    expect(keys.length).toBeGreaterThan(10);
    const docs = documented();
    const known = new Set(envKeys());
    expect(keys.filter((key) => !docs.has(key))).toEqual([]);
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
    // The app service takes exactly that block.
    expect(read('compose.yaml')).toMatch(/^ {2}app:\n(?: {4}.*\n)*? {4}environment: \*app-environment$/m);
  });

  it('every setting the Dockerfile sets is documented, and the image runs the server as a non-root user with a HEALTHCHECK on /readyz', () => {
    const dockerfile = read('Dockerfile');
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? '';
    const keys = [...env.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1] as string);
    const docs = documented();
    expect(keys.filter((key) => key !== 'UV_THREADPOOL_SIZE' && !docs.has(key))).toEqual([]);
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/server\/src\/index\.ts"\]$/m);
  });
});
