import type { PhotoLanguageCode } from '@polymath/shared';
import { findPhotoLanguage } from '@polymath/shared';
import sharp from 'sharp';
import { fontFamiliesForScript, fontForScript } from './photo-fonts.ts';
import { escapeMarkup } from './photo-redraw.ts';

/**
 * Test photos made at run time (no binary fixtures in the repository): known text rendered with the
 * bundled fonts onto a plain, a photo-like noisy or a transparent background, as JPEG or PNG. The
 * tests and benchmark B11 read them; `text` is the ground truth the character error rate is
 * measured against, `textBox` where it was drawn.
 */

/**
 * plain: a flat paper colour. noisy: soft colour blobs with sensor-like noise. degraded: noisy, and
 * the text small (22 px), the shot slightly turned (1.5°), soft, unevenly lit, saved as a low-quality JPEG.
 * transparent: a PNG with nothing but the text opaque.
 */
export type FixtureBackground = 'plain' | 'noisy' | 'degraded' | 'transparent';

export type PhotoFixture = {
  name: string;
  language: PhotoLanguageCode;
  format: 'jpeg' | 'png';
  background: FixtureBackground;
  /** The lines drawn, joined with "\n". */
  text: string;
  bytes: Buffer;
  width: number;
  height: number;
  /** Where the text's ink was drawn (px; before a degraded shot is turned by 1.5° about the centre). */
  textBox: { x: number; y: number; width: number; height: number };
};

/** Two lines of a museum sign in each fixture language (Turkish, German: their own letters on purpose). */
export const FIXTURE_TEXTS = {
  en: ['Welcome to the museum', 'Open every day from 9:00'],
  tr: ['Müzeye hoş geldiniz', 'Her gün saat 9:00 ile açık'],
  de: ['Willkommen im Museum', 'Täglich geöffnet für Größere'],
  ru: ['Добро пожаловать в музей', 'Открыто каждый день с 9:00'],
  ar: ['مرحبا بكم في المتحف', 'مفتوح كل يوم من الصباح'],
  'zh-Hans': ['欢迎来到博物馆', '每天早上九点开放'],
} as const satisfies Partial<Record<PhotoLanguageCode, readonly string[]>>;
export type FixtureLanguage = keyof typeof FIXTURE_TEXTS;
export const FIXTURE_LANGUAGES = Object.keys(FIXTURE_TEXTS) as FixtureLanguage[];

/** A small deterministic PRNG (mulberry32): the same fixture every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like background: large soft colour blobs (a tiny random image enlarged smoothly), light
 * enough for dark text, with per-pixel sensor-like noise on top.
 */
