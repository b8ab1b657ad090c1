import type { TattooPhoto } from '@polymath/shared';
import { baseApi } from '../../../lib/api/base-api.ts';

/** The photo of the body part: uploaded once, then named by its id in the chat's tool inputs. */
export const tattooApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    uploadTattooPhoto: build.mutation<TattooPhoto, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/tattoo/photos', method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadTattooPhotoMutation } = tattooApi;
