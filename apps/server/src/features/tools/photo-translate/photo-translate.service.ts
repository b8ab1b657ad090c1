import {
  findPhotoLanguage,
  PHOTO_TRANSLATE_LOW_CONFIDENCE,
  type PhotoBox,
  type PhotoLanguage,
  type PhotoLanguageCode,
  type PhotoSegment,
  type PhotoTranslateResult,
  type PhotoTranslateStage,
} from '@polymath/shared';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error.ts';
import { type OcrEngine, sharedOcrEngine } from './ocr-engine.ts';
import { checkPhoto, decodePhoto, encodePhoto } from './photo-input.ts';
import { ocrInput, readPhotoText } from './photo-ocr.ts';
import { coverBox, type DrawRegion, drawTranslations, estimateFontPx } from './photo-redraw.ts';
import { groupSegments, type TextSegment } from './photo-segments.ts';
import type { PhotoTranslationSegment } from './photo-translate.prompt.ts';

/**
 * A photo's text, found, translated and drawn back in place: the whole pipeline as one plain
 * function (the job calls it; so do the tests and the bench). The translator is injected: the
 * tool's chat model with structured output (photo-translate.prompt.ts), or `demoTranslate` offline.
 */

export type PhotoTranslator = (
  segments: PhotoTranslationSegment[],
  ctx: { source: PhotoLanguage | null; target: PhotoLanguage },
) => Promise<Record<string, string>>;

export type TranslatePhotoInput = {
  bytes: Uint8Array;
  source: 'auto' | PhotoLanguageCode;
  target: PhotoLanguageCode;
  translate: PhotoTranslator;
  onProgress?: (stage: PhotoTranslateStage) => void;
  signal?: AbortSignal;
  /** The translator is the offline demo's (the result says so). */
  demo?: boolean;
  /** The OCR engine (default: the process's shared one). */
  ocr?: OcrEngine;
};

export type TranslatedPhoto = {
  /** The translated photo in the input's format and size (the input itself, re-encoded, when there was no text). */
  image: Buffer;
  result: PhotoTranslateResult;
};

/** Text with a letter in it is worth translating; "12:30" or "€ 4,50" is left as it is. */
const TRANSLATABLE = /\p{L}/u;

/**
 * Checks the photo (4xx before decoding when it is not an acceptable JPEG or PNG), reads its text,
 * translates every region in one call, and redraws the regions. Progress: 'reading' → 'translating'
 * → 'drawing'. Aborting stops between stages (an OCR read already running finishes first).
 */
export async function translatePhoto(input: TranslatePhotoInput): Promise<TranslatedPhoto> {
  const { bytes, signal } = input;
  const target = findPhotoLanguage(input.target);
  if (!target) throw new AppError('VALIDATION_FAILED', 'Choose a target language.');
  const photo = await checkPhoto(bytes);
  signal?.throwIfAborted();

  input.onProgress?.('reading');
  const image = await decodePhoto(bytes, photo);
  const engine = input.ocr ?? sharedOcrEngine();
  const read = await readPhotoText(engine, await ocrInput(image), input.source, signal);
  const segments = groupSegments(read.lines);
  signal?.throwIfAborted();

  const base = {
    source: (read.language?.code ?? null) as PhotoLanguageCode | null,
    requestedSource: input.source,
    target: input.target,
    demo: input.demo === true,
    output: {
      format: photo.format,
      mimeType: photo.format === 'jpeg' ? ('image/jpeg' as const) : ('image/png' as const),
      width: image.width,
      height: image.height,
    },
  };
  const raw = () => sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (segments.length === 0) {
    return {
      image: await encodePhoto(raw(), photo.format),
      result: { ...base, segments: [], noText: true, lowConfidence: false },
    };
  }

  input.onProgress?.('translating');
  const wanted = segments.filter((s) => TRANSLATABLE.test(s.text)).map((s) => ({ id: s.id, text: s.text }));
  const translations = wanted.length > 0 ? await input.translate(wanted, { source: read.language, target }) : {};
  signal?.throwIfAborted();

  input.onProgress?.('drawing');
  const sourceScript = read.language?.script ?? 'Latn';
  const drawn: { segment: TextSegment; box: PhotoBox; region: DrawRegion | null }[] = [];
  for (const segment of segments) {
    const fontPx = await estimateFontPx(
      segment.lines.map((l) => ({ text: l.text, width: l.box.x1 - l.box.x0, height: l.box.y1 - l.box.y0 })),
      sourceScript,
    );
    const box = coverBox(segment.box, fontPx, segment.lines.length, image);
    // A translation is drawn into the original's space: one far longer than it (a model rambling) is cut.
    const text = translations[segment.id]?.slice(0, Math.max(200, segment.text.length * 4));
    // No translation (nothing to translate, or the translator skipped it): the region stays as it was.
    const untouched = typeof text !== 'string' || text.trim() === '' || text === segment.text;
    drawn.push({ segment, box, region: untouched ? null : { box, text, fontPx, align: segment.align } });
  }
  const regions = drawn.flatMap((d) => (d.region ? [d.region] : []));
  const output = regions.length > 0 ? await drawTranslations(image, regions, target) : raw();
  const encoded = await encodePhoto(output, photo.format);

  const resultSegments: PhotoSegment[] = drawn.map(({ segment, box, region }) => {
    const confidence = Math.round(Math.max(0, Math.min(100, segment.confidence)));
    return {
      id: segment.id,
      box,
      sourceText: segment.text,
      translatedText: region?.text ?? segment.text,
      redrawn: region !== null,
      confidence,
      lowConfidence: confidence < PHOTO_TRANSLATE_LOW_CONFIDENCE,
    };
  });
  return {
    image: encoded,
    result: {
      ...base,
      segments: resultSegments,
      noText: false,
      lowConfidence: resultSegments.some((s) => s.lowConfidence),
    },
  };
}