async function noisyBackground(width: number, height: number, seed: number): Promise<Buffer> {
  const rand = random(seed);
  const cw = 12;
  const ch = 6;
  const coarse = Buffer.alloc(cw * ch * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = 150 + Math.floor(rand() * 100);
  const blobs = await sharp(coarse, { raw: { width: cw, height: ch, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .blur(8)
    .raw()
    .toBuffer();
  for (let i = 0; i < blobs.length; i++) {
    const noise = (rand() + rand() + rand() - 1.5) * 28;
    blobs[i] = Math.max(0, Math.min(255, (blobs[i] ?? 0) + noise));
  }
  return blobs;
}

/** Draws a fixture. Text is 44 px (22 px degraded), dark grey, left-aligned (right-aligned for Arabic) at (60, 70). */
export async function makeFixture(options: {
  language: FixtureLanguage;
  format: 'jpeg' | 'png';
  background: FixtureBackground;
  width?: number;
  height?: number;
  /** EXIF orientation to store (the pixels are turned so the photo shows upright). */
  orientation?: 6 | 8;
}): Promise<PhotoFixture> {
  const { language, format, background } = options;
  const width = options.width ?? 960;
  const height = options.height ?? 400;
  const lines = FIXTURE_TEXTS[language];
  const lang = findPhotoLanguage(language);
  if (!lang) throw new Error(`no language ${language}`);
  const text = lines.join('\n');
  const font = fontForScript(lang.script);
  const ink = await sharp({
    text: {
      text: `<span foreground="#1c1c1c">${escapeMarkup(text)}</span>`,
      // A degraded shot also has small letters (a sign read from across the room).
      font: `${fontFamiliesForScript(lang.script)} ${background === 'degraded' ? 22 : 44}px`,
      fontfile: font.file,
      rgba: true,
      // Pango's "left" is the start of the line: Arabic lines come out right-aligned.
      align: 'left',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = lang.rtl ? width - 60 - ink.info.width : 60;
  const top = 70;
  const seed = [...`${language}${background}`].reduce((s, c) => s * 31 + (c.codePointAt(0) ?? 0), 7);
  const base =
    background === 'noisy' || background === 'degraded'
      ? sharp(await noisyBackground(width, height, seed), { raw: { width, height, channels: 3 } })
      : sharp({
          create: {
            width,
            height,
            channels: background === 'transparent' ? 4 : 3,
            background: background === 'transparent' ? { r: 0, g: 0, b: 0, alpha: 0 } : '#f3efe6',
          },
        });
  let image = sharp(
    await base
      .composite([{ input: ink.data, left, top }])
      .png()
      .toBuffer(),
  );
  if (background === 'degraded') {
    // Turned about the text's centre, then cropped back to the same size; darker towards one side.
    const turned = await image.rotate(1.5, { background: '#c8c0b0' }).toBuffer({ resolveWithObject: true });
    const dx = Math.floor((turned.info.width - width) / 2);
    const dy = Math.floor((turned.info.height - height) / 2);
    const shade = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        shade[y * width + x] = Math.round(255 - 90 * (x / width) * (0.6 + (0.4 * y) / height));
    }
    const lighting = await sharp(shade, { raw: { width, height, channels: 1 } })
      .toColourspace('srgb')
      .png()
      .toBuffer();
    image = sharp(
      await sharp(turned.data)
        .extract({ left: dx, top: dy, width, height })
        .blur(1)
        .composite([{ input: lighting, blend: 'multiply' }])
        .png()
        .toBuffer(),
    );
  }
  if (options.orientation) {
    // Store the pixels turned so that a viewer applying the orientation shows them upright.
    const turned = await image.rotate(options.orientation === 6 ? -90 : 90).toBuffer();
    image = sharp(turned).withMetadata({ orientation: options.orientation });
  }
  const quality = background === 'degraded' ? 55 : 88;
  const bytes = format === 'jpeg' ? await image.jpeg({ quality }).toBuffer() : await image.png().toBuffer();
  const size = options.width || options.height ? `-${width}x${height}` : '';
  return {
    name: `${language}-${background}${size}${options.orientation ? `-exif${options.orientation}` : ''}.${format === 'jpeg' ? 'jpg' : 'png'}`,
    language,
    format,
    background,
    text,
    bytes,
    width,
    height,
    textBox: { x: left, y: top, width: ink.info.width, height: ink.info.height },
  };
}

export type FixtureSpec = {
  language: FixtureLanguage;
  format: 'jpeg' | 'png';
  background: FixtureBackground;
  width?: number;
  height?: number;
};

/**
 * Every language on a plain and a noisy background, alternating JPEG and PNG, a transparent PNG, every
 * language as a degraded shot, and two photo-sized noisy JPEGs (the text a small part of the picture).
 */
export const FIXTURE_SPECS: readonly FixtureSpec[] = [
  ...FIXTURE_LANGUAGES.flatMap((language, i): FixtureSpec[] => [
    { language, background: 'plain', format: i % 2 ? 'png' : 'jpeg' },
    { language, background: 'noisy', format: i % 2 ? 'jpeg' : 'png' },
  ]),
  { language: 'en', background: 'transparent', format: 'png' },
  ...FIXTURE_LANGUAGES.map((language): FixtureSpec => ({ language, background: 'degraded', format: 'jpeg' })),
  { language: 'de', background: 'noisy', format: 'jpeg', width: 2400, height: 1600 },
  { language: 'ar', background: 'noisy', format: 'jpeg', width: 2000, height: 1400 },
];

export async function makeFixtureSet(): Promise<PhotoFixture[]> {
  const out: PhotoFixture[] = [];
  for (const spec of FIXTURE_SPECS) out.push(await makeFixture(spec));
  return out;
}

/** A photo-like picture with no text at all. */
export async function makeNoTextPhoto(format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const image = sharp(await noisyBackground(800, 600, 99), { raw: { width: 800, height: 600, channels: 3 } });
  return format === 'jpeg' ? image.jpeg({ quality: 88 }).toBuffer() : image.png().toBuffer();
}

/**
 * The most a fixture's reading may be off (character error rate): what the unit tests and B11's
 * accuracy matrix (bench/b11-photo-ocr.ts) hold OCR to. A photo read with the source "auto" is
 * held to AUTO_CER_LIMIT.
 */
export function cerLimit(background: FixtureBackground): number {
  return background === 'plain' ? 0.05 : background === 'degraded' ? 0.15 : 0.1;
}
export const AUTO_CER_LIMIT = 0.1;

/** Character error rate: edit distance between what was read and the truth, ÷ the truth's length. */
export function characterErrorRate(read: string, truth: string, language: string): number {
  const norm = (s: string) => {
    const collapsed = s.normalize('NFC').replace(/\s+/g, ' ').trim();
    return language === 'zh-Hans' || language === 'ja' ? collapsed.replace(/ /g, '') : collapsed;
  };
  const a = [...norm(read)];
  const b = [...norm(truth)];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return b.length ? (prev[b.length] ?? 0) / b.length : a.length ? 1 : 0;
}
