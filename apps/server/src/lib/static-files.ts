import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';

export type StaticFile = {
  body: Uint8Array;
  gzip?: Uint8Array;
  brotli?: Uint8Array;
  type: string;
  etag: string;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.webmanifest', '.txt']);

/**
 * Where `npm run build` leaves each compressible file's gzip and brotli forms
 * (scripts/web-precompress.ts): `<dist>/.compressed/<sha-256 of the file>.gz` and `.br`. Named by the
 * file's content, so a form left from an earlier build can never be served for a changed file. A path
 * with a segment starting with a dot is never served (web.routes.ts).
 */
export const COMPRESSED_DIR = '.compressed';

type Compressed = { gzip: Uint8Array; brotli: Uint8Array };

const GZIP_OPTIONS = { level: 9 };
// Brotli stays at quality 9: 11 took ~4 s more for this build and saves only a few percent.
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } };
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Loads the built SPA into memory once, so serving a file is a map lookup. Each compressible file's
 * gzip and brotli forms come from the build's .compressed folder; one missing there (a build made
 * without that step) is compressed here, at start-up. Compressing the whole build took 4.4 s of CPU
 * on the test machine of 2026-11-29, at every start of every instance and of every server the tests
 * start (issue 33); reading the build's forms takes about 0.1 s.
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  for (const { full, urlPath, ext } of builtFiles(dir)) {
    const body = readFileSync(full);
    files.set(urlPath, staticFile(body, ext, COMPRESSIBLE.has(ext) ? readCompressed(dir, body) : undefined));
  }
  return files;
}

/**
 * The build step: writes the gzip and brotli forms of every compressible file of `dir` into its
 * .compressed folder, on the thread pool (both cores), and returns how many files it compressed.
 */
export async function precompressStaticFiles(dir: string): Promise<number> {
  const out = join(dir, COMPRESSED_DIR);
  mkdirSync(out, { recursive: true });
  const bodies = [...builtFiles(dir)].filter((f) => COMPRESSIBLE.has(f.ext)).map((f) => readFileSync(f.full));
  await Promise.all(
    bodies.map(async (body) => {
      const name = join(out, contentName(body));
      const [gz, br] = await Promise.all([gzipAsync(body, GZIP_OPTIONS), brotliAsync(body, BROTLI_OPTIONS)]);
      writeFileSync(`${name}.gz`, gz);
      writeFileSync(`${name}.br`, br);
    }),
  );
  return bodies.length;
}

/** The build's files, as served: every file under `dir` but the .compressed folder. */
function* builtFiles(dir: string): Generator<{ full: string; urlPath: string; ext: string }> {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const parts = relative(dir, full).split(sep);
    if (parts[0] === COMPRESSED_DIR) continue;
    yield { full, urlPath: `/${parts.join('/')}`, ext: extname(entry.name).toLowerCase() };
  }
}

function contentName(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

function readCompressed(dir: string, body: Uint8Array): Compressed | undefined {
  const name = join(dir, COMPRESSED_DIR, contentName(body));
  if (!existsSync(`${name}.gz`) || !existsSync(`${name}.br`)) return undefined;
  return { gzip: readFileSync(`${name}.gz`), brotli: readFileSync(`${name}.br`) };
}

/**
 * A file served from memory: its type, ETag, and gzip and brotli variants for every compressible file,
 * the small route chunks too (a 600-byte chunk is ~350 gzipped), kept only where smaller: a file a few
 * bytes long grows under either encoding. `compressed`: the forms the build made, else they are made here.
 */
export function staticFile(body: Uint8Array, ext: string, compressed?: Compressed): StaticFile {
  const file: StaticFile = {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${body.length.toString(16)}-${hash(body)}"`,
  };
  if (COMPRESSIBLE.has(ext)) {
    const { gzip, brotli } = compressed ?? {
      gzip: gzipSync(body, GZIP_OPTIONS),
      brotli: brotliCompressSync(body, BROTLI_OPTIONS),
    };
    if (gzip.length < body.length) file.gzip = gzip;
    if (brotli.length < body.length) file.brotli = brotli;
  }
  return file;
}

function hash(buf: Uint8Array): string {
  let h = 2166136261;
  for (let i = 0; i < buf.length; i++) h = Math.imul(h ^ (buf[i] ?? 0), 16777619);
  return (h >>> 0).toString(16);
}
