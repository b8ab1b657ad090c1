import type { Profile } from '@polymath/shared';
import type { AppDispatch } from '../store/store.ts';
import { userUpdated } from '../store/user-slice.ts';
import { baseApi } from './base-api.ts';

type SessionBody = { session: { id: string; expiresAt: string }; user: { id: string; email: string } } | null;

/**
 * The session as the server answered it, with how far the server's clock is ahead of this browser's
 * (from the answer's Date header; 0 without one): the session's expiry is on the server's clock.
 */
export type SessionInfo = (NonNullable<SessionBody> & { serverClockAheadMs: number }) | null;

/** The server's clock against this browser's, from the Date header of an answer just received. */
export function serverClockAhead(response: Response | undefined, now: number = Date.now()): number {
  const serverNow = Date.parse(response?.headers.get('date') ?? '');
  return Number.isNaN(serverNow) ? 0 : serverNow - now;
}

/** The session and profile calls every feature may need (features do not import each other). */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionInfo, void>({
      query: () => ({ url: '/auth/get-session', cache: 'no-store' }),
      transformResponse: (body: SessionBody, meta) =>
        body && { ...body, serverClockAheadMs: serverClockAhead(meta?.response) },
    }),
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
