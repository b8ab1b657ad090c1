import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PHOTO_LANGUAGES } from '@polymath/shared';

/**
 * The folder tesseract.js reads language data from (`langPath`), assembled from what is installed:
 * the `@tesseract.js-data/<code>` npm packages (their LSTM-only "best_int" models, gunzipped), and
 * for a language with no npm package (Russian has none) Debian's `tesseract-ocr-<code>` package when
 * it is installed. Nothing is ever downloaded: a language whose data is on neither path is simply
 * not readable from photos, and the language list says so.
 *
 * One folder for every language because tesseract.js 7 loads several languages for one worker from
 * a single `langPath` (passing data as objects is broken in 7). Files are uncompressed, so workers
 * load them with `gzip: false` and skip a gunzip at every start.
 */

export type OcrDataSource = 'npm' | 'debian';

export type OcrLanguageData = {
  /** Tesseract's code, e.g. `rus`; the file is `<code>.traineddata` in the folder. */
  code: string;
  source: OcrDataSource;
  /** The file it was made from. */
  from: string;
  /** Size and time of `from` when it was copied: a change re-copies it. */
  fromBytes: number;
  fromMtimeMs: number;
  /** Size of the uncompressed file in the folder. */
  bytes: number;
};

export type OcrDataManifest = { version: 1; dir: string; languages: OcrLanguageData[] };

/** Where Debian's tesseract-ocr-<lang> packages put their data (bookworm: 5; bullseye: 4.00). */
export const DEBIAN_TESSDATA_DIRS = [
  '/usr/share/tesseract-ocr/5/tessdata',
  '/usr/share/tesseract-ocr/4.00/tessdata',
  '/usr/share/tessdata',
];

const require = createRequire(import.meta.url);
const MANIFEST = 'manifest.json';

/**
 * The default folder: beside the installed packages it is made from (node_modules/.cache), so a
 * fresh `npm ci` starts it anew and no repository or data folder holds a copy.
 */
export function defaultOcrDataDir(): string {
  const tesseractJs = dirname(require.resolve('tesseract.js/package.json'));
  return join(tesseractJs, '..', '.cache', 'polymath-tessdata');
}

type Candidate = { code: string; source: OcrDataSource; from: string; gzip: boolean };

async function fileStat(path: string) {
  try {
    const s = await stat(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** Where each language's data can come from on this machine, npm first. */
async function findCandidates(debianDirs: readonly string[]): Promise<Candidate[]> {
  const codes = [...new Set(PHOTO_LANGUAGES.map((l) => l.tesseract))];
  const found: Candidate[] = [];
  for (const code of codes) {
    let npmFile: string | null = null;
    try {
      const pkg = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
      npmFile = join(pkg, '4.0.0_best_int', `${code}.traineddata.gz`);
    } catch {
      // no npm package for this language
    }
    if (npmFile && (await fileStat(npmFile))) {
      found.push({ code, source: 'npm', from: npmFile, gzip: true });
      continue;
    }
    for (const dir of debianDirs) {
      const file = join(dir, `${code}.traineddata`);
      if (await fileStat(file)) {
        found.push({ code, source: 'debian', from: file, gzip: false });
        break;
      }
    }
  }
  return found;
}

async function readManifest(dir: string): Promise<OcrDataManifest | null> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as OcrDataManifest;
    return manifest.version === 1 && Array.isArray(manifest.languages) ? manifest : null;
  } catch {
    return null;
  }
}

/** Copies (gunzipping npm's) through a temporary name and renames, so a concurrent reader never sees half a file. */
async function copyData(candidate: Candidate, target: string): Promise<void> {
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    const streams = candidate.gzip
      ? [createReadStream(candidate.from), createGunzip(), createWriteStream(temp)]
      : [createReadStream(candidate.from), createWriteStream(temp)];
    await (pipeline as (...s: unknown[]) => Promise<void>)(...streams);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Makes the folder match what is installed and returns what it holds. Cheap when nothing changed (a
 * stat per language), so the OCR engine calls it once per process before its first worker; the
 * install step (`npm run ocr:data`) calls it to report. Data of languages no longer installed is
 * removed from the manifest (so they are no longer offered as readable).
 */
export async function prepareOcrData(
  options: { dir?: string; debianDirs?: readonly string[] } = {},
): Promise<OcrDataManifest> {
  const dir = options.dir ?? defaultOcrDataDir();
  await mkdir(dir, { recursive: true });
  const previous = await readManifest(dir);
  const languages: OcrLanguageData[] = [];
  let changed = previous === null;
  for (const candidate of await findCandidates(options.debianDirs ?? DEBIAN_TESSDATA_DIRS)) {
    const source = await stat(candidate.from);
    const target = join(dir, `${candidate.code}.traineddata`);
    const known = previous?.languages.find((l) => l.code === candidate.code);
    const existing = await fileStat(target);
    const upToDate =
      known &&
      existing &&
      known.from === candidate.from &&
      known.fromBytes === source.size &&
      known.fromMtimeMs === source.mtimeMs &&
      known.bytes === existing.size;
    if (!upToDate) {
      await copyData(candidate, target);
      changed = true;
    }
    const bytes = (await stat(target)).size;
    languages.push({
      code: candidate.code,
      source: candidate.source,
      from: candidate.from,
      fromBytes: source.size,
      fromMtimeMs: source.mtimeMs,
      bytes,
    });
  }
  if (previous && previous.languages.length !== languages.length) changed = true;
  const manifest: OcrDataManifest = { version: 1, dir, languages };
  if (changed) {
    const temp = join(dir, `${MANIFEST}.${process.pid}.tmp`);
    await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(temp, join(dir, MANIFEST));
  }
  return manifest;
}
