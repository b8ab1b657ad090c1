import { PHOTO_TRANSLATE_MAX_BYTES, PHOTO_TRANSLATE_MESSAGES, photoTranslatePhotoSchema } from '@polymath/shared';
import type { Auth } from '../../auth/index.ts';
import { photoUploadRoutes } from '../photo-upload.routes.ts';
import { readPhotoToTranslate, savePhotoToTranslate } from './photo-translate-photos.service.ts';

/**
 * /api/photo-translate/photos: upload a photo to translate (POST, multipart field "file") and get it
 * back (GET /:id, only its owner; anyone else gets 404 as for a missing one).
 */
export function photoTranslatePhotoRoutes(auth: Auth) {
  return photoUploadRoutes(auth, {
    tag: 'photo-translate',
    summary: 'Upload a photo to translate (multipart field "file": JPEG, JPG or PNG, at most 10 MB)',
    description:
      'Checked by content (type by magic bytes, a whole file, dimensions from the header before decoding: at ' +
      'most 8000 px a side and 40 MP), re-encoded in its own format and size (turned upright by its EXIF ' +
      'orientation, no metadata: EXIF, GPS, XMP) and stored under a server-chosen id, which the chat request ' +
      'names in toolInput.photoId.',
    maxBytes: PHOTO_TRANSLATE_MAX_BYTES,
    tooLarge: { message: PHOTO_TRANSLATE_MESSAGES.tooLarge, details: { reason: 'tooLarge' } },
    stored: photoTranslatePhotoSchema,
    save: savePhotoToTranslate,
    read: readPhotoToTranslate,
  });
}
