import { randomBytes } from 'node:crypto';
import {
  PHOTO_TRANSLATE_MAX_PIXELS,
  PHOTO_TRANSLATE_MAX_SIDE,
  PHOTO_TRANSLATE_MESSAGES,
  type PhotoTranslatePhoto,
  photoTranslatePhotoIdSchema,
} from '@polymath/shared';
import { AppError } from '../../../lib/app-error.ts';
import { reencodeImage, sniffImageType } from '../../../lib/images.ts';
import type { FileStore } from '../../../lib/storage/file-store.ts';
import { ownerFolder } from '../../../lib/storage/owner-folder.ts';
import { checkPhoto, inPhotoFormat, photoRefusal } from './photo-input.ts';

/**
 * The photos people upload to translate. Each person's live in their own folder
 * (photo-translate/<folder of the user id>/<id>.jpg|png), so an id is only ever looked up in the asking
 * person's folder: ownership needs no table. A photo is stored as its pixels alone, in its own format
 * and size (checked by content first), so its translation can keep format, size and transparency
 * and nothing of where or with what it was taken is kept or served; it is private
 * (served only to its owner), kept while translations made from it exist, and deleted with the
 * account.
 */
export const PHOTO_TRANSLATE_FOLDER = 'photo-translate';

export function photoTranslateFolder(userId: string): string {
  return ownerFolder(PHOTO_TRANSLATE_FOLDER, userId);
}

type PhotoExtension = 'jpg' | 'png';

/** The file key of a person's photo; null for an id the server never gives out. */
function photoTranslateKey(userId: string, photoId: string, ext: PhotoExtension): string | null {
  if (!photoTranslatePhotoIdSchema.safeParse(photoId).success) return null;
  return `${photoTranslateFolder(userId)}/${photoId}.${ext}`;
}

export function photoTranslateUrl(photoId: string): string {
  return `/api/photo-translate/photos/${photoId}`;
}

/**
 * Checks a photo by its content (photo-input.ts: JPEG or PNG by its first bytes, whole, at most
 * 10 MB and 8000 px / 40 MP by its header, before a pixel is decoded) and stores it re-encoded as
 * tattoo photos are (lib/images.ts `reencodeImage`): decoded once, turned upright by its EXIF
 * orientation and written again in its own format and size, with no metadata (EXIF, GPS, XMP).
 * Nothing is stored when a check fails: the AppError says what is accepted.
 */
export async function savePhotoToTranslate(
  files: FileStore,
  userId: string,
  bytes: Uint8Array,
): Promise<PhotoTranslatePhoto> {
  const photo = await checkPhoto(bytes);
  let clean: Buffer;
  try {
    clean = await reencodeImage(bytes, {
      accepted: [photo.format],
      unsupportedMessage: PHOTO_TRANSLATE_MESSAGES.unsupportedType,
      maxSide: PHOTO_TRANSLATE_MAX_SIDE,
      maxPixels: PHOTO_TRANSLATE_MAX_PIXELS,
      encode: (image) => inPhotoFormat(image, photo.format),
    });
  } catch (err) {
    // It passed the header checks above: what fails now is the decoding of a damaged file.
    if (err instanceof AppError && err.code === 'INVALID_FILE') throw photoRefusal('damaged');
    throw err;
  }
  const id = randomBytes(16).toString('base64url');
  const key = photoTranslateKey(userId, id, photo.format === 'jpeg' ? 'jpg' : 'png') as string;
  await files.put(key, clean, { contentType: photo.format === 'jpeg' ? 'image/jpeg' : 'image/png' });
  return { id, url: photoTranslateUrl(id), format: photo.format, width: photo.width, height: photo.height };
}

/** The person's photo, its type and file key, or null (another person's, gone, malformed id). */
export async function readPhotoToTranslate(
  files: FileStore,
  userId: string,
  photoId: string,
): Promise<{ bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png'; key: string } | null> {
  // The id does not say the format: a JPEG is looked for first (most photos are).
  for (const ext of ['jpg', 'png'] as const) {
    const key = photoTranslateKey(userId, photoId, ext);
    if (!key) return null;
    const bytes = await files.get(key);
    if (!bytes) continue;
    const type = sniffImageType(bytes, ['jpeg', 'png']);
    if (!type) return null;
    return { bytes, contentType: type === 'jpeg' ? 'image/jpeg' : 'image/png', key };
  }
  return null;
}

/** Removes every photo of the person (account deletion). */
export async function deleteUserPhotosToTranslate(files: FileStore, userId: string): Promise<void> {
  await files.deleteFolder(photoTranslateFolder(userId));
}
