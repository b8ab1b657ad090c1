import type { PhotoTranslatePhoto } from '@polymath/shared';
import { baseApi } from '../../../lib/api/base-api.ts';

/** The photo to translate: uploaded once, then named by its id in the chat's tool inputs. */
export const photoTranslateApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    uploadPhotoToTranslate: build.mutation<PhotoTranslatePhoto, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/photo-translate/photos', method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadPhotoToTranslateMutation } = photoTranslateApi;

/** The photo's address for its owner (the id came from the upload). */
export const photoToTranslateUrl = (id: string) => `/api/photo-translate/photos/${encodeURIComponent(id)}`;
