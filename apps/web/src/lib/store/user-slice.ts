import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AccessLevel = 'free' | 'pro';

export type CurrentUser = {
  id: string;
  email: string;
  displayName: string | null;
  profilePhotoUrl: string | null;
  accessLevel: AccessLevel;
};

export type TokenState = { value: string; expiresAt: number };

/** Spec §3: currentUser, token, isLoadingUser (initially true). */
export type UserState = {
  currentUser: CurrentUser | null;
  token: TokenState | null;
  isLoadingUser: boolean;
};

const initialState: UserState = { currentUser: null, token: null, isLoadingUser: true };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    userLoadingStarted(state) {
      state.isLoadingUser = true;
    },
    userSignedIn(state, action: PayloadAction<{ user: CurrentUser; token: TokenState | null }>) {
      state.currentUser = action.payload.user;
      state.token = action.payload.token;
      state.isLoadingUser = false;
    },
    userSignedOut(state) {
      state.currentUser = null;
      state.token = null;
      state.isLoadingUser = false;
    },
  },
});

export const { userLoadingStarted, userSignedIn, userSignedOut } = userSlice.actions;

/** Spec §3: the token is valid while its expiry time is in the future. */
export function isTokenValid(token: TokenState | null, now: number = Date.now()): boolean {
  return token !== null && token.expiresAt > now;
}
