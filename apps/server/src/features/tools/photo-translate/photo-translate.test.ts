import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PhotoBox, PhotoTranslateStage } from '@polymath/shared';
import { photoTranslateResultSchema } from '@polymath/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';
import {
  AUTO_CER_LIMIT,
  cerLimit,
  characterErrorRate,
  FIXTURE_LANGUAGES,
  FIXTURE_SPECS,
  type FixtureSpec,
  makeFixture,
  makeNoTextPhoto,
  type PhotoFixture,
} from './photo-fixtures.ts';
import { encodePhoto } from './photo-input.ts';
import { type PhotoTranslator, translatePhoto } from './photo-translate.service.ts';

/**
 * The pipeline end to end on photos rendered by the tests (photo-fixtures.ts), with the real OCR
 * engine and drawing. The translator is the injected dependency, not the thing under test: a fake
 * that answers deterministic text and records what it was asked.
 */

let engine: OcrEngine;
let readable: ReadonlySet<string>;
const cerReport: { fixture: string; cer: number; read: string }[] = [];

beforeAll(async () => {
  // One worker reading at a time: these tests share the machine with every other test file. Room
  // for a worker per language set these tests read with (the Latin set, each other script's probe,
  // single languages): with the default room of three, "auto" and the fixtures evicted each other's
  // workers and the file started 15 of them for 5 sets, each loading its languages' data again. The
  // eviction itself is ocr-engine.test.ts's to check.
  engine = createOcrEngine({ size: 1, maxWorkers: 8 });
  readable = await engine.readableLanguages();
}, 120_000);

afterAll(async () => {
  await engine.close();
  if (cerReport.length > 0) {
    console.log(
      `photo translate OCR, character error rate per fixture:\n${cerReport
        .map(
          (r) =>
            `  ${r.fixture.padEnd(24)} CER ${(r.cer * 100).toFixed(1).padStart(5)}%  read ${JSON.stringify(r.read)}`,
        )
        .join('\n')}`,
    );
  }
});

type Call = { ids: string[]; texts: string[]; source: string | null; target: string };

/** A translator answering `answer(text)` for every region, recording each call. */
function fakeTranslator(answer: (text: string) => string): { translate: PhotoTranslator; calls: Call[] } {
  const calls: Call[] = [];
  const translate: PhotoTranslator = async (segments, ctx) => {
    calls.push({
      ids: segments.map((s) => s.id),
      texts: segments.map((s) => s.text),
      source: ctx.source?.code ?? null,
      target: ctx.target.code,
    });
    return Object.fromEntries(segments.map((s) => [s.id, answer(s.text)]));
  };
  return { translate, calls };
}

type Pixels = { data: Buffer; width: number; height: number };

/** Decoded as shown (EXIF applied), RGBA. */
async function pixels(bytes: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(bytes, { autoOrient: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const inside = (box: PhotoBox, x: number, y: number, margin = 0) =>
  x >= box.x - margin && x < box.x + box.width + margin && y >= box.y - margin && y < box.y + box.height + margin;

/** Largest per-channel difference of each pixel outside every box (grown by `margin`). */
function differencesOutside(a: Pixels, b: Pixels, boxes: PhotoBox[], margin: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (boxes.some((box) => inside(box, x, y, margin))) continue;
      const i = (y * a.width + x) * 4;
      let d = 0;
      for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0)));
      out.push(d);
    }
  }
  return out;
}

/** Columns of a box holding dark "ink" pixels (luminance under 110) in the output. */
function inkColumns(p: Pixels, box: PhotoBox): number[] {
  const columns: number[] = [];
  for (let x = box.x; x < box.x + box.width; x++) {
    for (let y = box.y; y < box.y + box.height; y++) {
      const i = (y * p.width + x) * 4;
      const lum = 0.2126 * (p.data[i] ?? 0) + 0.7152 * (p.data[i + 1] ?? 0) + 0.0722 * (p.data[i + 2] ?? 0);
      if ((p.data[i + 3] ?? 0) > 128 && lum < 110) {
        columns.push(x);
        break;
      }
    }
  }
  return columns;
}

