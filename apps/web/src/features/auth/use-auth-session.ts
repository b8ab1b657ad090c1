import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { renewDelay } from '../../lib/store/user-slice.ts';
import { loadCurrentUser } from './auth-session.ts';

/**
 * Loads the user once at start, then renews the session 5 minutes before it expires (spec §9) so an
 * active user is never signed out mid-use. Another tab's sign-in or sign-out arrives as a synced
 * user action, so nothing here listens for it.
 */
export function useAuthSession(): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.user.token);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per page; t changes with the language
  useEffect(() => {
    void loadCurrentUser(dispatch, t);
  }, [dispatch]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reschedule only when the token changes
  useEffect(() => {
    if (!token) return;
    const timer = window.setTimeout(() => void loadCurrentUser(dispatch, t), renewDelay(token));
    return () => window.clearTimeout(timer);
  }, [token, dispatch]);
}
