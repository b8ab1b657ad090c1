import type { PhotoBox, PhotoLanguage } from '@polymath/shared';
import sharp, { type CreateText, type OverlayOptions, type Sharp } from 'sharp';
import { fillPatch, type RawImage, type Rgba, sampleFill, sampleInk } from './photo-fill.ts';
import { allPhotoFonts, fontFamiliesForScript, fontForScript } from './photo-fonts.ts';
import type { TextAlign } from './photo-segments.ts';

/**
 * Drawing translations back into the photo. Each region is first covered with one colour sampled
 * from a ring of pixels just outside it (the per-channel median, so a stray letter or edge in the
 * ring does not tint it), then the translation is drawn by Pango (sharp's `text` input: HarfBuzz
 * shapes Arabic joins and Devanagari clusters, FriBidi orders right-to-left runs) in the colour of
 * the original letters, at the original size when it fits the region and smaller when it does not,
 * never outside the region.
 */

export type DrawRegion = {
  /** The area covered and drawn into (the text's box with a small margin). */
  box: PhotoBox;
  text: string;
  /** The original text's size: the largest the translation is drawn at. */
  fontPx: number;
  align: TextAlign;
};

/** The margin around the text's ink that is covered too (anti-aliased edges, diacritics). */
export function coverBox(
  ink: { x0: number; y0: number; x1: number; y1: number },
  fontPx: number,
  lineCount: number,
  image: { width: number; height: number },
): PhotoBox {
  const pad = Math.max(2, Math.round(fontPx * 0.12));
  // At least as tall as its lines set in the font size: a line without descenders ("Welcome") has
  // ink shorter than a translation that has some.
  const grow = Math.max(0, Math.round((lineCount * fontPx * 1.1 - (ink.y1 - ink.y0)) / 2));
  const x = Math.max(0, ink.x0 - pad);
  const y = Math.max(0, ink.y0 - pad - grow);
  const x1 = Math.min(image.width, ink.x1 + pad);
  const y1 = Math.min(image.height, ink.y1 + pad + grow);
  return { x, y, width: Math.max(1, x1 - x), height: Math.max(1, y1 - y) };
}

