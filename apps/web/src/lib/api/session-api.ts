import type { Profile } from '@polymath/shared';
import type { AppDispatch } from '../store/store.ts';
import { userUpdated } from '../store/user-slice.ts';
import { baseApi } from './base-api.ts';

export type SessionInfo = { session: { id: string; expiresAt: string }; user: { id: string; email: string } } | null;

/** The session and profile calls every feature may need (features do not import each other). */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionInfo, void>({ query: () => ({ url: '/auth/get-session', cache: 'no-store' }) }),
    getMe: build.query<Profile, void>({ query: () => '/me', providesTags: ['Me'] }),
    signOut: build.mutation<unknown, void>({ query: () => ({ url: '/auth/sign-out', method: 'POST', body: {} }) }),
  }),
});

export const { useSignOutMutation } = sessionApi;

/** Re-reads the profile after a change and puts it in the user state; false when it failed. */
export async function refreshProfile(dispatch: AppDispatch): Promise<boolean> {
  const me = await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }));
  if (me.data) dispatch(userUpdated(me.data));
  return Boolean(me.data);
}
