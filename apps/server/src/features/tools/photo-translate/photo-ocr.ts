import {
  findPhotoLanguage,
  PHOTO_LANGUAGES,
  PHOTO_TRANSLATE_MESSAGES,
  type PhotoLanguage,
  type PhotoLanguageCode,
  type PhotoScript,
} from '@polymath/shared';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error.ts';
import type { OcrEngine, OcrLine, OcrPage, OcrWord } from './ocr-engine.ts';
import type { RawImage } from './photo-fill.ts';

/**
 * Reading the text of a photo: which tesseract languages to use, and for "detect automatically"
 * which script and language the photo is in.
 *
 * Tesseract's own orientation-and-script detection (OSD) needs the legacy engine and refuses images
 * with little text ("Too few characters"), which is most photos of signs and labels, so "auto" is
 * decided by reading instead: the photo is read with every installed Latin language at once (one
 * pass; most photos are Latin, and the result is final when it is confident), otherwise once per
 * other installed script (Cyrillic, Arabic, Han, …, each with English) and the reading whose words
 * in that script's letters carry the most confidence wins. The language within a script is the
 * script's language, or for Latin a guess from letters and common words. See decision 012.
 */

export type ReadText = {
  lines: OcrLine[];
  /** The language the text was read as (null: nothing was found when detecting). */
  language: PhotoLanguage | null;
  /** The tesseract languages of the reading kept. */
  tesseract: string[];
};

/** Mean confidence above which a Latin reading is taken without trying other scripts. */
const LATIN_ACCEPT_CONFIDENCE = 80;
/** Latin languages read together in the first pass (each added language slows every word a little). */
const LATIN_SET_MAX = 8;
const LATIN_PRIMARY = 'tur';

type ScriptGroup = 'Latn' | 'Cyrl' | 'Grek' | 'Arab' | 'Hebr' | 'Deva' | 'Thai' | 'Han' | 'Kore';

const GROUP_OF: Record<PhotoScript, ScriptGroup> = {
  Latn: 'Latn',
  Cyrl: 'Cyrl',
  Grek: 'Grek',
  Arab: 'Arab',
  Hebr: 'Hebr',
  Deva: 'Deva',
  Thai: 'Thai',
  Hans: 'Han',
  Hant: 'Han',
  Jpan: 'Han',
  Kore: 'Kore',
};

/** The letters each group's readings are judged by. */
const GROUP_LETTERS: Record<ScriptGroup, RegExp> = {
  Latn: /\p{Script=Latin}/u,
  Cyrl: /\p{Script=Cyrillic}/u,
  Grek: /\p{Script=Greek}/u,
  Arab: /\p{Script=Arabic}/u,
  Hebr: /\p{Script=Hebrew}/u,
  Deva: /\p{Script=Devanagari}/u,
  Thai: /\p{Script=Thai}/u,
  Han: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  Kore: /[\p{Script=Hangul}\p{Script=Han}]/u,
};

/** A Han or kana character carries about as much as two Latin letters. */
const GROUP_LETTER_WEIGHT: Record<ScriptGroup, number> = {
  Latn: 1,
  Cyrl: 1,
  Grek: 1,
  Arab: 1,
  Hebr: 1,
  Deva: 1,
  Thai: 1,
  Han: 2,
  Kore: 2,
};

/** Long sides OCR reads best at: small photos are enlarged (tiny letters), huge ones reduced (time). */
const OCR_MIN_SIDE = 1000;
const OCR_MAX_SIDE = 3000;

/**
 * The image tesseract reads: grey, scaled into OCR_MIN_SIDE…OCR_MAX_SIDE on its long side, and
 * flattened onto a background its letters stand out from (transparent pixels are often black
 * underneath, which would hide dark text). PNG at the lowest compression: it is decoded at once.
 */
export async function ocrInput(image: RawImage): Promise<{ bytes: Buffer; scale: number }> {
  const long = Math.max(image.width, image.height);
  const scale = long < OCR_MIN_SIDE ? Math.min(2, OCR_MIN_SIDE / long) : long > OCR_MAX_SIDE ? OCR_MAX_SIDE / long : 1;
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  if (image.channels === 4) pipeline = pipeline.flatten({ background: lightContent(image) ? '#000000' : '#ffffff' });
  if (scale !== 1) {
    pipeline = pipeline.resize(Math.round(image.width * scale), Math.round(image.height * scale), {
      kernel: scale > 1 ? 'cubic' : 'lanczos3',
    });
  }
  const bytes = await pipeline.greyscale().png({ compressionLevel: 0 }).toBuffer();
  return { bytes, scale };
}

/** Whether the visible (mostly opaque) pixels of an RGBA image are light on average. */
function lightContent(image: RawImage): boolean {
  let sum = 0;
  let n = 0;
  const step = Math.max(1, Math.floor((image.width * image.height) / 20000)) * 4;
  for (let i = 0; i + 3 < image.data.length; i += step) {
    if ((image.data[i + 3] ?? 0) < 128) continue;
    sum += 0.2126 * (image.data[i] ?? 0) + 0.7152 * (image.data[i + 1] ?? 0) + 0.0722 * (image.data[i + 2] ?? 0);
    n++;
  }
  return n > 0 && sum / n > 160;
}