const hex = (c: Rgba) => `#${[c[0], c[1], c[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Pango markup treats these as markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

let fontsRegistered: Promise<void> | null = null;

/**
 * Loads every bundled font into fontconfig once (sharp registers a `fontfile` the first time it is
 * used, process-wide), so a family list like "Noto Sans Arabic,Noto Sans" finds its fallback even
 * before any Latin text was drawn, and on a machine with no system fonts at all.
 */
function registerFonts(): Promise<void> {
  fontsRegistered ??= Promise.all(
    allPhotoFonts().map((font) =>
      sharp({ text: { text: 'a', font: font.family, fontfile: font.file, dpi: 10 } })
        .raw()
        .toBuffer(),
    ),
  ).then(() => undefined);
  return fontsRegistered;
}

type RenderedText = { input: Buffer; width: number; height: number };

const REFERENCE_PX = 100;

/**
 * The size the original text would have in our font: each line is drawn at 100 px and its width
 * compared with the width it takes in the photo (the median over the lines). Reading the size off
 * the box's height instead is off by a third depending on the letters (no descender in "Welcome",
 * tall Arabic, square Han), and the width is what the translation has to fit. Kept within 0.7–1.5
 * times the line's ink height for fonts much narrower or wider than ours.
 */
export async function estimateFontPx(
  lines: readonly { text: string; width: number; height: number }[],
  script: PhotoLanguage['script'],
): Promise<number> {
  await registerFonts();
  const estimates: number[] = [];
  for (const line of lines) {
    const text = line.text.trim();
    if (!text || line.width < 2) continue;
    const { width } = await render({
      text: escapeMarkup(text),
      font: `${fontFamiliesForScript(script)} ${REFERENCE_PX}px`,
      fontfile: fontForScript(script).file,
    });
    const px = width > 0 ? (REFERENCE_PX * line.width) / width : line.height;
    estimates.push(Math.max(0.7 * line.height, Math.min(1.5 * line.height, px)));
  }
  if (estimates.length === 0) return Math.max(6, Math.max(...lines.map((l) => l.height), 6));
  estimates.sort((a, b) => a - b);
  return estimates[estimates.length >> 1] ?? 6;
}

async function render(options: CreateText): Promise<RenderedText> {
  const { data, info } = await sharp({ text: options }).png().toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/**
 * U+200F RIGHT-TO-LEFT MARK and U+200E LEFT-TO-RIGHT MARK: set a line's direction to the target
 * language's whatever its first word is ("iPhone …" in Arabic, an Arabic name in English).
 */
const RLM = '\u200f';
const LRM = '\u200e';

/**
 * The translation as an RGBA image no larger than width × height: at `fontPx` when it fits
 * (wrapping at word boundaries to the width), else at the largest size that does (a binary search
 * over whole pixels, ~5 renders of ~10 ms).
 */
export async function renderTranslation(
  text: string,
  options: { language: PhotoLanguage; width: number; height: number; fontPx: number; align: TextAlign; color: Rgba },
): Promise<RenderedText | null> {
  await registerFonts();
  const { language, width, height, color } = options;
  const families = fontFamiliesForScript(language.script);
  const alpha = color[3] < 255 ? ` alpha="${Math.max(1, Math.round((color[3] / 255) * 100))}%"` : '';
  const mark = language.rtl ? RLM : LRM;
  const body = text
    .split('\n')
    .map((line) => mark + line)
    .join('\n');
  const markup = `<span foreground="${hex(color)}"${alpha}>${escapeMarkup(body)}</span>`;
  // Lines start at the target language's start side ("left" is the start in Pango: it flips it for a
  // right-to-left paragraph), unless the original was centred.
  const align = options.align === 'center' ? 'centre' : 'left';
  const fontfile = fontForScript(language.script).file;
  const at = (px: number) =>
    render({ text: markup, font: `${families} ${px}px`, fontfile, rgba: true, align, wrap: 'word-char', width });
  const fits = (r: RenderedText) => r.width <= width && r.height <= height;

  let hi = Math.max(4, Math.round(options.fontPx));
  let best = await at(hi);
  if (!fits(best)) {
    let lo = 4;
    let found: RenderedText | null = null;
    hi -= 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = await at(mid);
      if (fits(r)) {
        found = r;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    best = found ?? best;
  }
  if (!fits(best)) {
    // Not even the smallest size fits (a long translation in a tiny box): scale it down to fit.
    const resized = await sharp(best.input)
      .resize(width, height, { fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    best = { input: resized.data, width: resized.info.width, height: resized.info.height };
  }
  return best.width > 0 && best.height > 0 ? best : null;
}

/**
 * Covers each region and draws its text; returns the composited image as a sharp pipeline over the
 * same pixels (the caller encodes it in the photo's format).
 */
export async function drawTranslations(
  image: RawImage,
  regions: readonly DrawRegion[],
  language: PhotoLanguage,
): Promise<Sharp> {
  // Every cover first, then every text: a region's cover never hides a neighbour's drawn text.
  const covers: OverlayOptions[] = [];
  const texts: OverlayOptions[] = [];
  for (const region of regions) {
    const { box } = region;
    const fill = sampleFill(image, box);
    const ink = sampleInk(image, box, fill);
    const rect = (color: Rgba) => ({
      create: { width: box.width, height: box.height, channels: 4 as const, background: rgbaObject(color) },
    });
    if (image.channels === 4) {
      // Clear the box first ("dest-out" with an opaque rectangle), so a see-through fill replaces the
      // pixels instead of tinting them: a transparent background stays transparent.
      covers.push({ input: rect([0, 0, 0, 255]), left: box.x, top: box.y, blend: 'dest-out' });
    }
    covers.push({
      input: fillPatch(image, box, fill),
      raw: { width: box.width, height: box.height, channels: 4 },
      left: box.x,
      top: box.y,
    });
    const text = region.text.trim();
    if (!text) continue;
    const inset = Math.max(1, Math.round(Math.min(box.width, box.height) * 0.04));
    const width = Math.max(1, box.width - 2 * inset);
    const height = Math.max(1, box.height - 2 * inset);
    const rendered = await renderTranslation(text, {
      language,
      width,
      height,
      fontPx: region.fontPx,
      align: region.align,
      color: ink,
    });
    if (!rendered) continue;
    const where = region.align === 'center' ? 'center' : language.rtl ? 'right' : 'left';
    const dx =
      where === 'left' ? 0 : where === 'right' ? width - rendered.width : Math.floor((width - rendered.width) / 2);
    const dy = Math.floor((height - rendered.height) / 2);
    texts.push({ input: rendered.input, left: box.x + inset + dx, top: box.y + inset + dy });
  }
  const raw = { width: image.width, height: image.height, channels: image.channels };
  const composed = await sharp(image.data, { raw })
    .composite([...covers, ...texts])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Compositing RGBA overlays adds an alpha channel; a photo without one gets none back.
  const out = sharp(composed.data, {
    raw: { width: composed.info.width, height: composed.info.height, channels: composed.info.channels },
  });
  return image.channels === 3 && composed.info.channels === 4 ? out.removeAlpha() : out;
}

function rgbaObject(c: Rgba) {
  return { r: c[0], g: c[1], b: c[2], alpha: c[3] / 255 };
}
