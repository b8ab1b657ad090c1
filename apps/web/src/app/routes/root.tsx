import { lazy, Suspense, useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { usePageViews } from '../../features/analytics/use-page-views.ts';
import { useAuthSession } from '../../features/auth/use-auth-session.ts';
import { useGetPublicConfigQuery } from '../../lib/api/base-api.ts';
import { useAppSelector } from '../../lib/store/store.ts';
import { Overlays } from '../overlays.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

// The consent banner and the tags' loader: a chunk fetched only where an operator configured them (B7).
const TrackingTags = lazy(() => import('../../features/analytics/tracking-tags.tsx'));

/** The root of every route: page views, the tags (with consent), the user, overlays. */
export function Component() {
  // The whole app appears once the user is known. A store change renders at once and in one piece
  // (useSyncExternalStore), which for the whole tree is a long task just after the first paint (B8:
  // total blocking time); the deferred value renders it as a transition, which yields to the browser.
  const isLoadingUser = useDeferredValue(useAppSelector((s) => s.user.isLoadingUser));
  const { data: config } = useGetPublicConfigQuery();
  usePageViews();
  useAuthSession();
  useDocumentTitle();

  return (
    <>
      {isLoadingUser ? <LoadingPlaceholder fixed /> : <Outlet />}
      <Overlays />
      {config?.gtmId || config?.adPixelId ? (
        <Suspense fallback={null}>
          <TrackingTags config={config} />
        </Suspense>
      ) : null}
    </>
  );
}
