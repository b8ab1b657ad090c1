import { randomBytes } from 'node:crypto';
import {
  TATTOO_PHOTO_MAX_BYTES,
  TATTOO_PHOTO_MAX_PIXELS,
  TATTOO_PHOTO_MAX_SIDE,
  TATTOO_PHOTO_MESSAGES,
  type TattooPhoto,
  type TattooPhotoRefusal,
  tattooPhotoIdSchema,
} from '@polymath/shared';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error.ts';
import { imageInfo, imageIsComplete, reencodeImage, sniffImageType } from '../../../lib/images.ts';
import type { FileStore } from '../../../lib/storage/file-store.ts';
import { ownerFolder } from '../../../lib/storage/owner-folder.ts';

/**
 * The photos of a body part people upload to see a tattoo on. Each person's live in their own
 * folder (tattoo-photos/<folder of the user id>/<id>.jpg), so a photo id is only ever looked up in
 * the asking person's folder: ownership needs no table. They are private (served only to their
 * owner), kept while images made from them exist, and deleted with the account.
 */
export const TATTOO_PHOTO_FOLDER = 'tattoo-photos';
/** Stored photos are at most this long on their long side (the image models take 1536 px). */
export const TATTOO_PHOTO_STORED_SIDE = 2048;

export function tattooPhotoFolder(userId: string): string {
  return ownerFolder(TATTOO_PHOTO_FOLDER, userId);
}

/** The file key of a person's photo; the id must be one the server gave out. */
export function tattooPhotoKey(userId: string, photoId: string): string {
  if (!tattooPhotoIdSchema.safeParse(photoId).success) throw new AppError('NOT_FOUND', 'Photo not found.');
  return `${tattooPhotoFolder(userId)}/${photoId}.jpg`;
}

export function tattooPhotoUrl(photoId: string): string {
  return `/api/tattoo/photos/${photoId}`;
}

function refuse(reason: TattooPhotoRefusal): AppError {
  return new AppError(reason === 'tooLarge' ? 'PAYLOAD_TOO_LARGE' : 'INVALID_FILE', TATTOO_PHOTO_MESSAGES[reason], {
    reason,
  });
}

/**
 * Checks a photo by its content and stores it re-encoded: not empty, at most 10 MB, a JPEG, PNG or
 * WebP by its first bytes (never its name or declared type), a whole file, dimensions read from the
 * header and bounded before a pixel is decoded; then decoded once with its EXIF orientation
 * applied, scaled to at most 2048 px, and written as a JPEG without any metadata (EXIF, GPS).
 * Nothing is stored when any check fails.
 */
export async function saveTattooPhoto(files: FileStore, userId: string, bytes: Uint8Array): Promise<TattooPhoto> {
  if (bytes.length === 0) throw refuse('empty');
  if (bytes.length > TATTOO_PHOTO_MAX_BYTES) throw refuse('tooLarge');
  const type = sniffImageType(bytes, ['jpeg', 'png', 'webp']);
  if (!type) throw refuse('unsupportedType');
  if ((type === 'jpeg' || type === 'png') && !imageIsComplete(bytes, type)) throw refuse('damaged');
  const info = await imageInfo(bytes);
  if (!info) throw refuse('damaged');
  if (
    info.width > TATTOO_PHOTO_MAX_SIDE ||
    info.height > TATTOO_PHOTO_MAX_SIDE ||
    info.width * info.height > TATTOO_PHOTO_MAX_PIXELS
  ) {
    throw refuse('tooManyPixels');
  }
  let jpeg: Buffer;
  try {
    jpeg = await reencodeImage(bytes, {
      accepted: ['jpeg', 'png', 'webp'],
      unsupportedMessage: TATTOO_PHOTO_MESSAGES.unsupportedType,
      maxSide: TATTOO_PHOTO_MAX_SIDE,
      maxPixels: TATTOO_PHOTO_MAX_PIXELS,
      encode: (image) =>
        image
          .resize(TATTOO_PHOTO_STORED_SIDE, TATTOO_PHOTO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
          // A transparent PNG shows on white, as it would on a page.
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 90, mozjpeg: true }),
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID_FILE') throw refuse('damaged');
    throw err;
  }
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const id = randomBytes(16).toString('base64url');
  await files.put(tattooPhotoKey(userId, id), jpeg, { contentType: 'image/jpeg' });
  return { id, url: tattooPhotoUrl(id), width, height };
}

/** The bytes of the person's photo, or null (another person's, gone, malformed id). */
export async function readTattooPhoto(files: FileStore, userId: string, photoId: string): Promise<Uint8Array | null> {
  if (!tattooPhotoIdSchema.safeParse(photoId).success) return null;
  return files.get(tattooPhotoKey(userId, photoId));
}

/** Removes every photo of the person (account deletion). */
export async function deleteUserTattooPhotos(files: FileStore, userId: string): Promise<void> {
  await files.deleteFolder(tattooPhotoFolder(userId));
}
