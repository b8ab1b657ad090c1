import sharp from 'sharp';
import { MAX_INPUT_PIXELS, sniffImageType } from '../../lib/images.ts';
import { ImageGenerationError } from './image-errors.ts';

/** A picture made for a request: checked by content, its size read from the decoded pixels. */
export type GeneratedImage = {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
};

const MEDIA_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** Photos sent for an edit are at most this long on their long side (phones take 4000 px and more). */
export const EDIT_MAX_SIDE = 1536;

/**
 * Checks what a provider sent by content: PNG, JPEG or WebP by its first bytes, the decoder agreeing,
 * and every pixel decoding (a cut-off file fails here, not in someone's browser). Anything else is
 * `malformed`.
 */
export async function checkGeneratedImage(bytes: Uint8Array): Promise<GeneratedImage> {
  const type = sniffImageType(bytes, ['png', 'jpeg', 'webp']);
  if (!type || type === 'gif') {
    throw new ImageGenerationError('malformed', 'The image provider sent data that is not a PNG, JPEG or WebP image.');
  }
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    const { info } = await image.raw().toBuffer({ resolveWithObject: true });
    if (meta.format !== type || info.width < 1 || info.height < 1) throw new Error('format mismatch');
    return { bytes, mediaType: MEDIA_TYPES[type], width: info.width, height: info.height };
  } catch (err) {
    throw new ImageGenerationError('malformed', 'The image provider sent an image that cannot be decoded.', {
      cause: err,
    });
  }
}

/** A photo to edit, ready to send: oriented, at most EDIT_MAX_SIDE, PNG. */
export type PreparedPhoto = { png: Buffer; width: number; height: number };

export async function preparePhoto(bytes: Uint8Array): Promise<PreparedPhoto> {
  if (!sniffImageType(bytes, ['png', 'jpeg', 'webp'])) {
    throw new ImageGenerationError('failed', 'The photo to edit is not a PNG, JPEG or WebP image.', {
      retryable: false,
    });
  }
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
      .resize(EDIT_MAX_SIDE, EDIT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageGenerationError('failed', 'The photo to edit cannot be decoded.', { cause: err, retryable: false });
  }
}

/**
 * A mask's alpha at the photo's size, one byte per pixel: 0 where the picture may change, 255 where
 * it must stay. A mask without an alpha channel is read by brightness instead: white may change.
 */
export async function maskAlpha(mask: Uint8Array, width: number, height: number): Promise<Buffer> {
  try {
    const meta = await sharp(mask, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // Nearest neighbour: a mask scaled to the photo keeps its hard edges, so "opaque" stays exact.
    const image = sharp(mask, { limitInputPixels: MAX_INPUT_PIXELS }).resize(width, height, {
      fit: 'fill',
      kernel: 'nearest',
    });
    return meta.hasAlpha
      ? await image.ensureAlpha().extractChannel('alpha').raw().toBuffer()
      : await image.greyscale().negate().extractChannel(0).raw().toBuffer();
  } catch (err) {
    throw new ImageGenerationError('failed', 'The mask is not an image.', { cause: err, retryable: false });
  }
}

/** The mask as the OpenAI image API wants it: a PNG of the photo's size whose alpha marks what may change. */
export async function maskPng(alpha: Buffer, width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < alpha.length; i++) rgba[i * 4 + 3] = alpha[i] ?? 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * Puts the photo back wherever the mask says it must stay, over an edited picture resized to the
 * photo's size (cropped to its shape, never stretched). Models that take no mask (Gemini, xAI) and
 * models that take it as a hint only still leave the protected part of the photo untouched.
 */
export async function restoreOutsideMask(edited: Uint8Array, photo: PreparedPhoto, alpha: Buffer): Promise<Buffer> {
  const { width, height } = photo;
  const pixels = await sharp(photo.png).removeAlpha().raw().toBuffer();
  const keep = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    keep[i * 4] = pixels[i * 3] ?? 0;
    keep[i * 4 + 1] = pixels[i * 3 + 1] ?? 0;
    keep[i * 4 + 2] = pixels[i * 3 + 2] ?? 0;
    keep[i * 4 + 3] = alpha[i] ?? 255;
  }
  const base = await sharp(edited).resize(width, height, { fit: 'cover' }).removeAlpha().toBuffer();
  return sharp(base)
    .composite([{ input: keep, raw: { width, height, channels: 4 } }])
    .png()
    .toBuffer();
}