/**
 * One fixture per code path of the pipeline: Latin (a JPEG, enlarged for OCR), right-to-left (a
 * photo-sized JPEG read at its own size), CJK (a PNG, where nothing outside the boxes may change at
 * all), a transparent PNG and a degraded shot; the photo with no text has its own test below. How well every language
 * and background is read (the accuracy matrix: 21 photos, plain, noisy and degraded, and language
 * detection for each language) is benchmark B11's (`npm run bench -- b11`), with the same limits
 * (cerLimit); OCR_MATRIX=all runs every one of these tests on all 21 photos here too.
 */
const PATH_FIXTURES: readonly FixtureSpec[] = [
  { language: 'en', background: 'plain', format: 'jpeg' },
  { language: 'ar', background: 'noisy', format: 'jpeg', width: 2000, height: 1400 },
  { language: 'zh-Hans', background: 'noisy', format: 'png' },
  { language: 'en', background: 'transparent', format: 'png' },
  // A degraded shot: small letters, turned by 1.5°, unevenly lit, a low-quality JPEG.
  { language: 'en', background: 'degraded', format: 'jpeg' },
];
const UNIT_FIXTURES = process.env.OCR_MATRIX === 'all' ? FIXTURE_SPECS : PATH_FIXTURES;

const name = (s: FixtureSpec) =>
  `${s.language}-${s.background}${s.width ? `-${s.width}x${s.height}` : ''}.${s.format === 'jpeg' ? 'jpg' : 'png'}`;

