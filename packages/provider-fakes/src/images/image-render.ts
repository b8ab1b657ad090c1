/**
 * The pictures the image stand-ins answer with: real, decodable PNG/JPEG/WebP files of the size the
 * provider would send, a smooth two-colour gradient chosen from a seed (so two images of one answer,
 * or an edit and its photo, can be told apart), made with sharp from a tiny raw gradient.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type StandInFormat = 'png' | 'jpeg' | 'webp';

export const MEDIA_TYPES: Record<StandInFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** Gemini image models' output size per aspect ratio (Google's published table for 1K output). */
const GEMINI_SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '3:4': [864, 1184],
  '4:3': [1184, 864],
  '4:5': [896, 1152],
  '5:4': [1152, 896],
  '9:16': [768, 1344],
  '16:9': [1344, 768],
  '21:9': [1536, 672],
};

/** The aspect ratios Gemini's image config accepts. */
export const GEMINI_ASPECT_RATIOS = Object.keys(GEMINI_SIZES);

/** A ratio "W:H" (decimals allowed, as xAI's "19.5:9") as a number, or undefined when it is not one. */
export function ratioOf(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]) / Number(match[2]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** About a megapixel at the given ratio, sides a multiple of 16 (Gemini's own table when it has the ratio). */
export function sizeForRatio(ratio: string): [number, number] {
  const known = GEMINI_SIZES[ratio];
  if (known) return known;
  const r = ratioOf(ratio) ?? 1;
  const width = Math.round(Math.sqrt(1024 * 1024 * r) / 16) * 16;
  const height = Math.round(width / r / 16) * 16;
  return [width, height];
}

/** The table ratio nearest to a picture's own shape (what an edit without a ratio keeps). */
export function nearestRatio(width: number, height: number, ratios: string[] = GEMINI_ASPECT_RATIOS): string {
  const target = Math.log(width / height);
  let best = ratios[0] ?? '1:1';
  for (const ratio of ratios) {
    if (Math.abs(Math.log(ratioOf(ratio) ?? 1) - target) < Math.abs(Math.log(ratioOf(best) ?? 1) - target)) {
      best = ratio;
    }
  }
  return best;
}

function colour(hash: Buffer, at: number): [number, number, number] {
  return [hash[at] ?? 0, hash[at + 1] ?? 0, hash[at + 2] ?? 0];
}

/** A real picture: a diagonal gradient between two colours picked from the seed. */
export async function renderStandInImage(width: number, height: number, format: StandInFormat, seed: string) {
  const hash = createHash('sha256').update(seed).digest();
  const from = colour(hash, 0);
  const to = colour(hash, 3);
  const side = 8;
  const raw = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const t = (x + y) / (2 * (side - 1));
      for (let c = 0; c < 3; c++) {
        raw[(y * side + x) * 3 + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t);
      }
    }
  }
  const image = sharp(raw, { raw: { width: side, height: side, channels: 3 } }).resize(width, height, {
    fit: 'fill',
    kernel: 'linear',
  });
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 2 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 85 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
  }
}

/** Bytes that claim to be an image and are not one (for the `malformed=image` mode). */
export const NOT_AN_IMAGE = Buffer.from('This is not an image: the stand-in was asked for a malformed answer.\n');
