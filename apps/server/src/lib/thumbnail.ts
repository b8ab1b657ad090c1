import sharp from 'sharp';
import { IMAGE_TYPES, reencodeImage } from './images.ts';

/** The long side of a thumbnail unless the caller asks for another. */
export const THUMBNAIL_MAX_SIDE = 512;

export type Thumbnail = { bytes: Buffer; width: number; height: number; mediaType: 'image/webp' };

/**
 * A WebP thumbnail of an image (JPEG, PNG, WebP or GIF), made once when the image is stored: at most
 * `maxSide` pixels on the long side (never scaled up), first frame only, turned by its EXIF
 * orientation, without any metadata. The input goes through the same checks as an upload
 * (reencodeImage: type by content, dimensions bounded before decoding), so anything else is
 * INVALID_FILE.
 */
export async function makeThumbnail(bytes: Uint8Array, options: { maxSide?: number } = {}): Promise<Thumbnail> {
  const maxSide = options.maxSide ?? THUMBNAIL_MAX_SIDE;
  if (!Number.isInteger(maxSide) || maxSide < 16 || maxSide > 4096) {
    throw new RangeError('maxSide must be a whole number from 16 to 4096');
  }
  const webp = await reencodeImage(bytes, {
    accepted: IMAGE_TYPES,
    unsupportedMessage: 'The file is not a JPEG, PNG, WebP or GIF image.',
    encode: (image) =>
      image.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }),
  });
  const { width, height } = await sharp(webp).metadata();
  return { bytes: webp, width, height, mediaType: 'image/webp' };
}
