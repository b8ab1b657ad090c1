import { TATTOO_PHOTO_MAX_BYTES, TATTOO_PHOTO_MESSAGES, tattooPhotoSchema } from '@polymath/shared';
import type { Auth } from '../../auth/index.ts';
import { photoUploadRoutes } from '../photo-upload.routes.ts';
import { readTattooPhoto, saveTattooPhoto } from './tattoo-photos.service.ts';

/**
 * /api/tattoo/photos: upload a photo of the body part (POST, multipart field "file") and get it back
 * (GET /:id, only its owner; anyone else gets 404 as for a missing one).
 */
export function tattooPhotoRoutes(auth: Auth) {
  return photoUploadRoutes(auth, {
    tag: 'tattoo-generator',
    summary: 'Upload a photo of where the tattoo goes (multipart field "file": JPEG, PNG or WebP, at most 10 MB)',
    description:
      'Checked by content (type by magic bytes, dimensions from the header before decoding: at most 8000 px a side ' +
      'and 40 MP), turned by its EXIF orientation, re-encoded as a JPEG of at most 2048 px without metadata and ' +
      'stored under a server-chosen id, which the chat request names in toolInput.photoId.',
    maxBytes: TATTOO_PHOTO_MAX_BYTES,
    tooLarge: { message: TATTOO_PHOTO_MESSAGES.tooLarge, details: { reason: 'tooLarge' } },
    stored: tattooPhotoSchema,
    save: saveTattooPhoto,
    read: async (files, userId, id) => {
      const bytes = await readTattooPhoto(files, userId, id);
      return bytes ? { bytes, contentType: 'image/jpeg' } : null;
    },
  });
}
