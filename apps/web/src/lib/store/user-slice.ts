import type { Profile } from '@polymath/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type CurrentUser = Profile;

/** The session's expiry as the client knows it; the value is opaque (the cookie is httpOnly). */
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

/** Spec §9: the token is renewed 5 minutes before it expires. */
export const TOKEN_RENEW_BEFORE_MS = 5 * 60 * 1000;

/** Timers take at most 2^31-1 ms (~24.8 days); a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function renewDelay(token: TokenState, now: number = Date.now()): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, token.expiresAt - TOKEN_RENEW_BEFORE_MS - now));
}
