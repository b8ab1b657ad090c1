/**
 * B11's accuracy matrix (moved here from the unit tests, which keep one photo per code path): every
 * test photo of photo-fixtures.ts — each language on a plain, a noisy and a degraded background, a
 * transparent PNG and two photo-sized shots — through photo translate's whole pipeline with the real
 * OCR engine and drawing, held to the same limits the unit tests use (cerLimit); then language
 * detection ("auto") on a noisy photo of each language (AUTO_CER_LIMIT). The translator is a stand-in
 * that answers fixed text: the model is not what is measured.
 */
import { findPhotoLanguage } from '@polymath/shared';
import type { OcrEngine } from '../../apps/server/src/features/tools/photo-translate/ocr-engine.ts';
import {
  AUTO_CER_LIMIT,
  cerLimit,
  characterErrorRate,
  FIXTURE_LANGUAGES,
  FIXTURE_SPECS,
  makeFixture,
} from '../../apps/server/src/features/tools/photo-translate/photo-fixtures.ts';
import {
  type PhotoTranslator,
  translatePhoto,
} from '../../apps/server/src/features/tools/photo-translate/photo-translate.service.ts';
import { type Figure, figure, verdict } from './results.ts';

const translate: PhotoTranslator = async (segments) => Object.fromEntries(segments.map((s) => [s.id, 'Merhaba']));

export async function ocrAccuracy(
  engine: OcrEngine,
  options: { smoke: boolean },
  figures: Figure[],
  details: Record<string, unknown>,
): Promise<void> {
  const readable = await engine.readableLanguages();
  const canRead = (language: string) => readable.has(findPhotoLanguage(language)?.tesseract ?? '');
  // Smoke: the first three photos and one detection, to prove the harness works.
  const specs = FIXTURE_SPECS.filter((s) => canRead(s.language)).filter((_, i) => !options.smoke || i < 3);
  const rows: { fixture: string; cer: number; limit: number; ok: boolean; read: string }[] = [];
  for (const spec of specs) {
    const fixture = await makeFixture(spec);
    const { result } = await translatePhoto({
      bytes: fixture.bytes,
      source: fixture.language,
      target: 'tr',
      translate,
      ocr: engine,
    });
    const read = result.segments.map((s) => s.sourceText).join('\n');
    const cer = characterErrorRate(read, fixture.text, fixture.language);
    const limit = cerLimit(spec.background);
    rows.push({ fixture: fixture.name, cer, limit, ok: cer <= limit, read });
    console.log(
      `B11   ${fixture.name.padEnd(24)} CER ${(cer * 100).toFixed(1).padStart(5)}% (limit ${limit * 100}%) read ${JSON.stringify(read)}`,
    );
  }
  const misses = rows.filter((r) => !r.ok);
  figures.push(
    figure('B11', {
      name: 'ocr accuracy',
      text: `${rows.length - misses.length}/${rows.length} photos read within their limit${
        misses.length ? `; over: ${misses.map((m) => `${m.fixture} ${(m.cer * 100).toFixed(1)}%`).join(', ')}` : ''
      }`,
      target: 'every photo within cerLimit (plain 5%, noisy 10%, degraded 15%)',
      verdict: rows.length ? verdict(misses.length === 0) : 'SKIP',
      values: { photos: rows.length, misses: misses.length },
    }),
  );

  const languages = FIXTURE_LANGUAGES.filter(canRead).slice(0, options.smoke ? 1 : undefined);
  const detected: { language: string; detected: string | null; cer: number; ok: boolean }[] = [];
  for (const language of languages) {
    const fixture = await makeFixture({ language, background: 'noisy', format: 'jpeg' });
    const { result } = await translatePhoto({
      bytes: fixture.bytes,
      source: 'auto',
      target: 'fr',
      translate,
      ocr: engine,
    });
    const read = result.segments.map((s) => s.sourceText).join('\n');
    const cer = characterErrorRate(read, fixture.text, language);
    const ok = result.source === language && result.requestedSource === 'auto' && cer < AUTO_CER_LIMIT;
    detected.push({ language, detected: result.source, cer, ok });
    console.log(`B11   auto ${language.padEnd(8)} → ${result.source} CER ${(cer * 100).toFixed(1)}%`);
  }
  const wrong = detected.filter((d) => !d.ok);
  figures.push(
    figure('B11', {
      name: 'ocr language detection',
      text: `${detected.length - wrong.length}/${detected.length} languages detected and read${
        wrong.length ? `; wrong: ${wrong.map((w) => `${w.language}→${w.detected}`).join(', ')}` : ''
      }`,
      target: `the photo's language, read within ${AUTO_CER_LIMIT * 100}%`,
      verdict: detected.length ? verdict(wrong.length === 0) : 'SKIP',
      values: { languages: detected.length, wrong: wrong.length },
    }),
  );
  details.accuracy = { photos: rows, detection: detected };
}