describe('translatePhoto on rendered photos', () => {
  it.each(UNIT_FIXTURES.map((s) => [name(s), s] as const))(
    '%s: reads the words, keeps format and size, and changes pixels only inside the text boxes',
    async (_, spec) => {
      if (spec.language === 'ru' && !readable.has('rus')) {
        console.warn('skipped: Russian needs Debian tesseract-ocr-rus (apt-get install tesseract-ocr-rus)');
        return;
      }
      const fixture = await makeFixture(spec);
      const { translate, calls } = fakeTranslator(() => 'Merhaba\ndünya');
      const stages: PhotoTranslateStage[] = [];
      const { image, result } = await translatePhoto({
        bytes: fixture.bytes,
        source: fixture.language,
        target: 'tr',
        translate,
        onProgress: (stage) => stages.push(stage),
        ocr: engine,
      });
      expect(photoTranslateResultSchema.parse(result)).toEqual(result);

      const read = result.segments.map((s) => s.sourceText).join('\n');
      const cer = characterErrorRate(read, fixture.text, fixture.language);
      cerReport.push({ fixture: fixture.name, cer, read });
      expect(cer).toBeLessThanOrEqual(cerLimit(spec.background));

      expect(stages).toEqual(['reading', 'translating', 'drawing']);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.ids).toEqual(result.segments.map((s) => s.id));
      expect(calls[0]).toMatchObject({ source: fixture.language, target: 'tr' });
      expect(result).toMatchObject({ noText: false, target: 'tr', source: fixture.language, demo: false });

      // Same format and size out.
      const meta = await sharp(image).metadata();
      expect(meta.format).toBe(fixture.format);
      expect([meta.width, meta.height]).toEqual([fixture.width, fixture.height]);
      expect(result.output).toEqual({
        format: fixture.format,
        mimeType: fixture.format === 'jpeg' ? 'image/jpeg' : 'image/png',
        width: fixture.width,
        height: fixture.height,
      });
      if (fixture.background === 'transparent') expect(meta.hasAlpha).toBe(true);

      // The boxes hold the text that was there …
      const boxes = result.segments.map((s) => s.box);
      const t = fixture.textBox;
      const points: [number, number][] = [[t.x + t.width / 2, t.y + t.height / 2]];
      // The corners of the ink too, unless the shot was turned (they moved by a few pixels).
      if (spec.background !== 'degraded') points.push([t.x + 2, t.y + 2], [t.x + t.width - 3, t.y + t.height - 3]);
      for (const [x, y] of points) {
        expect(boxes.some((b) => inside(b, x, y))).toBe(true);
      }
      // … and nothing outside them changed: exactly for PNG; for JPEG no more than saving the photo
      // again unchanged does (the tolerance measured on the same photo), 8×8 blocks straddling a
      // box's edge left out.
      const before = await pixels(fixture.bytes);
      const after = await pixels(image);
      const margin = fixture.format === 'png' ? 0 : 8;
      const outside = differencesOutside(before, after, boxes, margin).sort((a, b) => a - b);
      expect(outside.length).toBeGreaterThan(before.width * before.height * 0.5);
      if (fixture.format === 'png') expect(outside[outside.length - 1]).toBe(0);
      else {
        const resaved = await pixels(await encodePhoto(sharp(fixture.bytes, { autoOrient: true }), 'jpeg'));
        const tolerance = differencesOutside(before, resaved, boxes, margin).sort((a, b) => a - b);
        const mean = (d: number[]) => d.reduce((s, x) => s + x, 0) / d.length;
        const p99 = (d: number[]) => d[Math.floor(d.length * 0.99)] ?? 0;
        expect(mean(outside)).toBeLessThanOrEqual(mean(tolerance) + 0.1);
        expect(p99(outside)).toBeLessThanOrEqual(p99(tolerance) + 1);
      }
      // Inside, the photo did change (the original letters are covered, the translation drawn).
      const changedInside = result.segments.every((s) => {
        let changed = 0;
        for (let y = s.box.y; y < s.box.y + s.box.height; y++) {
          for (let x = s.box.x; x < s.box.x + s.box.width; x++) {
            const i = (y * before.width + x) * 4;
            let d = 0;
            for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs((before.data[i + c] ?? 0) - (after.data[i + c] ?? 0)));
            if (d > 40) changed++;
          }
        }
        return changed > s.box.width * s.box.height * 0.02;
      });
      expect(changedInside).toBe(true);
    },
    // Real OCR of up to 2000 × 1400 noisy pixels: about 10 s alone, past 30 s beside the browser tests.
    90_000,
  );

  it('keeps a transparent PNG transparent around the text', async () => {
    const fixture = await makeFixture({ language: 'en', background: 'transparent', format: 'png' });
    const { translate } = fakeTranslator(() => 'Merhaba');
    const { image, result } = await translatePhoto({
      bytes: fixture.bytes,
      source: 'en',
      target: 'tr',
      translate,
      ocr: engine,
    });
    const after = await pixels(image);
    expect(after.data[3]).toBe(0); // top-left corner, far from the text
    // The cover keeps the see-through background: most of a box stays transparent, only letters are opaque.
    const box = result.segments[0]?.box as PhotoBox;
    let transparent = 0;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++)
        if ((after.data[(y * after.width + x) * 4 + 3] ?? 0) < 20) transparent++;
    }
    expect(transparent / (box.width * box.height)).toBeGreaterThan(0.5);
  });

  it('draws a right-to-left translation right-aligned in its box, a left-to-right one left-aligned', async () => {
    const fixture = await makeFixture({ language: 'en', background: 'plain', format: 'png' });
    const rtl = await translatePhoto({
      bytes: fixture.bytes,
      source: 'en',
      target: 'ar',
      translate: fakeTranslator(() => 'مرحبا').translate,
      ocr: engine,
    });
    const ltr = await translatePhoto({
      bytes: fixture.bytes,
      source: 'en',
      target: 'tr',
      translate: fakeTranslator(() => 'Merhaba').translate,
      ocr: engine,
    });
    for (const [out, side] of [
      [rtl, 'right'],
      [ltr, 'left'],
    ] as const) {
      const p = await pixels(out.image);
      const box = out.result.segments[0]?.box as PhotoBox;
      const columns = inkColumns(p, box);
      expect(columns.length).toBeGreaterThan(20);
      const gapLeft = Math.min(...columns) - box.x;
      const gapRight = box.x + box.width - 1 - Math.max(...columns);
      // A short word in a wide box: all the free space is on the other side.
      if (side === 'right') {
        expect(gapRight).toBeLessThan(box.width * 0.08);
        expect(gapLeft).toBeGreaterThan(box.width * 0.3);
      } else {
        expect(gapLeft).toBeLessThan(box.width * 0.08);
        expect(gapRight).toBeGreaterThan(box.width * 0.3);
      }
    }
  });

  it('reads a photo turned by EXIF upright and answers in the size it is shown at', async () => {
    const fixture = await makeFixture({ language: 'en', background: 'plain', format: 'jpeg', orientation: 6 });
    const raw = await sharp(fixture.bytes).metadata();
    expect([raw.width, raw.height, raw.orientation]).toEqual([400, 960, 6]);
    const { image, result } = await translatePhoto({
      bytes: fixture.bytes,
      source: 'auto',
      target: 'de',
      translate: fakeTranslator(() => 'Willkommen').translate,
      ocr: engine,
    });
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 960, 400, undefined]);
    expect(characterErrorRate(result.segments.map((s) => s.sourceText).join('\n'), fixture.text, 'en')).toBeLessThan(
      0.05,
    );
  });

  it('says noText for a photo without text, asks no translation and returns the photo unchanged in size', async () => {
    const bytes = await makeNoTextPhoto('jpeg');
    const { translate, calls } = fakeTranslator(() => 'x');
    const stages: PhotoTranslateStage[] = [];
    const { image, result } = await translatePhoto({
      bytes,
      source: 'auto',
      target: 'tr',
      translate,
      onProgress: (s) => stages.push(s),
      ocr: engine,
    });
    expect(result).toMatchObject({ noText: true, segments: [], lowConfidence: false });
    expect(calls).toEqual([]);
    expect(stages).toEqual(['reading']);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
  });

  // Latin (read at once) and two other scripts (read by probing each script); every language: B11
  // (or OCR_MATRIX=all).
  it.each(process.env.OCR_MATRIX === 'all' ? FIXTURE_LANGUAGES : (['en', 'ar', 'zh-Hans'] as const))(
    'detects the language of a %s photo when the source is "auto"',
    async (language) => {
      if (language === 'ru' && !readable.has('rus')) return;
      const fixture = await makeFixture({ language, background: 'noisy', format: 'jpeg' });
      const { translate, calls } = fakeTranslator(() => 'ok');
      const { result } = await translatePhoto({
        bytes: fixture.bytes,
        source: 'auto',
        target: 'fr',
        translate,
        ocr: engine,
      });
      expect(result.source).toBe(language);
      expect(result.requestedSource).toBe('auto');
      expect(calls[0]?.source).toBe(language);
      const read = result.segments.map((s) => s.sourceText).join('\n');
      expect(characterErrorRate(read, fixture.text, language), read).toBeLessThan(AUTO_CER_LIMIT);
    },
    // Real OCR and script detection of a noisy photo: past 30 s beside the browser tests.
    90_000,
  );

  it('leaves regions the translator skipped or that hold no words as they were', async () => {
    const fixture = await makeFixture({ language: 'en', background: 'plain', format: 'png' });
    const { image, result } = await translatePhoto({
      bytes: fixture.bytes,
      source: 'en',
      target: 'tr',
      translate: async () => ({}),
      ocr: engine,
    });
    expect(result.segments.length).toBeGreaterThan(0);
    expect(result.segments.every((s) => !s.redrawn && s.translatedText === s.sourceText)).toBe(true);
    const [before, after] = await Promise.all([pixels(fixture.bytes), pixels(image)]);
    expect(after.data.equals(before.data)).toBe(true);
  });

  it('stops when aborted and marks the demo translation', async () => {
    const fixture = await makeFixture({ language: 'en', background: 'plain', format: 'jpeg' });
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      translatePhoto({
        bytes: fixture.bytes,
        source: 'en',
        target: 'tr',
        translate: fakeTranslator(() => 'x').translate,
        signal: controller.signal,
        ocr: engine,
      }),
    ).rejects.toThrow('cancelled');
    const { result } = await translatePhoto({
      bytes: fixture.bytes,
      source: 'en',
      target: 'tr',
      translate: fakeTranslator(() => '[DEMO] Müzeye hoş geldiniz').translate,
      demo: true,
      ocr: engine,
    });
    expect(result.demo).toBe(true);
  });
});

describe('language data', () => {
  let dir: string;
  let npmOnly: OcrEngine;
  let fixture: PhotoFixture;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ocr-data-'));
    // Only what npm installs: no Debian data, as on a machine without tesseract-ocr-rus.
    npmOnly = createOcrEngine({ size: 1, dataDir: dir, debianDirs: [] });
    fixture = await makeFixture({ language: 'ru', background: 'plain', format: 'png' });
  });
  afterAll(async () => {
    await npmOnly.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a chosen source whose data is not installed, and never fetches it', async () => {
    const installed = await npmOnly.readableLanguages();
    expect([...installed].sort()).toEqual(['ara', 'chi_sim', 'deu', 'eng', 'fra', 'ita', 'por', 'spa', 'tur']);
    await expect(
      translatePhoto({ bytes: fixture.bytes, source: 'ru', target: 'en', translate: async () => ({}), ocr: npmOnly }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      details: { fields: [{ path: 'source' }] },
    });
  });
});
