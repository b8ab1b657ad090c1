import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from './app-error.ts';

/** Image types uploads may be, recognised by their first bytes. */
export const IMAGE_TYPES = ['jpeg', 'png', 'webp', 'gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Larger images are refused before they are decoded (a few MB of PNG can claim gigapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_INPUT_SIDE = 12_000;

/** The image type by its first bytes (never by name or declared type); null when not one of `accepted`. */
export function sniffImageType(bytes: Uint8Array, accepted: readonly ImageType[] = IMAGE_TYPES): ImageType | null {
  const type = sniff(bytes);
  return type && accepted.includes(type) ? type : null;
}

function sniff(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  return null;
}

export type ImageInfo = { format: ImageType; width: number; height: number };

/**
 * An image's type and the size it is shown at, from its header alone (no pixel is decoded, so a
 * header claiming gigapixels costs nothing): one of IMAGE_TYPES by its first bytes (sharp must
 * agree), the first frame's width and height with the EXIF orientation applied. Null for anything
 * else, or a header that cannot be read.
 */
export async function imageInfo(bytes: Uint8Array): Promise<ImageInfo | null> {
  const format = sniffImageType(bytes);
  if (!format) return null;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (meta.format !== format || !meta.width || !meta.height) return null;
  const width = meta.width;
  const height = meta.pageHeight ?? meta.height;
  // EXIF orientations 5–8 turn the picture a quarter: it is shown with width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return { format, width: turned ? height : width, height: turned ? width : height };
}

/**
 * Whether a JPEG or PNG file holds its whole image, judged from its structure before anything is
 * decoded (decoders fill a cut-off image with grey and only warn). PNG: the IEND chunk closes the
 * file. JPEG: the marker segments up to the first scan (SOS) are intact and an end-of-image marker
 * follows it: inside the scan data every 0xFF byte is stuffed or a restart marker, so 0xFF 0xD9 can
 * only be the end (EXIF thumbnails, which carry their own, sit before the scan).
 */
export function imageIsComplete(bytes: Uint8Array, type: 'jpeg' | 'png'): boolean {
  if (type === 'png') {
    const iend = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
    // Some encoders leave padding after IEND: look for it in the last bytes, not only at the very end.
    const tail = bytes.subarray(Math.max(0, bytes.length - 4096));
    for (let i = tail.length - iend.length; i >= 0; i--) {
      if (iend.every((b, k) => tail[i + k] === b)) return true;
    }
    return false;
  }
  let i = 2; // after SOI
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return false;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    const length = ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    if (length < 2) return false;
    i += 2 + length;
    if (marker === 0xda) break; // SOS: the entropy-coded data starts here
    if (marker === 0xd9) return false; // the image ended before any scan
  }
  if (i > bytes.length) return false;
  for (let k = i; k + 1 < bytes.length; k++) {
    if (bytes[k] === 0xff && bytes[k + 1] === 0xd9) return true;
  }
  return false;
}

export type ReencodeOptions = {
  /** The types this upload may be. */
  accepted: readonly ImageType[];
  /** INVALID_FILE's message when the content is none of them. */
  unsupportedMessage: string;
  /** Resizes and encodes the decoded image (first frame, oriented by EXIF, no metadata kept). */
  encode: (image: Sharp) => Sharp;
  maxPixels?: number;
  maxSide?: number;
};

/**
 * Checks an uploaded image by content and re-encodes it: the type by magic bytes (and sharp must
 * agree), the dimensions from the header before anything is decoded, then only the first frame is
 * decoded (bounded by limitInputPixels), oriented by EXIF and handed to `encode`. sharp keeps no
 * metadata (EXIF, XMP, GPS) unless asked. Any failure is INVALID_FILE.
 */
export async function reencodeImage(bytes: Uint8Array, options: ReencodeOptions): Promise<Buffer> {
  const { maxPixels = MAX_INPUT_PIXELS, maxSide = MAX_INPUT_SIDE } = options;
  if (bytes.length === 0) throw new AppError('INVALID_FILE', 'The file is empty.');
  const type = sniffImageType(bytes, options.accepted);
  if (!type) throw new AppError('INVALID_FILE', options.unsupportedMessage);
  const input = { failOn: 'warning', limitInputPixels: maxPixels, autoOrient: true } as const;

  let meta: Metadata;
  try {
    // Reads the header only; the limit is checked below with a clearer message.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('INVALID_FILE');
  }
  if (meta.format !== type) throw new AppError('INVALID_FILE');
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1 || width > maxSide || height > maxSide || width * height > maxPixels) {
    throw new AppError('INVALID_FILE', 'The image dimensions are too large.');
  }
  try {
    return await options.encode(sharp(bytes, { ...input, pages: 1 })).toBuffer();
  } catch {
    throw new AppError('INVALID_FILE');
  }
}