/** The tesseract languages for a chosen source: the source first, then English (signs mix it in). */
export function tesseractLanguagesFor(language: PhotoLanguage): string[] {
  return language.tesseract === 'eng' ? ['eng'] : [language.tesseract, 'eng'];
}

/** Photo languages whose data is installed, in the list's order. */
export function readablePhotoLanguages(readable: ReadonlySet<string>): PhotoLanguage[] {
  return PHOTO_LANGUAGES.filter((l) => readable.has(l.tesseract));
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
const CJK_GAP = new RegExp(`(?<=[${CJK}]) +(?=[${CJK}])`, 'gu');
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Cleans a page: Chinese and Japanese have no spaces between words but tesseract puts one between
 * characters; words that are no letter or digit (a stray "|" read from a texture) are dropped when
 * unsure, and so are lines that are all noise. Boxes are scaled back to the photo's pixels.
 */
export function cleanLines(page: OcrPage, scale: number): OcrLine[] {
  const s = (v: number) => Math.round(v / scale);
  const out: OcrLine[] = [];
  for (const line of page.lines) {
    const words: OcrWord[] = line.words
      .filter((w) => w.text.trim() !== '')
      .filter((w) => HAS_LETTER_OR_DIGIT.test(w.text) || w.confidence >= 60)
      .map((w) => ({
        text: w.text,
        confidence: w.confidence,
        box: { x0: s(w.box.x0), y0: s(w.box.y0), x1: s(w.box.x1), y1: s(w.box.y1) },
      }));
    if (words.length === 0) continue;
    const letters = words.reduce((n, w) => n + (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);
    const confidence = weightedConfidence(words);
    // A short reading with little confidence is almost always texture, not text.
    if (confidence < 35 || (letters <= 2 && confidence < 60)) continue;
    const text = words
      .map((w) => w.text)
      .join(' ')
      .replace(CJK_GAP, '');
    const box = {
      x0: Math.min(...words.map((w) => w.box.x0)),
      y0: Math.min(...words.map((w) => w.box.y0)),
      x1: Math.max(...words.map((w) => w.box.x1)),
      y1: Math.max(...words.map((w) => w.box.y1)),
    };
    out.push({ ...line, text, confidence, words, box, rowHeight: line.rowHeight / scale });
  }
  return out;
}

/** Mean word confidence weighted by each word's length. */
export function weightedConfidence(words: readonly OcrWord[]): number {
  let sum = 0;
  let weight = 0;
  for (const w of words) {
    const n = Math.max(1, [...w.text].length);
    sum += w.confidence * n;
    weight += n;
  }
  return weight ? sum / weight : 0;
}

/** How strongly a reading supports its script: confidence × letters of that script. */
function scriptScore(
  lines: readonly OcrLine[],
  group: ScriptGroup,
): { score: number; share: number; confidence: number } {
  const letters = GROUP_LETTERS[group];
  let score = 0;
  let own = 0;
  let all = 0;
  for (const line of lines) {
    for (const word of line.words) {
      for (const ch of word.text) {
        if (!/\p{L}/u.test(ch)) continue;
        all++;
        if (letters.test(ch)) {
          own++;
          score += word.confidence * GROUP_LETTER_WEIGHT[group];
        }
      }
    }
  }
  return { score, share: all ? own / all : 0, confidence: weightedConfidence(lines.flatMap((l) => l.words)) };
}

const LATIN_HINTS: Record<string, { letters: string; words: string[] }> = {
  en: { letters: '', words: ['the', 'and', 'of', 'to', 'is', 'for', 'with', 'you', 'this', 'are', 'your', 'not'] },
  tr: {
    letters: 'ğşıİĞŞ',
    words: ['ve', 'bir', 'bu', 'için', 'ile', 'çok', 'değil', 'olarak', 'gibi', 'daha', 'ama', 'hoş', 'geldiniz'],
  },
  de: {
    letters: 'ßäÄ',
    words: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'mit', 'für', 'ein', 'eine', 'auf', 'den', 'über'],
  },
  fr: {
    letters: 'èêœùëÈÊ',
    words: ['le', 'les', 'et', 'est', 'des', 'une', 'pour', 'pas', 'dans', 'vous', 'du', 'au', 'sur'],
  },
  es: {
    letters: 'ñ¿¡Ñ',
    words: ['el', 'los', 'las', 'y', 'es', 'en', 'que', 'por', 'para', 'con', 'una', 'del', 'muy'],
  },
  it: {
    letters: 'ìòÌÒ',
    words: [
      'il',
      'lo',
      'gli',
      'è',
      'di',
      'che',
      'per',
      'non',
      'una',
      'della',
      'con',
      'sono',
      'del',
      'tutti',
      'qui',
      'alla',
    ],
  },
  pt: {
    letters: 'ãõÃÕ',
    words: ['o', 'os', 'as', 'é', 'que', 'não', 'nao', 'uma', 'para', 'com', 'do', 'da', 'em', 'você', 'dias'],
  },
};

/**
 * Which Latin language a text is in, among the readable ones: letters only some languages use
 * (ğ ş ı: Turkish; ß: German; ñ: Spanish; ã õ: Portuguese …) and their most common short words.
 * English when nothing points elsewhere.
 */
export function guessLatinLanguage(text: string, candidates: readonly PhotoLanguage[]): PhotoLanguage | null {
  const latin = candidates.filter((l) => l.script === 'Latn');
  if (latin.length === 0) return null;
  const words = text
    .toLocaleLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  let best: { language: PhotoLanguage; score: number } | null = null;
  for (const language of latin) {
    const hints = LATIN_HINTS[language.code];
    if (!hints) continue;
    let score = 0;
    for (const ch of text) if (hints.letters.includes(ch)) score += 3;
    for (const w of words) if (hints.words.includes(w)) score += 2;
    if (!best || score > best.score) best = { language, score };
  }
  if (best && best.score > 0) return best.language;
  return latin.find((l) => l.code === 'en') ?? latin[0] ?? null;
}

/**
 * Reads the text of an image prepared for OCR (`scale`: its size ÷ the photo's). A chosen source
 * must be readable (its data installed), else VALIDATION_FAILED on `source`.
 */
export async function readPhotoText(
  engine: OcrEngine,
  image: { bytes: Buffer; scale: number },
  source: 'auto' | PhotoLanguageCode,
  signal?: AbortSignal,
): Promise<ReadText> {
  const readable = readablePhotoLanguages(await engine.readableLanguages());
  if (source !== 'auto') {
    const language = findPhotoLanguage(source);
    if (!language || !readable.includes(language)) {
      throw new AppError('VALIDATION_FAILED', PHOTO_TRANSLATE_MESSAGES.sourceNotReadable, {
        fields: [{ path: 'source', message: PHOTO_TRANSLATE_MESSAGES.sourceNotReadable }],
      });
    }
    const languages = tesseractLanguagesFor(language).filter((c) => readable.some((l) => l.tesseract === c));
    const page = await engine.recognize(image.bytes, languages, signal);
    return { lines: cleanLines(page, image.scale), language, tesseract: languages };
  }
  return detectAndRead(engine, image, readable, signal);
}

async function detectAndRead(
  engine: OcrEngine,
  image: { bytes: Buffer; scale: number },
  readable: readonly PhotoLanguage[],
  signal?: AbortSignal,
): Promise<ReadText> {
  type Reading = { group: ScriptGroup; language: PhotoLanguage | null; lines: OcrLine[]; tesseract: string[] };
  const readings: Reading[] = [];

  const latin = readable.filter((l) => l.script === 'Latn').slice(0, LATIN_SET_MAX);
  if (latin.length > 0) {
    // Turkish first: tesseract reads each word with the first language and tries the others only
    // when unsure, so with English first "Müzeye hoş" came out "Muzeye hos" (English reads it
    // confidently without the marks). Turkish first read English, German, French, Spanish,
    // Portuguese and Italian test signs as well as English first did, and Turkish ones right.
    const codes = [
      ...latin.filter((l) => l.tesseract === LATIN_PRIMARY),
      ...latin.filter((l) => l.tesseract !== LATIN_PRIMARY),
    ].map((l) => l.tesseract);
    const lines = cleanLines(await engine.recognize(image.bytes, codes, signal), image.scale);
    const text = lines.map((l) => l.text).join('\n');
    const reading: Reading = { group: 'Latn', language: guessLatinLanguage(text, latin), lines, tesseract: codes };
    const { share, confidence } = scriptScore(lines, 'Latn');
    if (lines.length > 0 && share >= 0.9 && confidence >= LATIN_ACCEPT_CONFIDENCE) return reading;
    readings.push(reading);
  }

  // One reading per other script, with its first installed language (the list is most used first),
  // all queued at once so the engine's workers read them side by side.
  const probes = new Map<ScriptGroup, PhotoLanguage>();
  for (const language of readable) {
    const group = GROUP_OF[language.script];
    if (group !== 'Latn' && !probes.has(group)) probes.set(group, language);
  }
  readings.push(
    ...(await Promise.all(
      [...probes].map(async ([group, language]): Promise<Reading> => {
        const codes = tesseractLanguagesFor(language).filter((c) => readable.some((l) => l.tesseract === c));
        const lines = cleanLines(await engine.recognize(image.bytes, codes, signal), image.scale);
        return { group, language, lines, tesseract: codes };
      }),
    )),
  );

  let best: { reading: Reading; score: number } | null = null;
  for (const reading of readings) {
    const { score } = scriptScore(reading.lines, reading.group);
    if (!best || score > best.score) best = { reading, score };
  }
  if (!best || best.score === 0) {
    return { lines: [], language: null, tesseract: readings[0]?.tesseract ?? [] };
  }
  return { lines: best.reading.lines, language: best.reading.language, tesseract: best.reading.tesseract };
}
