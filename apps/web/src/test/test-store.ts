import type { Profile } from '@polymath/shared';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../lib/api/base-api.ts';
import { chatSlice } from '../lib/store/chat-slice.ts';
import { dialogsSlice } from '../lib/store/dialogs-slice.ts';
import { userSignedIn, userSignedOut, userSlice } from '../lib/store/user-slice.ts';

/** A verified password account on the free plan; tests override what they need. */
export const TEST_PROFILE: Profile = {
  id: 'u1',
  email: 'ada@example.com',
  emailVerified: true,
  displayName: 'Ada',
  firstName: null,
  lastName: null,
  profilePhotoUrl: null,
  accessLevel: 'free',
  plan: 'free',
  providers: ['credential'],
  locale: 'en',
};

/**
 * The API, chat, user and dialogs slices as the app wires them (no persistence, no cross-tab sync),
 * signed in as `user`, or signed out with null.
 */
export function createTestStore(user: Profile | null = TEST_PROFILE) {
  const store = configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      chat: chatSlice.reducer,
      user: userSlice.reducer,
      dialogs: dialogsSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  store.dispatch(user ? userSignedIn({ user, token: null }) : userSignedOut());
  return store;
}
