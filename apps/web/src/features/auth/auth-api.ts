import type { Locale } from '@polymath/shared';
import { baseApi } from '../../lib/api/base-api.ts';

/** The auth forms' calls to better-auth under /api/auth (session and profile: lib/api/session-api). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signInEmail: build.mutation<unknown, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/sign-in/email', method: 'POST', body: { ...body, rememberMe: true } }),
    }),
    signUpEmail: build.mutation<unknown, { name: string; email: string; password: string; locale: Locale }>({
      query: (body) => ({
        url: '/auth/sign-up/email',
        method: 'POST',
        body: { ...body, callbackURL: '/sign-in?verified=1' },
      }),
    }),
    sendVerificationEmail: build.mutation<unknown, { email: string }>({
      query: (body) => ({
        url: '/auth/send-verification-email',
        method: 'POST',
        body: { ...body, callbackURL: '/sign-in?verified=1' },
      }),
    }),
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: (body) => ({
        url: '/auth/request-password-reset',
        method: 'POST',
        body: { ...body, redirectTo: '/forgot-password' },
      }),
    }),
    resetPassword: build.mutation<unknown, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useSignInEmailMutation,
  useSignUpEmailMutation,
  useSendVerificationEmailMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = authApi;
