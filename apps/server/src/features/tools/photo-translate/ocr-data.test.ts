import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareOcrData } from './ocr-data.ts';

describe('prepareOcrData', () => {
  let dir: string;
  let debian: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tessdata-'));
    debian = join(dir, 'debian');
    await mkdir(debian);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gathers npm data gunzipped and Debian data for languages npm lacks, and reports each', async () => {
    // A stand-in for Debian's tesseract-ocr-rus file, and one for a language npm already has.
    await writeFile(join(debian, 'rus.traineddata'), 'russian model');
    await writeFile(join(debian, 'eng.traineddata'), 'not used: npm has English');
    const out = join(dir, 'langs');
    const manifest = await prepareOcrData({ dir: out, debianDirs: [debian] });

    const byCode = Object.fromEntries(manifest.languages.map((l) => [l.code, l]));
    expect(Object.keys(byCode).sort()).toEqual([
      'ara',
      'chi_sim',
      'deu',
      'eng',
      'fra',
      'ita',
      'por',
      'rus',
      'spa',
      'tur',
    ]);
    expect(byCode.rus).toMatchObject({ source: 'debian', bytes: 13 });
    expect(byCode.eng?.source).toBe('npm');
    // Gunzipped: a traineddata file starts with its component count, not gzip's 1f 8b.
    const eng = await readFile(join(out, 'eng.traineddata'));
    expect([eng[0], eng[1]]).not.toEqual([0x1f, 0x8b]);
    expect(eng.length).toBe(byCode.eng?.bytes);
    expect(JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'))).toEqual(manifest);
  });

  it('copies nothing again when nothing changed, and follows an update or a removal', async () => {
    await writeFile(join(debian, 'rus.traineddata'), 'v1');
    const out = join(dir, 'langs');
    await prepareOcrData({ dir: out, debianDirs: [debian] });
    const first = (await stat(join(out, 'eng.traineddata'))).mtimeMs;

    await prepareOcrData({ dir: out, debianDirs: [debian] });
    expect((await stat(join(out, 'eng.traineddata'))).mtimeMs).toBe(first);

    await writeFile(join(debian, 'rus.traineddata'), 'version 2');
    await utimes(join(debian, 'rus.traineddata'), new Date(), new Date(Date.now() + 5000));
    await prepareOcrData({ dir: out, debianDirs: [debian] });
    expect(await readFile(join(out, 'rus.traineddata'), 'utf8')).toBe('version 2');

    await rm(join(debian, 'rus.traineddata'));
    const manifest = await prepareOcrData({ dir: out, debianDirs: [debian] });
    expect(manifest.languages.map((l) => l.code)).not.toContain('rus');
  });
});
