import type { TFunction } from 'i18next';
import { sessionApi } from '../../lib/api/session-api.ts';
import { loadMoreTexts } from '../../lib/i18n/more-texts.ts';
import type { AppDispatch } from '../../lib/store/store.ts';
import { userLoadingStarted, userSignedIn, userSignedOut } from '../../lib/store/user-slice.ts';
import { toast } from '../../lib/toast/toast.ts';

/**
 * Spec §4, auth state change: loading on; no session → signed out; a password-only account whose
 * email is not verified counts as signed out; a failed session fetch → "Authentication failed" and a
 * local sign-out; a failed profile fetch → "Could not retrieve user information" and the session is
 * cleared; otherwise the token (with its expiry) and the profile are stored. Loading off at the end.
 */
export async function loadCurrentUser(dispatch: AppDispatch, t: TFunction, options: { showLoading?: boolean } = {}) {
  if (options.showLoading) dispatch(userLoadingStarted());
  const session = await dispatch(
    sessionApi.endpoints.getSession.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
  if (session.error) {
    // The error texts are not on the first screen (B7): loaded before the message is made.
    await loadMoreTexts().catch(() => undefined);
    toast.error(t('errors:authenticationFailed'));
    dispatch(userSignedOut());
    return null;
  }
  if (!session.data) {
    dispatch(userSignedOut());
    return null;
  }
  const me = await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }));
  if (me.error || !me.data) {
    await loadMoreTexts().catch(() => undefined);
    toast.error(t('errors:couldNotRetrieveUser'));
    // Only a server that answered ends the session there; a request that never got an answer (the
    // page being left, the network gone) must not sign the person out everywhere.
    const answered = me.error && 'status' in me.error && typeof me.error.status === 'number';
    if (answered || !me.error) await dispatch(sessionApi.endpoints.signOut.initiate());
    dispatch(userSignedOut());
    return null;
  }
  const user = me.data;
  const passwordOnly = user.providers.length > 0 && user.providers.every((p) => p === 'credential');
  if (passwordOnly && !user.emailVerified) {
    dispatch(userSignedOut());
    return null;
  }
  // The expiry is on the server's clock; moved onto this browser's, a wrong browser clock does not matter.
  const expiresAt = Date.parse(session.data.session.expiresAt) - session.data.serverClockAheadMs;
  dispatch(userSignedIn({ user, token: { value: session.data.session.id, expiresAt } }));
  return user;
}

/** A session that cannot be extended has ended: signed out on the server and here, with no error. */
export async function endSession(dispatch: AppDispatch): Promise<void> {
  await dispatch(sessionApi.endpoints.signOut.initiate());
  dispatch(userSignedOut());
}
