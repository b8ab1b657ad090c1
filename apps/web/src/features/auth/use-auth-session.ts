import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { endSession, loadCurrentUser } from './auth-session.ts';
import { afterStep, planRenewal, type RenewalHistory } from './session-renewal.ts';

/**
 * Loads the user once at start, then renews the session 5 minutes before it expires (spec §9) so an
 * active user is never signed out mid-use, and signs out cleanly once it cannot be extended
 * (session-renewal.ts). Another tab's sign-in, renewal or sign-out arrives as a synced user action,
 * so nothing here listens for it.
 */
export function useAuthSession(): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.user.token);
  const history = useRef<RenewalHistory>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per page; t changes with the language
  useEffect(() => {
    void loadCurrentUser(dispatch, t);
  }, [dispatch]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reschedule only when the token changes
  useEffect(() => {
    if (!token) {
      history.current = null;
      return;
    }
    const step = planRenewal(token, history.current, Date.now());
    const timer = window.setTimeout(() => {
      history.current = afterStep(history.current, token, step);
      if (step.action === 'sign-out') void endSession(dispatch);
      else void loadCurrentUser(dispatch, t);
    }, step.delay);
    return () => window.clearTimeout(timer);
  }, [token, dispatch]);
}
