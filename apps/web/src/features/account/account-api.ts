import type { UpdateProfileInput } from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/** The account's calls (/api/me): each changes the signed-in user's own account only. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<unknown, UpdateProfileInput>({
      query: (body) => ({ url: '/me', method: 'PATCH', body }),
      invalidatesTags: ['Me'],
    }),
    uploadPhoto: build.mutation<unknown, File>({
      query: (file) => {
        const body = new FormData();
        body.append('photo', file);
        return { url: '/me/photo', method: 'POST', body };
      },
      invalidatesTags: ['Me'],
    }),
    deletePhoto: build.mutation<unknown, void>({
      query: () => ({ url: '/me/photo', method: 'DELETE' }),
      invalidatesTags: ['Me'],
    }),
    sendVerification: build.mutation<unknown, void>({
      query: () => ({ url: '/me/verification-email', method: 'POST' }),
    }),
    sendChangePasswordEmail: build.mutation<unknown, void>({
      query: () => ({ url: '/me/change-password-email', method: 'POST' }),
    }),
    unlinkConnection: build.mutation<unknown, string>({
      query: (provider) => ({ url: `/me/connections/${encodeURIComponent(provider)}`, method: 'DELETE' }),
      invalidatesTags: ['Me'],
    }),
    deleteAccount: build.mutation<unknown, void>({
      query: () => ({ url: '/me', method: 'DELETE', body: { confirm: true } }),
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUploadPhotoMutation,
  useDeletePhotoMutation,
  useSendVerificationMutation,
  useSendChangePasswordEmailMutation,
  useUnlinkConnectionMutation,
  useDeleteAccountMutation,
} = accountApi;
