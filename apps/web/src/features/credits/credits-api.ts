import type { Credits } from '@polymath/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { baseApi } from '../../lib/api/base-api.ts';
import { useAppSelector } from '../../lib/store/store.ts';

/** GET /api/credits: today's allowance of the signed-in user. Invalidate 'Credits' after sending a message. */
export const creditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCredits: build.query<Credits, void>({
      query: () => '/credits',
      providesTags: ['Credits'],
    }),
  }),
});

export const { useGetCreditsQuery } = creditsApi;

/** The credits of the signed-in user; no request at all for a signed-out visitor. */
export function useCredits() {
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  return useGetCreditsQuery(signedIn ? undefined : skipToken);
}
