import {
  PHOTO_TRANSLATE_MAX_BYTES,
  PHOTO_TRANSLATE_MAX_PIXELS,
  PHOTO_TRANSLATE_MAX_SIDE,
  PHOTO_TRANSLATE_MESSAGES,
} from '@polymath/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../../lib/app-error.ts';
import { imageIsComplete, sniffImageType } from '../../../lib/images.ts';
import type { RawImage } from './photo-fill.ts';

export type PhotoFormat = 'jpeg' | 'png';

type Refusal = Exclude<keyof typeof PHOTO_TRANSLATE_MESSAGES, 'sourceNotReadable'>;

/** A 4xx saying what is accepted; `details.reason` lets the page say it in the person's language. */
export function photoRefusal(reason: Refusal): AppError {
  return new AppError(reason === 'tooLarge' ? 'PAYLOAD_TOO_LARGE' : 'INVALID_FILE', PHOTO_TRANSLATE_MESSAGES[reason], {
    reason,
  });
}

export type CheckedPhoto = {
  format: PhotoFormat;
  /** Width and height as shown: EXIF orientation applied (a portrait phone photo is taller than wide). */
  width: number;
  height: number;
  hasAlpha: boolean;
};

/**
 * Checks a photo by its content before any pixel is decoded: not empty, at most the byte limit,
 * a JPEG or PNG by its first bytes (never its name or declared type: a WebP renamed .png is refused),
 * structurally whole (lib/images.ts `imageIsComplete`), and its header's dimensions within the
 * limits. Every refusal is a 4xx with a message saying what is accepted.
 */
export async function checkPhoto(bytes: Uint8Array): Promise<CheckedPhoto> {
  if (bytes.length === 0) throw photoRefusal('empty');
  if (bytes.length > PHOTO_TRANSLATE_MAX_BYTES) {
    throw photoRefusal('tooLarge');
  }
  const format = sniffImageType(bytes, ['jpeg', 'png']);
  if (format !== 'jpeg' && format !== 'png') {
    throw photoRefusal('unsupportedType');
  }
  if (!imageIsComplete(bytes, format)) throw photoRefusal('damaged');
  let meta: Metadata;
  try {
    // The header only: nothing is decoded, so no pixel limit applies yet (checked just below).
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw photoRefusal('damaged');
  }
  if (meta.format !== format) throw photoRefusal('unsupportedType');
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width < 1 || height < 1) throw photoRefusal('damaged');
  if (
    width > PHOTO_TRANSLATE_MAX_SIDE ||
    height > PHOTO_TRANSLATE_MAX_SIDE ||
    width * height > PHOTO_TRANSLATE_MAX_PIXELS
  ) {
    throw photoRefusal('tooManyPixels');
  }
  return { format, width, height, hasAlpha: meta.hasAlpha === true };
}

/**
 * Decodes a checked photo to 8-bit sRGB pixels, EXIF orientation applied (so boxes, drawing and the
 * output all use the photo as the user sees it): RGB, or RGBA when it has transparency.
 */
export async function decodePhoto(bytes: Uint8Array, photo: CheckedPhoto): Promise<RawImage> {
  try {
    let image = sharp(bytes, { autoOrient: true, failOn: 'error', limitInputPixels: PHOTO_TRANSLATE_MAX_PIXELS })
      .toColourspace('srgb')
      .toFormat('raw', { depth: 'uchar' });
    image = photo.hasAlpha ? image.ensureAlpha() : image.removeAlpha();
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    if (info.width !== photo.width || info.height !== photo.height) throw new Error('size changed');
    return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  } catch {
    throw photoRefusal('damaged');
  }
}

/** Sets the photo's own format as the output (JPEG stays JPEG, PNG stays PNG with its alpha); sharp keeps no metadata. */
export function inPhotoFormat(image: Sharp, format: PhotoFormat): Sharp {
  return format === 'jpeg'
    ? image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    : image.png({ compressionLevel: 6 });
}

/** Encodes a picture in the photo's own format, without metadata (the upload, the result). */
export async function encodePhoto(image: Sharp, format: PhotoFormat): Promise<Buffer> {
  return inPhotoFormat(image, format).toBuffer();
}
