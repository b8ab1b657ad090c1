import type { Profile } from '@polymath/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type CurrentUser = Profile;

/**
 * The session as the client knows it: its id (opaque; the cookie is httpOnly) and when it ends, on
 * this browser's clock (the server's expiry moved by the difference between the two clocks).
 */
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
    userUpdated(state, action: PayloadAction<CurrentUser>) {
      state.currentUser = action.payload;
    },
    tokenRenewed(state, action: PayloadAction<TokenState>) {
      state.token = action.payload;
    },
    userSignedOut(state) {
      state.currentUser = null;
      state.token = null;
      state.isLoadingUser = false;
    },
  },
});

export const { userLoadingStarted, userSignedIn, userUpdated, tokenRenewed, userSignedOut } = userSlice.actions;

/** Spec §3: the token is valid while its expiry time is in the future. */
export function isTokenValid(token: TokenState | null, now: number = Date.now()): boolean {
  return token !== null && token.expiresAt > now;
}
