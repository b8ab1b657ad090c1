import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

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
 * Loads the built SPA into memory once, with gzip and brotli variants made at start-up,
 * so serving a file is a map lookup. The build is a few MB (mostly lazy chunks: markdown, math); brotli
 * stays at quality 9, since 11 took ~4 s of start-up for it and saves only a few percent.
 */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(dir, full).split(sep).join('/')}`;
    files.set(urlPath, staticFile(readFileSync(full), extname(entry.name).toLowerCase()));
  }
  return files;
}

/**
 * A file served from memory: its type, ETag, and gzip and brotli variants for every compressible file,
 * the small route chunks too (a 600-byte chunk is ~350 gzipped), kept only where smaller: a file a few
 * bytes long grows under either encoding.
 */
export function staticFile(body: Uint8Array, ext: string): StaticFile {
  const file: StaticFile = {
    body,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${body.length.toString(16)}-${hash(body)}"`,
  };
  if (COMPRESSIBLE.has(ext)) {
    const gzip = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
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
