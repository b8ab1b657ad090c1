/**
 * Part of `npm run build`, after the web build: writes the gzip and brotli forms of the built app's
 * files into apps/web/dist/.compressed, so a server starting does not compress them itself
 * (apps/server/src/lib/static-files.ts, issue 33).
 */
import { resolve } from 'node:path';
import { precompressStaticFiles } from '../apps/server/src/lib/static-files.ts';

const dir = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../apps/web/dist'));
const started = Date.now();
const count = await precompressStaticFiles(dir);
console.log(`web-precompress: gzip and brotli forms of ${count} files in ${Date.now() - started} ms`);
