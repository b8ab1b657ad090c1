import { useRef } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { useAppSelector } from '../../lib/store/store.ts';

/** Only same-site paths are followed after sign-in (never `//host` or a full URL). */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Signed-in only: visitors go to sign-in and come back here afterwards. Someone who signs out
 * here (deleting the account, signing out, or in another tab) goes to the chat instead: the guard
 * decides this itself, so sign-out code never races the redirect.
 */
export function RequireUser() {
  const { currentUser, isLoadingUser } = useAppSelector((s) => s.user);
  const location = useLocation();
  const wasSignedIn = useRef(false);
  if (currentUser) wasSignedIn.current = true;
  if (isLoadingUser) return <LoadingPlaceholder fixed />;
  if (!currentUser && wasSignedIn.current) return <Navigate to="/web-main" replace />;
  if (!currentUser) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet />;
}

/** Signed-out only: a signed-in person is sent on (a password-reset link still opens). */
export function RequireGuest() {
  const currentUser = useAppSelector((s) => s.user.currentUser);
  const [params] = useSearchParams();
  if (currentUser && !params.get('token'))
    return <Navigate to={safeRedirect(params.get('redirect')) ?? '/web-main'} replace />;
  return <Outlet />;
}
