import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runTempDir } from '../../test/temp-dirs.ts';
import { COMPRESSED_DIR, loadStaticFiles, precompressStaticFiles } from './static-files.ts';

// Over 1 KB, so both encodings are smaller than the file.
const APP_JS = `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `/route/${i}`))};\n`;
const decode = (bytes: Uint8Array | undefined) => gunzipSync(bytes ?? new Uint8Array()).toString('utf8');

describe("the build's compressed forms", () => {
  let dist: string;
  beforeEach(() => {
    dist = runTempDir('static-files-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polymath</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP_JS);
    writeFileSync(join(dist, 'icon.png'), new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('are written for each compressible file, named by its content, and never served themselves', async () => {
    expect(await precompressStaticFiles(dist)).toBe(2);
    const sha = createHash('sha256').update(APP_JS).digest('hex');
    const brotli = readFileSync(join(dist, COMPRESSED_DIR, `${sha}.br`));
    expect(brotliDecompressSync(brotli).toString('utf8')).toBe(APP_JS);
    expect(readdirSync(join(dist, COMPRESSED_DIR))).toHaveLength(4);

    const files = loadStaticFiles(dist);
    expect([...files.keys()].sort()).toEqual(['/assets/app-abc123.js', '/icon.png', '/index.html']);
    expect(files.get('/icon.png')?.gzip).toBeUndefined();
  });

  it('are what the server sends, not a form it made again', async () => {
    await precompressStaticFiles(dist);
    // A gzip stream the server would never make (level 1, where it uses 9) that still holds the file.
    const sha = createHash('sha256').update(APP_JS).digest('hex');
    const own = gzipSync(APP_JS, { level: 1 });
    expect(own).not.toEqual(gzipSync(APP_JS, { level: 9 }));
    writeFileSync(join(dist, COMPRESSED_DIR, `${sha}.gz`), own);

    const file = loadStaticFiles(dist).get('/assets/app-abc123.js');
    expect(Buffer.from(file?.gzip ?? [])).toEqual(own);
  });

  it('of an earlier build are not used for a changed file: it is compressed at start-up instead', async () => {
    await precompressStaticFiles(dist);
    const changed = APP_JS.replace('/route/7"', '/route/seven"');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), changed);

    const file = loadStaticFiles(dist).get('/assets/app-abc123.js');
    expect(decode(file?.gzip)).toBe(changed);
    expect(brotliDecompressSync(file?.brotli ?? new Uint8Array()).toString('utf8')).toBe(changed);
  });

  it('are made at start-up when the build did not make them', () => {
    const file = loadStaticFiles(dist).get('/assets/app-abc123.js');
    expect(decode(file?.gzip)).toBe(APP_JS);
    expect(file?.body.length).toBeGreaterThan(file?.brotli?.length ?? Number.POSITIVE_INFINITY);
  });
});
